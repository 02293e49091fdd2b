// "Measure profiling overhead": rounds with and without the profiler on the
// chosen target, at the form's load, at one or several sampling intervals
// (each measured in its own rounds, one after the other): a row per interval.
// Or the cost of the request collector alone (where each request's time went:
// request timing on against off), or of the allocation sampler alone, as
// `flambe overhead --request-time` / `--allocations` measure them.
import { useEffect, useState } from 'react';
import type { OverheadResult } from '../../../shared/api.ts';
import { useClient, useFlambeEvent } from '../client/context.tsx';
import { errorMessage } from '../client/types.ts';
import { ErrorNote } from '../components/Notes.tsx';
import { buildRecordRequest, type LoadFormState } from '../lib/forms.ts';
import { overheadCells, overheadSentence } from '../../../shared/load/overhead-sentence.ts';
import { samplingEvery, samplingWords } from '../../../shared/load/sampling-words.ts';
import type { OverheadSetting } from '../../../shared/recording/overhead-setting.ts';
import { parseIntervalList } from '../../../shared/load/interval-list.ts';
import './load.css';
import { formatInt, formatNumber } from '../lib/format.ts';

const ROUNDS = 4;
const BURST_SEC = 3;
type Measured = NonNullable<OverheadResult['profiler']>;
const WHAT: readonly { value: Measured; label: string }[] = [
  { value: 'cpu', label: 'the CPU profiler' },
  { value: 'requests', label: 'request timing' },
  { value: 'allocations', label: 'the allocation sampler' },
];

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
  const [state, setState] = useState<{ running: boolean; results: OverheadResult[]; error: string | null }>({ running: false, results: [], error: null });
  const [intervalsText, setIntervalsText] = useState('');
  const [profiler, setProfiler] = useState<Measured>('cpu');
  const intervalsShown = intervalsText || String(form.samplingIntervalUs);
  const [following, setFollowing] = useState(false);
  const [seenElsewhere, setSeenElsewhere] = useState(false);
  if (elsewhere && !seenElsewhere) {
    setSeenElsewhere(true);
    setFollowing(true);
  }
  useFlambeEvent((e) => {
    if (!following || e.name !== 'workChanged' || e.payload.ended?.kind !== 'overhead') return;
    setFollowing(false);
    const runId = e.payload.ended.resultId;
    // The run this page followed, by its id: the form may have changed since it started.
    if (!runId) {
      setState({ running: false, results: [], error: 'The overhead measurement ended without a result (stopped, or it failed).' });
      return;
    }
    client.api.lastOverhead({ samplingIntervalUs: form.samplingIntervalUs, runId }).then(
      (result) => setState({ running: false, results: result ? [result] : [], error: result ? null : 'The overhead measurement’s result is not kept any more.' }),
      (err: unknown) => setState({ running: false, results: [], error: errorMessage(err) }),
    );
  });
  const measure = async () => {
    if (!targetId) return;
    // The request collector and the allocation sampler do not sample at an interval: one measurement.
    const list = profiler === 'cpu' ? parseIntervalList(intervalsShown) : { ok: true as const, intervals: [form.samplingIntervalUs] };
    if (!list.ok) {
      setState({ running: false, results: [], error: list.message });
      return;
    }
    const req = buildRecordRequest({ ...form, mode: 'duration', durationSec: String(Math.min(BURST_SEC, Number(form.durationSec) || BURST_SEC)), loadOnly: false }, targetId);
    if (!req.ok) {
      setState({ running: false, results: [], error: req.message });
      return;
    }
    const results: OverheadResult[] = [];
    setState({ running: true, results, error: null });
    try {
      for (const [i, samplingIntervalUs] of list.intervals.entries()) {
        results.push(await client.api.measureOverhead({
          targetId, load: req.value.load, rounds: ROUNDS, samplingIntervalUs, profiler, warmupSec: i === 0 ? req.value.warmupSec : 0,
        }));
        setState({ running: i < list.intervals.length - 1, results: [...results], error: null });
      }
    } catch (e) {
      setState({ running: false, results: [...results], error: errorMessage(e) });
    }
  };
  return (
    <div className="overhead-panel">
      <button type="button" className="button small" data-testid="overhead-button" disabled={disabled || !targetId || state.running || following || !!refusal} onClick={() => void measure()}
        title={refusal ?? undefined}>
        {state.running || following ? 'Measuring profiling overhead…' : 'Measure profiling overhead'}
      </button>
      <label className="inline-field"> of{' '}
        <select value={profiler} data-testid="overhead-what" disabled={state.running} onChange={(e) => setProfiler(e.target.value as Measured)}
          title="The CPU profiler at the intervals given; request timing: the request collector (where each request's time went), on against off">
          {WHAT.map((w) => <option key={w.value} value={w.value}>{w.label}</option>)}
        </select>
      </label>
      {profiler === 'cpu' && (
        <label className="inline-field"> at{' '}
          <input type="text" inputMode="numeric" size={12} value={intervalsShown} aria-label="Sampling intervals to measure, µs, comma-separated"
            data-testid="overhead-intervals" disabled={state.running} onChange={(e) => setIntervalsText(e.target.value)} /> µs
        </label>
      )}
      {!targetId && <span className="hint inline"> — needs a target</span>}
      {state.running && <p className="hint">{profiler === 'cpu'
        ? `${ROUNDS} rounds of two ${BURST_SEC} s bursts per interval, with and without the profiler, in alternating order.`
        : `${ROUNDS} rounds of two ${BURST_SEC} s bursts, with and without ${WHAT.find((w) => w.value === profiler)!.label}, in alternating order.`}</p>}
      {state.results.length > 1 && (
        <div className="table-scroll"><table className="data-table compact" data-testid="overhead-table">
          <thead><tr><th scope="col">Sampling</th><th scope="col">Req/s without</th><th scope="col">Req/s with</th><th scope="col">Cost</th><th scope="col">95 % interval of the cost</th><th scope="col">p99 without (ms)</th><th scope="col">p99 with (ms)</th></tr></thead>
          <tbody>
            {state.results.map((r) => {
              const cells = overheadCells(r);
              return (
                <tr key={r.samplingIntervalUs}>
                  <th scope="row" title={samplingWords(r.samplingIntervalUs)}>{samplingEvery(r.samplingIntervalUs)}</th><td>{formatInt(r.withoutProfiler.rps)}</td><td>{formatInt(r.withProfiler.rps)}</td><td>{cells.cost}</td>
                  <td>{cells.interval}</td><td>{formatNumber(r.withoutProfiler.p99Ms, 2)}</td><td>{formatNumber(r.withProfiler.p99Ms, 2)}</td>
                </tr>
              );
            })}
          </tbody>
        </table></div>
      )}
      {state.results.map((r) => <p key={`${r.profiler ?? 'cpu'} ${r.samplingIntervalUs}`} className="note" data-testid="overhead-result">{overheadSentence(r)}</p>)}
      <ErrorNote message={state.error} testId="overhead-error" />
    </div>
  );
}

/** On a result: the last overhead measured in this session on the same target, load and sampling interval. */
export function OverheadNote({ samplingIntervalUs, setting }: { samplingIntervalUs: number; setting: OverheadSetting }) {
  const client = useClient();
  const [result, setResult] = useState<OverheadResult | null>(null);
  useEffect(() => {
    let cancelled = false;
    client.api.lastOverhead({ samplingIntervalUs, setting }).then((r) => !cancelled && setResult(r), () => undefined);
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the setting's fields, not its identity
  }, [client, samplingIntervalUs, setting.target, setting.url, setting.method, setting.connections]);
  if (!result) return null;
  return <p className="note muted" data-testid="overhead-note">{overheadSentence(result)} (measured {new Date(result.measuredAt).toLocaleTimeString()})</p>;
}
