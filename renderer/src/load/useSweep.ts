// Drives one concurrency sweep: runSweep (one call for all levels), the
// progress of the level running (its recordingProgress events), and Stop.
import { useCallback, useRef, useState } from 'react';
import type { RecordingProgress, SweepRequest, SweepResult } from '../../../shared/api.ts';
import type { RunningWork } from '../../../shared/work/running-work.ts';
import { useClient, useFlambeEvent } from '../client/context.tsx';
import { errorMessage } from '../client/types.ts';

export type SweepState =
  | { status: 'idle'; result: SweepResult | null; error: string | null }
  | {
    status: 'running'; levels: number[]; progress: RecordingProgress | null; stopRequested: boolean;
    /** The levels' recordings seen by this page, and how many had ended before it (a page reloaded mid-way). */
    levelIds: string[]; levelsBefore: number;
  };

export function useSweep() {
  const client = useClient();
  const [state, setState] = useState<SweepState>({ status: 'idle', result: null, error: null });
  const running = useRef(false);

  useFlambeEvent((event) => {
    if (!running.current || event.name !== 'recordingProgress') return;
    const p = event.payload as RecordingProgress;
    setState((s) => (s.status === 'running'
      ? { ...s, progress: p, levelIds: s.levelIds.includes(p.recordingId) ? s.levelIds : [...s.levelIds, p.recordingId] }
      : s));
  });

  const start = useCallback(async (req: SweepRequest) => {
    running.current = true;
    setState({ status: 'running', levels: [...new Set(req.levels ?? [])].sort((a, b) => a - b), progress: null, levelIds: [], levelsBefore: 0, stopRequested: false });
    try {
      const result = await client.api.runSweep(req);
      setState({ status: 'idle', result, error: result.error });
    } catch (e) {
      setState({ status: 'idle', result: null, error: errorMessage(e) });
    } finally {
      running.current = false;
    }
  }, [client]);

  // A sweep the service runs that this page did not start (reloaded mid-way): its levels' progress until it ends.
  const adopted = useRef<string | null>(null);
  const adopt = useCallback((work: Pick<RunningWork, 'id' | 'levels' | 'levelsDone'>) => {
    if (running.current) return;
    running.current = true;
    adopted.current = work.id;
    setState({ status: 'running', levels: work.levels ?? [], progress: null, levelIds: [], levelsBefore: work.levelsDone ?? 0, stopRequested: false });
  }, []);
  useFlambeEvent((event) => {
    if (event.name !== 'workChanged' || !adopted.current || event.payload.ended?.id !== adopted.current) return;
    adopted.current = null;
    running.current = false;
    setState({ status: 'idle', result: null, error: null });
  });

  const currentId = state.status === 'running' ? state.progress?.recordingId ?? null : null;
  const stop = useCallback(async () => {
    if (!currentId) return;
    setState((s) => (s.status === 'running' ? { ...s, stopRequested: true } : s));
    await client.api.stopRecording({ id: currentId }).catch(() => undefined);
  }, [client, currentId]);

  return { state, start, stop, adopt, busy: state.status === 'running' };
}
