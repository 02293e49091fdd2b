// "Measure profiling overhead": rounds with and without the profiler on the
// chosen target, at the form's load and sampling interval.
import { useEffect, useState } from 'react';
import type { OverheadResult } from '../../../shared/api.ts';
import { useClient, useFlambeEvent } from '../client/context.tsx';
import { errorMessage } from '../client/types.ts';
import { ErrorNote } from '../components/Notes.tsx';
import { buildRecordRequest, type LoadFormState } from '../lib/forms.ts';
import { overheadSentence } from '../../../shared/load/overhead-sentence.ts';

const ROUNDS = 4;
const BURST_SEC = 3;

interface Props {
  form: LoadFormState;
  targetId: string | null;
  disabled: boolean;
  /** Why it may not start now (the service's sentence: other work runs). */
  refusal?: string | null;
  /** A measurement ran when the page loaded (a reload mid-way): its result shows when it ends. */
  elsewhere?: boolean;
}

export function OverheadPanel({ form, targetId, disabled, refusal = null, elsewhere = false }: Props) {
  const client = useClient();
  const [state, setState] = useState<{ running: boolean; result: OverheadResult | null; error: string | null }>({ running: false, result: null, error: null });
  const [following, setFollowing] = useState(false);
  const [seenElsewhere, setSeenElsewhere] = useState(false);
  if (elsewhere && !seenElsewhere) {
    setSeenElsewhere(true);
    setFollowing(true);
  }
  useFlambeEvent((e) => {
    if (!following || e.name !== 'workChanged' || e.payload.ended?.kind !== 'overhead') return;
    setFollowing(false);
    const req = buildRecordRequest({ ...form, loadOnly: false }, targetId ?? 'none');
    const samplingIntervalUs = req.ok ? req.value.samplingIntervalUs : 1000;
    client.api.lastOverhead({ samplingIntervalUs }).then((result) => setState({ running: false, result, error: null }), () => undefined);
  });
  const measure = async () => {
    if (!targetId) return;
    const req = buildRecordRequest({ ...form, mode: 'duration', durationSec: String(Math.min(BURST_SEC, Number(form.durationSec) || BURST_SEC)), loadOnly: false }, targetId);
    if (!req.ok) {
      setState({ running: false, result: null, error: req.message });
      return;
    }
    setState({ running: true, result: null, error: null });
    try {
      const result = await client.api.measureOverhead({
        targetId, load: req.value.load, rounds: ROUNDS, samplingIntervalUs: req.value.samplingIntervalUs, warmupSec: req.value.warmupSec,
      });
      setState({ running: false, result, error: null });
    } catch (e) {
      setState({ running: false, result: null, error: errorMessage(e) });
    }
  };
  return (
    <div className="overhead-panel">
      <button type="button" className="button small" data-testid="overhead-button" disabled={disabled || !targetId || state.running || following || !!refusal} onClick={() => void measure()}
        title={refusal ?? undefined}>
        {state.running || following ? 'Measuring profiling overhead…' : 'Measure profiling overhead'}
      </button>
      {!targetId && <span className="hint inline"> — needs a target</span>}
      {state.running && <p className="hint">{ROUNDS} rounds of two {BURST_SEC} s bursts, with and without the profiler, in alternating order.</p>}
      {state.result && <p className="note" data-testid="overhead-result">{overheadSentence(state.result)}</p>}
      <ErrorNote message={state.error} testId="overhead-error" />
    </div>
  );
}

/** On a result: the last overhead measured in this session for its sampling interval. */
export function OverheadNote({ samplingIntervalUs }: { samplingIntervalUs: number }) {
  const client = useClient();
  const [result, setResult] = useState<OverheadResult | null>(null);
  useEffect(() => {
    let cancelled = false;
    client.api.lastOverhead({ samplingIntervalUs }).then((r) => !cancelled && setResult(r), () => undefined);
    return () => {
      cancelled = true;
    };
  }, [client, samplingIntervalUs]);
  if (!result) return null;
  return <p className="note muted" data-testid="overhead-note">{overheadSentence(result)} (measured {new Date(result.measuredAt).toLocaleTimeString()})</p>;
}
