// What the verdict's checks need to know about how a recording was made
// (checks.ts RecordingContext), read once from the recording for the result
// screen and the CLI alike; an imported profile knows none of it.
import { requestsHandledCount } from '../load/request-counts.ts';
import type { RecordingMeta } from '../recording/recording.ts';
import { hasLoadShape } from '../load/load-shape.ts';
import type { RecordingContext } from './checks.ts';

/** The context of a saved recording, without its allocations (read with the profile, by whoever reads it). */
export function recordingContext(result: Pick<RecordingMeta, 'load' | 'settings' | 'samples' | 'requestTime' | 'output' | 'growing' | 'machine' | 'cpu' | 'listeners'>): RecordingContext {
  // A damaged stored load (the Load card says so) must not take the verdict down with it.
  const load = hasLoadShape(result.load) ? result.load : null;
  return {
    // The requests the server handled in the profile's window, not the answers of a shorter burst (request-counts.ts).
    requests: requestsHandledCount({ load, requestTime: result.requestTime }),
    samplingIntervalUs: result.settings && result.settings.targetId !== null ? result.settings.samplingIntervalUs : null,
    warmupSec: result.settings ? result.settings.warmupSec : null,
    warmedByEarlierLoad: result.settings?.warmedByEarlierLoad ?? null,
    samples: result.samples,
    load,
    requestTime: result.requestTime ?? null,
    output: result.output ?? null,
    growing: result.growing ?? null,
    cores: result.machine?.cores ?? null,
    cpu: result.cpu ?? null,
    listeners: result.listeners ?? null,
  };
}
