// A running experiment on the client side: start, progress per round (with
// the live numbers of the round under way), stop, and the end.
import { useState } from 'react';
import type { ExperimentSpecResolved } from '../../../shared/api.ts';
import type { ExperimentProgress } from '../../../shared/experiment/types.ts';
import { useClient, useFlambeEvent } from '../client/context.tsx';
import { errorMessage } from '../client/types.ts';

export type ExperimentRunState =
  | { status: 'idle'; error: string | null }
  | { status: 'running'; id: string | null; progress: ExperimentProgress | null; stopRequested: boolean };

export function useExperiment(onDone: (id: string) => void, onStarted?: (id: string) => void) {
  const client = useClient();
  const [state, setState] = useState<ExperimentRunState>({ status: 'idle', error: null });

  useFlambeEvent((e) => {
    if (state.status !== 'running' || !state.id) return;
    if (e.name === 'experimentProgress' && e.payload.experimentId === state.id) {
      setState({ ...state, progress: e.payload });
    } else if (e.name === 'experimentDone' && e.payload.experimentId === state.id) {
      setState({ status: 'idle', error: e.payload.status === 'failed' ? e.payload.error : null });
      onDone(e.payload.experimentId);
    }
  });

  const start = async (spec: ExperimentSpecResolved) => {
    if (state.status === 'running') return;
    setState({ status: 'running', id: null, progress: null, stopRequested: false });
    try {
      const { experimentId } = await client.api.startExperiment(spec);
      setState((s) => (s.status === 'running' ? { ...s, id: experimentId } : s));
      onStarted?.(experimentId);
    } catch (e) {
      setState({ status: 'idle', error: errorMessage(e) });
    }
  };

  const stop = async () => {
    if (state.status !== 'running' || !state.id) return;
    setState({ ...state, stopRequested: true });
    await client.api.stopExperiment({ id: state.id });
  };

  return { state, start, stop, busy: state.status === 'running' };
}
