// What the Result screen's header and empty states say about a recording —
// a launched/attached target, a load test alone, or a profile imported from
// a file — and how long it ran (Stop can end it before the planned length).
import type { RecordingMeta } from '../../../shared/api.ts';

/** What the labels read: a recording's metadata (the profile is not needed). */
type RecordingResult = Pick<RecordingMeta, 'target' | 'settings' | 'load' | 'name'>;
import { formatDuration, formatInt } from '../lib/format.ts';

export function resultTitle(result: RecordingResult): string {
  if (result.target) return result.target.label;
  if (result.settings) return 'Load only';
  return `Imported profile: ${result.name}`;
}

/** Said where the flamegraph would be, when there is no profile. */
export function noProfileSentence(result: RecordingResult): string {
  const profiled = result.settings ? result.settings.targetId !== null : false;
  if (profiled || result.target) return 'No profile: the recording failed before the profile could be read (the reason is at the top).';
  return 'No profile: this was a load-only run.';
}

/** "10.0 s", "5,000 requests", or "3.4 s (stopped early; 10.0 s planned)". */
export function runLength(result: RecordingResult): string | null {
  const planned = result.settings?.load;
  if (!planned) return null;
  const ran = result.load;
  if (ran?.stoppedEarly) {
    const plan = planned.requests ? `${formatInt(planned.requests)} requests` : formatDuration(planned.durationSec);
    return `${formatDuration(ran.durationSec)} (stopped early; ${plan} planned)`;
  }
  return planned.requests ? `${formatInt(planned.requests)} requests` : formatDuration(planned.durationSec);
}
