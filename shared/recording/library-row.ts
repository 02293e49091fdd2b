// One row of the Library list, as the library's list query maps it
// (electron/services/library/library.ts): the numbers the list sorts and
// shows, read from columns, never the profile.
import type { CpuSplit } from '../profile/views/categories.ts';

/** One row of the Library list: metadata only, never the profile. */
export interface RecordingRow {
  id: string;
  name: string;
  createdAt: string;
  tags: string[];
  notes: string;
  targetLabel: string | null;
  nodeVersion: string | null;
  method: string | null;
  url: string | null;
  /** A burst over several routes: each one (its URL above is only the form's URL field); absent for one URL. */
  routes?: { method: string; path: string }[];
  requests: number | null;
  rps: number | null;
  p50Ms: number | null;
  p99Ms: number | null;
  errors: number | null;
  durationMs: number | null;
  samplingIntervalUs: number | null;
  cpuSplit: CpuSplit | null;
  error: string | null;
  hasProfile: boolean;
  /** Where it came from: a recording, or an imported file. */
  source: 'recorded' | 'imported';
}
