// The flamegraph data of a whole profile (no transforms), built in the
// analysis worker — for screens that show only a flamegraph (the Library's
// comparison). The result screen uses useAnalysis.ts directly.
import type { FlameDataResult } from '../lib/flame-data.ts';
import { useAnalysisClient, useView } from './useAnalysis.ts';

/** null while building (and for no profile); the data or the reason it could not be read once built. */
export function useFlameData(recordingId: string | null): FlameDataResult | null {
  const loaded = useAnalysisClient(recordingId);
  const flame = useView(loaded.client, loaded.client ? { view: 'flame', transforms: [] } : null);
  if (recordingId == null) return null;
  if (loaded.status === 'error') return { ok: false, message: loaded.message };
  if (flame.error) return { ok: false, message: `The profile could not be read: ${flame.error}` };
  return flame.data && !flame.stale ? { ok: true, data: flame.data } : null;
}
