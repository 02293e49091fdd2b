// The life of one recording on the Record screen, as a pure reducer so the
// awkward orderings are testable: progress (even the end) can arrive before
// startRecording has answered with the id, and events can be missed while
// browser mode's WebSocket reconnects.
import type { FlambeEvent, RecordingMeta, RecordingPhase, RecordingProgress } from '../../../shared/api.ts';

const MAX_POINTS = 600;

export type RecordingState =
  | { status: 'idle'; error: string | null }
  /** startRecording sent; events for an unknown id are kept until it answers. */
  | { status: 'starting'; buffered: FlambeEvent[] }
  | {
      status: 'running';
      id: string;
      progress: RecordingProgress | null;
      /** Live requests/s, one point per progress event of the recording phase. */
      rps: number[];
      stopRequested: boolean;
      /** The event connection dropped during the run: recordingDone may have been missed. */
      mayHaveMissedEvents: boolean;
    }
  /** The recording ended: its result came with the event (`result`), or is being fetched (null: the event was missed). */
  | {
      status: 'fetching';
      id: string;
      result: RecordingMeta | null;
      error: string | null;
      /** Why the library could not store it (kept in memory only), when it could not. */
      saveProblem: string | null;
      progress: RecordingProgress | null;
      rps: number[];
    };

export type RecordingAction =
  | { type: 'start' }
  | { type: 'started'; id: string }
  /** A recording the service runs that this page did not start (it was reloaded mid-way): followed to its end. */
  | { type: 'adopt'; id: string }
  | { type: 'startFailed'; message: string }
  | { type: 'event'; event: FlambeEvent }
  | { type: 'stopRequested' }
  | { type: 'connectionLost' }
  | { type: 'resynced' }
  /** getRecording answered that the run is over while events were missed. */
  | { type: 'ended'; id: string }
  | { type: 'fetchFailed'; message: string }
  | { type: 'reset' };

export const initialRecordingState: RecordingState = { status: 'idle', error: null };

export const PHASE_LABELS: Record<RecordingPhase, string> = {
  connecting: 'Connecting',
  warmup: 'Warm-up',
  recording: 'Recording',
  stopping: 'Stopping',
  done: 'Done',
  failed: 'Failed',
};

function saveProblem(done: object): string | null {
  if (!('saved' in done) || done.saved !== false) return null;
  const why = 'saveError' in done && typeof done.saveError === 'string' ? done.saveError : '';
  return why || 'The library could not store this recording.';
}

function applyEvent(state: RecordingState, event: FlambeEvent): RecordingState {
  if (state.status === 'starting') {
    if (event.name === 'recordingProgress' || event.name === 'recordingDone') {
      return { ...state, buffered: [...state.buffered, event].slice(-100) };
    }
    return state;
  }
  if (state.status !== 'running') return state;
  if (event.name === 'recordingProgress' && event.payload.recordingId === state.id) {
    const p = event.payload;
    const rps = p.phase === 'recording' && typeof p.rps === 'number' ? [...state.rps, p.rps].slice(-MAX_POINTS) : state.rps;
    return { ...state, progress: p, rps };
  }
  if (event.name === 'recordingDone' && event.payload.recordingId === state.id) {
    return { status: 'fetching', id: state.id, result: event.payload.recording ?? null, error: event.payload.error, saveProblem: saveProblem(event.payload), progress: state.progress, rps: state.rps };
  }
  return state;
}

export function recordingReducer(state: RecordingState, action: RecordingAction): RecordingState {
  switch (action.type) {
    case 'start':
      return state.status === 'idle' ? { status: 'starting', buffered: [] } : state;
    case 'started': {
      if (state.status !== 'starting') return state;
      let next: RecordingState = { status: 'running', id: action.id, progress: null, rps: [], stopRequested: false, mayHaveMissedEvents: false };
      for (const event of state.buffered) next = applyEvent(next, event);
      return next;
    }
    case 'adopt':
      // Its end may have come before the page listened: ask once (the resync), as after a dropped connection.
      return state.status === 'idle' ? { status: 'running', id: action.id, progress: null, rps: [], stopRequested: false, mayHaveMissedEvents: true } : state;
    case 'startFailed':
      return { status: 'idle', error: action.message };
    case 'event':
      return applyEvent(state, action.event);
    case 'stopRequested':
      return state.status === 'running' ? { ...state, stopRequested: true } : state;
    case 'connectionLost':
      return state.status === 'running' ? { ...state, mayHaveMissedEvents: true } : state;
    case 'resynced':
      return state.status === 'running' ? { ...state, mayHaveMissedEvents: false } : state;
    case 'ended':
      return state.status === 'running' && state.id === action.id
        ? { status: 'fetching', id: state.id, result: null, error: null, saveProblem: null, progress: state.progress, rps: state.rps }
        : state;
    case 'fetchFailed':
      return { status: 'idle', error: action.message };
    case 'reset':
      return initialRecordingState;
  }
}

/**
 * The live p99 to show: none (–) when no response finished in the last second — the load's series writes 0 for
 * a second without responses, and "p99 0.000 ms" before the first answer read as an impossibly fast server.
 */
export function liveP99(progress: { rps?: number; p99Ms?: number } | null | undefined): number | null {
  return progress?.rps && progress.p99Ms !== undefined ? progress.p99Ms : null;
}

/** The progress to show: the phase, its label and the fraction done. */
export function progressView(state: RecordingState): { phase: RecordingPhase; label: string; fraction: number; message: string } | null {
  if (state.status === 'starting') return { phase: 'connecting', label: PHASE_LABELS.connecting, fraction: 0, message: 'Starting…' };
  if (state.status === 'fetching') return { phase: 'done', label: PHASE_LABELS.done, fraction: 1, message: 'Opening the result…' };
  if (state.status !== 'running') return null;
  const p = state.progress;
  if (!p) return { phase: 'connecting', label: PHASE_LABELS.connecting, fraction: 0, message: 'Starting…' };
  const phase = state.stopRequested && (p.phase === 'recording' || p.phase === 'warmup') ? 'stopping' : p.phase;
  return { phase, label: PHASE_LABELS[phase], fraction: Math.min(1, Math.max(0, p.fraction)), message: p.message };
}
