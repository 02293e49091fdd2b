import { describe, expect, it } from 'vitest';
import type { FlambeEvent, RecordingMeta, RecordingPhase } from '../../../shared/api.ts';
import { initialRecordingState, liveP99, progressView, recordingReducer, type RecordingAction, type RecordingState } from './recording-state.ts';

const progress = (id: string, phase: RecordingPhase, fraction: number, rps?: number): FlambeEvent => ({
  name: 'recordingProgress',
  payload: { recordingId: id, phase, fraction, message: phase, rps, p99Ms: rps === undefined ? undefined : 1.5 },
});
const done = (id: string, error: string | null = null, saveError: string | null = null): FlambeEvent =>
  ({ name: 'recordingDone', payload: { recordingId: id, error, saved: saveError === null, saveError } }) as FlambeEvent;

function run(...actions: RecordingAction[]): RecordingState {
  return actions.reduce(recordingReducer, initialRecordingState);
}
const ev = (event: FlambeEvent): RecordingAction => ({ type: 'event', event });

describe('recordingReducer', () => {
  it('follows progress of its own recording only', () => {
    const s = run({ type: 'start' }, { type: 'started', id: 'r1' }, ev(progress('r1', 'warmup', 0.1)), ev(progress('other', 'recording', 0.9)),
      ev(progress('r1', 'recording', 0.5, 1200)), ev(progress('r1', 'recording', 0.6, 1300)));
    expect(s).toMatchObject({ status: 'running', id: 'r1', rps: [1200, 1300], progress: { phase: 'recording', fraction: 0.6 } });
    expect(progressView(s)).toMatchObject({ phase: 'recording', label: 'Recording', fraction: 0.6 });
  });

  it('keeps events that arrive before startRecording answers', () => {
    const s = run({ type: 'start' }, ev(progress('r1', 'connecting', 0)), ev(done('r1', 'The target exited.')), { type: 'started', id: 'r1' });
    expect(s).toEqual({
      status: 'fetching', id: 'r1', result: null, error: 'The target exited.', saveProblem: null, progress: expect.objectContaining({ phase: 'connecting' }), rps: [],
    });
  });

  it('goes to fetching when its recording is done', () => {
    const s = run({ type: 'start' }, { type: 'started', id: 'r1' }, ev(done('r2')), ev(done('r1')));
    expect(s).toMatchObject({ status: 'fetching', id: 'r1', error: null });
  });

  it('takes the result the event carries (no getRecording round trip); null only when the event was missed', () => {
    const recording = { id: 'r1', name: 'GET /json', hasProfile: true } as RecordingMeta;
    const carried: FlambeEvent = { name: 'recordingDone', payload: { recordingId: 'r1', error: null, saved: true, saveError: null, recording } };
    expect(run({ type: 'start' }, { type: 'started', id: 'r1' }, ev(carried))).toMatchObject({ status: 'fetching', result: recording });
    expect(run({ type: 'start' }, { type: 'started', id: 'r1' }, { type: 'connectionLost' }, { type: 'ended', id: 'r1' })).toMatchObject({ status: 'fetching', result: null });
  });

  it('remembers that the library could not store it', () => {
    const s = run({ type: 'start' }, { type: 'started', id: 'r1' }, ev(done('r1', null, 'The disk is full.')));
    expect(s).toMatchObject({ status: 'fetching', saveProblem: 'The disk is full.' });
  });

  it('shows stopping as soon as Stop is pressed', () => {
    const s = run({ type: 'start' }, { type: 'started', id: 'r1' }, ev(progress('r1', 'recording', 0.5, 10)), { type: 'stopRequested' });
    expect(progressView(s)?.label).toBe('Stopping');
  });

  it('returns to idle with the message when starting or fetching fails', () => {
    expect(run({ type: 'start' }, { type: 'startFailed', message: 'Nothing listens on that URL.' })).toEqual({ status: 'idle', error: 'Nothing listens on that URL.' });
    expect(run({ type: 'start' }, { type: 'started', id: 'r1' }, ev(done('r1')), { type: 'fetchFailed', message: 'gone' })).toEqual({ status: 'idle', error: 'gone' });
  });

  it('remembers a dropped connection until resynced or ended', () => {
    const lost = run({ type: 'start' }, { type: 'started', id: 'r1' }, { type: 'connectionLost' });
    expect(lost).toMatchObject({ mayHaveMissedEvents: true });
    expect(recordingReducer(lost, { type: 'resynced' })).toMatchObject({ status: 'running', mayHaveMissedEvents: false });
    expect(recordingReducer(lost, { type: 'ended', id: 'r1' })).toMatchObject({ status: 'fetching', id: 'r1' });
  });

  it('ignores a second start while one runs', () => {
    const s = run({ type: 'start' }, { type: 'started', id: 'r1' });
    expect(recordingReducer(s, { type: 'start' })).toBe(s);
  });
});

describe('a recording the page did not start (reloaded mid-way)', () => {
  it('is followed as running, and asks once whether it ended before the page listened', () => {
    const s = recordingReducer(initialRecordingState, { type: 'adopt', id: 'r1' });
    expect(s).toMatchObject({ status: 'running', id: 'r1', mayHaveMissedEvents: true });
    expect(recordingReducer(s, { type: 'ended', id: 'r1' })).toMatchObject({ status: 'fetching', id: 'r1' });
  });
  it('is not adopted over a recording of its own', () => {
    const own = recordingReducer(recordingReducer(initialRecordingState, { type: 'start' }), { type: 'started', id: 'mine' });
    expect(recordingReducer(own, { type: 'adopt', id: 'other' })).toBe(own);
  });
});

describe('liveP99', () => {
  it('is none until a response finished in the last second (the series writes p99 0 for a second without any)', () => {
    expect(liveP99({ rps: 0, p99Ms: 0 })).toBeNull();
    expect(liveP99({})).toBeNull();
    expect(liveP99(null)).toBeNull();
    expect(liveP99({ rps: 812, p99Ms: 0.41 })).toBe(0.41);
  });
});
