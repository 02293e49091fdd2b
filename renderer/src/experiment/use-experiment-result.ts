// One experiment's answer, read from the library and read again as it
// changes: when a round finishes (its row joins the table while the others
// run) and when the experiment ends.
import { useEffect, useState } from 'react';
import type { ExperimentResult } from '../../../shared/experiment/types.ts';
import { useClient, useFlambeEvent } from '../client/context.tsx';
import { errorMessage } from '../client/types.ts';

export function useExperimentResult(id: string): { exp: ExperimentResult | null; error: string | null } {
  const client = useClient();
  const [exp, setExp] = useState<ExperimentResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    client.api.getExperiment({ id }).then((e) => live && setExp(e), (e) => live && setError(errorMessage(e)));
    return () => { live = false; };
  }, [client, id]);
  useFlambeEvent((e) => {
    if (e.name === 'experimentDone' && e.payload.experimentId === id) void client.api.getExperiment({ id }).then(setExp);
    // A round finished: its row joins the table while the others run.
    else if (e.name === 'experimentProgress' && e.payload.experimentId === id && exp && e.payload.finished.length !== exp.rounds.length) {
      void client.api.getExperiment({ id }).then(setExp);
    }
  });
  return { exp, error };
}
