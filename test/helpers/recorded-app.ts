// One app launched under Flambé's service for a test file, recorded route by
// route, and the app's own timing of its driver calls (its /stats route, read
// after each recording): the wire-protocol tests' shared harness.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFlambeService } from '../../electron/services/service.ts';
import { recordRequestSchema, type FlambeEvent, type RecordingMeta } from '../../shared/api.ts';
import type { RouteTime } from '../../shared/recording/request-time.ts';
import { repo, waitFor } from './demo.ts';

export interface RecordedApp {
  libraryPath: string;
  base: string;
  record(route: string, connections: number): Promise<RecordingMeta>;
  /** The app's own timing of each kind of call so far (ms each), by name. */
  stats(): Promise<Record<string, number[]>>;
  stop(): Promise<void>;
}

export async function launchRecordedApp(script: string, env: Record<string, string>): Promise<RecordedApp> {
  const libraryPath = path.join(mkdtempSync(path.join(tmpdir(), 'flambe-wire-')), 'library.sqlite');
  const service = createFlambeService({ libraryPath });
  const events: FlambeEvent[] = [];
  service.onEvent((e) => events.push(e));
  const { targetId } = await service.api.launchTarget({ script: path.join(repo, script), env });
  const stop = async () => {
    await service.api.stopTarget({ targetId }).catch(() => undefined);
    service.dispose();
  };
  try {
    const base = await waitFor(async () => (await service.api.getTarget({ targetId })).suggestedUrls[0], 15_000, 'a listening port');
    return {
      libraryPath, base, stop,
      async record(route, connections) {
        const { recordingId } = await service.api.startRecording(recordRequestSchema.parse({
          // No warm-up: the app's own timing then covers exactly the recorded requests (a warm-up's first, slower calls
          // would weigh on its mean), and the collector reads every statement a driver prepares.
          targetId, warmupSec: 0, samplingIntervalUs: 1000, load: { url: new URL(route, base).href, connections, durationSec: 2 },
        }));
        await waitFor(() => events.find((e) => e.name === 'recordingDone' && e.payload.recordingId === recordingId), 60_000, 'recordingDone');
        return service.api.getRecording({ id: recordingId });
      },
      stats: async () => (await fetch(new URL('/stats', base))).json() as Promise<Record<string, number[]>>,
    };
  } catch (e) {
    await stop();
    throw e;
  }
}

export const meanOf = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

export function routeOf(rec: RecordingMeta, p: string): RouteTime {
  const r = rec.requestTime?.byRoute.find((x) => x.path === p);
  if (!r) throw new Error(`no route ${p} in ${JSON.stringify(rec.requestTime?.byRoute.map((x) => x.path))}`);
  return r;
}

/** The app's timing of `name` calls made since `before`. */
export const fresh = (before: Record<string, number[]>, after: Record<string, number[]>, name: string) => (after[name] ?? []).slice((before[name] ?? []).length);
