// An experiment under way, on its own screen (a repeat started from Compare
// opens here): round by round, the live numbers, and Stop. The screen turns
// into the answer when experimentDone arrives.
import { useState } from 'react';
import type { ExperimentProgress } from '../../../shared/experiment/types.ts';
import { useClient, useFlambeEvent } from '../client/context.tsx';
import { RoundsProgress } from './RoundsProgress.tsx';

export function RunProgress({ id, totalRounds }: { id: string; totalRounds: number }) {
  const client = useClient();
  const [progress, setProgress] = useState<ExperimentProgress | null>(null);
  const [stopping, setStopping] = useState(false);
  useFlambeEvent((e) => {
    if (e.name === 'experimentProgress' && e.payload.experimentId === id) setProgress(e.payload);
  });
  return (
    <RoundsProgress progress={progress} totalRounds={totalRounds} startingText="Starting the target…" stopping={stopping}
      onStop={() => { setStopping(true); void client.api.stopExperiment({ id }); }}
      testIds={{ panel: 'experiment-run-progress', round: 'experiment-run-round' }} />
  );
}
