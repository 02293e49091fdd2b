// An experiment on "the script of step 1" while that script still runs on its
// fixed port: each round's copy could not listen beside it. The experiment
// stops the earlier copy once and goes on; without such a copy, a server that
// never listened says so in a sentence that asks about the port.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFlambeService } from '../../../electron/services/service.ts';
import type { FlambeEvent } from '../../../shared/api.ts';
import { repo, waitFor } from '../../helpers/demo.ts';

const script = path.join(repo, 'test/fixtures/fixed-port/server.cjs');
const service = createFlambeService({ libraryPath: path.join(mkdtempSync(path.join(tmpdir(), 'flambe-twin-')), 'library.sqlite') });
const events: FlambeEvent[] = [];
service.onEvent((e) => events.push(e));
afterAll(() => service.dispose());

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

describe('an experiment on a script whose earlier copy holds its port', () => {
  it('stops the earlier copy once, says so, and runs every round', async () => {
    const port = String(await freePort());
    const first = await service.api.launchTarget({ script, env: { PORT: port } });
    await waitFor(async () => (await service.api.getTarget({ targetId: first.targetId })).listeningPorts.length > 0 || null, 10_000, 'the first copy listens');

    // A second copy alone cannot start, and the sentence asks about the port.
    await expect(service.api.launchTarget({ script, env: { PORT: port } })).rejects.toThrow(/exited with code 0 as it started, without listening on a port: is it a server, and is its port free/);

    const { experimentId } = await service.api.startExperiment({
      target: { kind: 'launch', launch: { script, env: { PORT: port } } }, differ: { kind: 'env', a: { SLOW: '0' }, b: { SLOW: '1' } },
      rounds: 1, load: { url: `http://127.0.0.1:${port}/`, connections: 2, durationSec: 1 }, warmupSec: 0, profile: false, seed: 3,
    });
    await waitFor(() => events.find((e) => e.name === 'experimentDone' && e.payload.experimentId === experimentId), 60_000, 'experimentDone');
    const exp = await service.api.getExperiment({ id: experimentId });
    expect(exp.error).toBeNull();
    expect(exp.rounds.map((r) => r.complete)).toEqual([true, true]);
    await expect(service.api.getTarget({ targetId: first.targetId })).rejects.toThrow(/no longer available/);
    const said = events.filter((e) => e.name === 'experimentProgress' && e.payload.experimentId === experimentId).map((e) => (e.payload as { message: string }).message);
    expect(said.filter((m) => /stopping \S*server\.cjs \(pid \d+\), started earlier: a second copy could not start beside it/.test(m)).length).toBe(1);
  }, 90_000);
});
