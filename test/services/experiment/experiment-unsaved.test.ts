// A round whose recording the library could not save still belongs to the
// experiment: it counts in the statistics and is listed, marked notSaved —
// it does not vanish from the rounds the verdict was computed from.
import { describe, expect, it } from 'vitest';
import { experimentSpecSchema } from '../../../shared/api.ts';
import { startExperiment } from '../../../electron/services/experiment/runner.ts';
import { makeRecording } from '../../helpers/profiles.ts';

describe('an experiment whose round could not be saved', () => {
  it('keeps the round, marked notSaved', async () => {
    const spec = experimentSpecSchema.parse({
      target: { kind: 'none' }, differ: { kind: 'url', a: 'http://127.0.0.1:1/a', b: 'http://127.0.0.1:1/b' },
      rounds: 2, load: { url: 'http://127.0.0.1:1/a', durationSec: 1 }, warmupSec: 0, profile: false, seed: 2,
    });
    const recorded: string[] = [];
    const handle = startExperiment(spec, {
      api: {
        launchTarget: async () => { throw new Error('no launch in a load-only experiment'); },
        getTarget: async () => { throw new Error('no target'); },
        stopTarget: async () => undefined,
        listTargets: async () => ({ targets: [] }),
        stopRecording: async () => undefined,
        demoServer: async () => ({ script: '/nowhere/demo.js', cwd: '/nowhere', running: false, url: null }),
      } as never,
      record: () => {
        const rec = makeRecording({ profile: null });
        recorded.push(rec.id);
        return { id: rec.id, finished: Promise.resolve(rec) };
      },
      onEvent: () => () => undefined,
      progress: () => undefined,
      save: () => true,
      // The second round's recording could not be saved.
      isSaved: (id) => id !== recorded[1],
    });
    const exp = await handle.done;
    expect(exp.error).toBeNull();
    expect(exp.rounds.map((r) => r.notSaved ?? false)).toEqual([false, true, false, false]);
    expect(exp.comparison?.rounds).toBe(2);
  });
});
