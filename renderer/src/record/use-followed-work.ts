// Work of the Record screen that this page did not start, or that ends
// elsewhere: after a reload mid-way, the recording or sweep the service runs
// is followed to its result (useAdoptedWork); a followed sweep that ended and
// was kept as a group opens on its own screen (useSweepOnItsScreen).
import { useEffect, useRef, useState } from 'react';
import type { RunningWork } from '../../../shared/work/running-work.ts';
import { useFlambeEvent } from '../client/context.tsx';

/** Adopts, once, the recording and the sweep that ran when the page loaded (`atLoad`: null until known). */
export function useAdoptedWork(atLoad: readonly RunningWork[] | null, adoptRecording: (id: string) => void, adoptSweep: (work: RunningWork) => void): void {
  const adopted = useRef(false);
  useEffect(() => {
    if (!atLoad || adopted.current) return;
    adopted.current = true;
    for (const w of atLoad) {
      if (w.kind === 'recording') adoptRecording(w.id);
      else if (w.kind === 'sweep') adoptSweep(w);
    }
  }, [atLoad, adoptRecording, adoptSweep]);
}

/** The id of the sweep whose answer went to its own screen (the Record screen then does not show it too). */
export function useSweepOnItsScreen(sweepBusy: boolean, onSweepDone: ((sweepId: string) => void) | undefined): string | null {
  const [sweepOnItsScreen, setSweepOnItsScreen] = useState<string | null>(null);
  useFlambeEvent((e) => {
    if (e.name !== 'workChanged' || e.payload.ended?.kind !== 'sweep' || !e.payload.ended.resultId || !sweepBusy || !onSweepDone) return;
    setSweepOnItsScreen(e.payload.ended.resultId);
    onSweepDone(e.payload.ended.resultId);
  });
  return sweepOnItsScreen;
}
