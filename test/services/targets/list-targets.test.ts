// After a page reload the UI must find the target it launched, with its
// console (issue 9 item 17): the service lists the targets it holds, each
// with the tail of its output.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFlambeService } from '../../../electron/services/service.ts';
import { apiInputSchemas, recordRequestSchema, type FlambeEvent } from '../../../shared/api.ts';
import { waitFor } from '../../helpers/demo.ts';

const service = createFlambeService();
const events: FlambeEvent[] = [];
service.onEvent((e) => events.push(e));
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

describe('a run launched with env or arguments (item 19)', () => {
  it('keeps them with the target and puts them in the default name', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'flambe-env-name-'));
    const script = path.join(dir, 'server.js');
    writeFileSync(script, `require('http').createServer((q, r) => r.end(process.env.LOG ?? '-')).listen(0, '127.0.0.1');`);
    const t = await service.api.launchTarget({ script, env: { LOG: '1' }, args: ['--fast'] });
    const url = await waitFor(async () => (await service.api.getTarget({ targetId: t.targetId })).suggestedUrls[0], 10_000, 'port');
    const { recordingId } = await service.api.startRecording(recordRequestSchema.parse({ targetId: t.targetId, load: { url, requests: 100, connections: 2 }, warmupSec: 0 }));
    await waitFor(() => events.find((e) => e.name === 'recordingDone' && e.payload.recordingId === recordingId), 30_000, 'the recording');
    const rec = await service.api.getRecording({ id: recordingId });
    expect(rec.target).toMatchObject({ env: { LOG: '1' }, args: ['--fast'] });
    expect(rec.name).toMatch(/^GET \/ · LOG=1 --fast · \d{4}-/);
    await service.api.stopTarget({ targetId: t.targetId });
  });
});
