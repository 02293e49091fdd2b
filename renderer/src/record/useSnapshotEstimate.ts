// What Find what grows' heap snapshots would cost the chosen target, asked
// when the box is ticked (and again for another target): V8 cannot stop a
// snapshot once begun, so the pause and the memory are said before the user
// starts it (shared/memory/snapshot-cost.ts). null while asking or unticked.
import { useEffect, useState } from 'react';
import type { ApiResults } from '../../../shared/api.ts';
import type { RendererClient } from '../client/types.ts';

export type SnapshotEstimateAnswer = ApiResults['snapshotEstimate'] | { failed: string };

export function useSnapshotEstimate(client: RendererClient, targetId: string | null, wanted: boolean): SnapshotEstimateAnswer | null {
  const [answer, setAnswer] = useState<{ targetId: string; value: SnapshotEstimateAnswer } | null>(null);
  useEffect(() => {
    if (!wanted || !targetId) return;
    let cancelled = false;
    client.api.snapshotEstimate({ targetId }).then(
      (value) => { if (!cancelled) setAnswer({ targetId, value }); },
      (e: unknown) => { if (!cancelled) setAnswer({ targetId, value: { failed: e instanceof Error ? e.message : String(e) } }); },
    );
    return () => {
      cancelled = true;
    };
  }, [client, targetId, wanted]);
  return wanted && targetId && answer?.targetId === targetId ? answer.value : null;
}
