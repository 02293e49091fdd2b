// Drives one recording: startRecording, the progress events, Stop, and its
// result from the recordingDone event (getRecording only when that was missed). State lives in the pure recordingReducer.
import { useCallback, useEffect, useEffectEvent, useReducer } from 'react';
import type { RecordRequest, RecordingMeta } from '../../../shared/api.ts';
import { useClient, useConnectionStatus, useFlambeEvent } from '../client/context.tsx';
import { errorMessage } from '../client/types.ts';
import { initialRecordingState, recordingReducer, type RecordingState } from './recording-state.ts';

export interface RecordingControls {
  state: RecordingState;
  busy: boolean;
  start(request: RecordRequest): Promise<void>;
  /** Follows a recording the service runs that this page did not start (a reload mid-way). */
  adopt(id: string): void;
  stop(): Promise<void>;
}

export function useRecording(onResult: (result: RecordingMeta, saveProblem: string | null) => void): RecordingControls {
  const client = useClient();
  const [state, dispatch] = useReducer(recordingReducer, initialRecordingState);
  const connection = useConnectionStatus();

  useFlambeEvent((event) => dispatch({ type: 'event', event }));

  // Events sent while browser mode's WebSocket was down are lost.
  useEffect(
    () => client.connection.subscribe(() => {
      if (client.connection.get() !== 'open') dispatch({ type: 'connectionLost' });
    }),
    [client],
  );

  // Back online after a drop: ask whether the recording ended meanwhile.
  const resyncId = state.status === 'running' && state.mayHaveMissedEvents && connection === 'open' ? state.id : null;
  useEffect(() => {
    if (!resyncId) return;
    let cancelled = false;
    client.api.getRecording({ id: resyncId }).then(
      () => !cancelled && dispatch({ type: 'ended', id: resyncId }),
      () => !cancelled && dispatch({ type: 'resynced' }),
    );
    return () => {
      cancelled = true;
    };
  }, [client, resyncId]);

  // Done: the event carries the result (saved by the services before it was sent); fetched only when the event was missed.
  const fetchId = state.status === 'fetching' ? state.id : null;
  const carried = state.status === 'fetching' ? state.result : null;
  const doneError = state.status === 'fetching' ? state.error : null;
  const saveProblem = state.status === 'fetching' ? state.saveProblem : null;
  const deliver = useEffectEvent((result: RecordingMeta) => onResult(result, saveProblem));
  useEffect(() => {
    if (!fetchId) return;
    if (carried) {
      deliver(carried);
      dispatch({ type: 'reset' });
      return;
    }
    let cancelled = false;
    client.api.getRecording({ id: fetchId }).then(
      (result) => {
        if (cancelled) return;
        deliver(result);
        // Ready for the next one: the screen stays mounted while the result shows.
        dispatch({ type: 'reset' });
      },
      (e: unknown) => {
        if (!cancelled) dispatch({ type: 'fetchFailed', message: doneError ?? errorMessage(e) });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [client, fetchId, carried, doneError]);

  const start = useCallback(
    async (request: RecordRequest) => {
      dispatch({ type: 'start' });
      try {
        const { recordingId } = await client.api.startRecording(request);
        dispatch({ type: 'started', id: recordingId });
      } catch (e) {
        dispatch({ type: 'startFailed', message: errorMessage(e) });
      }
    },
    [client],
  );

  const runningId = state.status === 'running' && !state.stopRequested ? state.id : null;
  const stop = useCallback(async () => {
    if (!runningId) return;
    dispatch({ type: 'stopRequested' });
    try {
      await client.api.stopRecording({ id: runningId });
    } catch (e) {
      // The run goes on and ends by itself; nothing is lost.
      console.warn('stopRecording failed:', errorMessage(e));
    }
  }, [client, runningId]);

  const adopt = useCallback((id: string) => dispatch({ type: 'adopt', id }), []);
  return { state, busy: state.status !== 'idle', start, stop, adopt };
}
