// The Result screen's time range and tab in its address
// (#/recordings/<id>?tab=…&range=<from>-<to> ms): a reload and a link keep
// them; a range edited by hand or by back/forward is followed.
import { useCallback, useState } from 'react';
import { routePath } from '../lib/route.ts';
import { useAddressParams } from '../lib/useAddressParams.ts';
import type { TimeSelection } from './Timeline.tsx';

/** "1200-3400": a time range in ms, as the address carries it (to the 0.1 ms). */
export function rangeParam(r: TimeSelection | null): string | null {
  return r ? `${Math.round(r.fromMs * 10) / 10}-${Math.round(r.toMs * 10) / 10}` : null;
}

/** The range an address names; its requests are counted once the timeline has its data (Timeline.tsx). */
export function rangeFromParam(p: string | undefined): TimeSelection | null {
  const m = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/.exec(p ?? '');
  if (!m || Number(m[2]) <= Number(m[1])) return null;
  return { fromMs: Number(m[1]), toMs: Number(m[2]), requests: null };
}

export function useAddressRange(recordingId: string) {
  const [params, setParams] = useAddressParams(routePath({ screen: 'recording', id: recordingId }));
  const [range, setRangeState] = useState<TimeSelection | null>(() => rangeFromParam(params.range));
  const setRange = useCallback((r: TimeSelection | null) => {
    setRangeState(r);
    setParams({ range: rangeParam(r) });
  }, [setParams]);
  // The address's range changed by hand or by back/forward: follow it (a range from the page itself is the same one).
  const [seenRange, setSeenRange] = useState(params.range);
  if (params.range !== seenRange) {
    setSeenRange(params.range);
    if (rangeParam(range) !== (params.range ?? null)) setRangeState(rangeFromParam(params.range));
  }
  return { range, setRange, params, setParams };
}
