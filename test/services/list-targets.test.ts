// After a page reload the UI must find the target it launched, with its
// console (issue 9 item 17): the service lists the targets it holds, each
// with the tail of its output.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFlambeService } from '../../electron/services/service.ts';
import { apiInputSchemas } from '../../shared/api.ts';
import { waitFor } from '../helpers/demo.ts';

const service = createFlambeService();
afterAll(() => service.dispose());

describe('listTargets', () => {
  it('lists a launched target with what it printed, and forgets it once stopped', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'flambe-list-targets-'));
    const script = path.join(dir, 'server.js');
    writeFileSync(script, `const s = require('http').createServer((q, r) => r.end('ok')).listen(0, '127.0.0.1', () => console.log('listening on ' + s.address().port));`);
    expect(apiInputSchemas.listTargets.parse(undefined)).toEqual({});
    expect(await service.api.listTargets({})).toEqual({ targets: [] });
    const t = await service.api.launchTarget({ script });
    const listed = await waitFor(async () => {
      const { targets } = await service.api.listTargets({});
      return targets[0]?.output.some((o) => o.text.includes('listening on')) ? targets : null;
    }, 10_000, 'the output to be listed');
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ targetId: t.targetId, kind: 'launched', running: true, pid: t.pid });
    expect(listed[0].listeningPorts.length).toBe(1);
    await service.api.stopTarget({ targetId: t.targetId });
    expect(await service.api.listTargets({})).toEqual({ targets: [] });
  });
});
