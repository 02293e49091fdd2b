// What the verdict's checks need to know about how a recording was made
// (shared/profile/checks.ts RecordingContext); an imported profile knows none of it.
import type { RecordingMeta } from '../../../shared/api.ts';
import type { RecordingContext } from '../../../shared/profile/index.ts';

export function recordingContext(result: RecordingMeta): RecordingContext {
  return {
    requests: result.load && result.load.requests > 0 ? result.load.requests : null,
    samplingIntervalUs: result.settings && result.settings.targetId !== null ? result.settings.samplingIntervalUs : null,
    warmupSec: result.settings ? result.settings.warmupSec : null,
    samples: result.samples,
    load: result.load,
  };
}
