// Runs an A/B experiment: rounds of A and B in back-to-back pairs (the first
// pair's order decided by a coin and recorded, then alternating: A B, B A, …
// — shared/experiment/order.ts), each round a full recording through the
// service's own recorder (warm-up, profile + load), the target restarted for
// every round when A and B differ by env, arguments or script. Progress per
// round; Stop ends the round under way (kept, marked cut short) and keeps
// every finished round. The statistics are shared/experiment + shared/stats.
import { internalErrorSentence } from '../../../shared/api-sentences.ts';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { ExperimentSpecResolved, FlambeApi, FlambeEvent, LaunchSpec, RecordRequestResolved, RecordingProgress, RecordingResult } from '../../../shared/api.ts';
import { completePairs, roundOrder } from '../../../shared/experiment/order.ts';
import type { ExperimentProgress, ExperimentResult, ExperimentRound } from '../../../shared/experiment/types.ts';
import type { RoundInterference } from '../../../shared/experiment/interference.ts';
import { seededRandom } from '../../../shared/stats/index.ts';
import { UserError, isUserError, messageOf } from '../errors.ts';
import { runBurstInWorker } from '../load/run.ts';
import type { BurstHandle, BurstOptions } from '../load/burst.ts';
import { watchMachine } from './machine.ts';
import { startRoundComparer, type RoundComparer } from './compare-in-worker.ts';
import { headline, knowsEnough, untilSentence, type UntilOutcome, type UntilSettings } from '../../../shared/experiment/until.ts';
import { planExperiment, resolveUrl, type VariantPlan } from './plan.ts';

const LISTEN_WAIT_MS = 10_000;
/** The most pairs an experiment that runs until it knows adds up to (the spec's own limit for rounds). */
const MAX_PAIRS = 30;
/** A freshly started process is slow at first (cold JIT, lazy module loading): its first round would pay for that alone. */
const FRESH_TARGET_WARMUP_SEC = 1;

export interface ExperimentDeps {
  api: Pick<FlambeApi, 'launchTarget' | 'getTarget' | 'stopTarget' | 'listTargets' | 'stopRecording' | 'demoServer'>;
  /**
   * Starts one round's recording the way the service starts every recording
   * (service.ts begin()): its id at once, and the recording — kept in the
   * library or in memory, profile included — when it ends.
   */
  record(req: RecordRequestResolved): { id: string; finished: Promise<RecordingResult> };
  /** The service's events: a round's recordingProgress becomes the experiment's progress. */
  onEvent(listener: (e: FlambeEvent) => void): () => void;
  progress(p: ExperimentProgress): void;
  /** Keeps the experiment (after every round, and at the end); false when it could not be written. */
  save(exp: ExperimentResult): boolean;
  /** Whether the library kept a finished round's recording (false: kept in memory only). */
  isSaved?(recordingId: string): boolean;
  /** Reads what the machine does to each round (machine.ts); a test may give a quiet or a busy machine. */
  watchMachine?: typeof watchMachine;
  /** Where warm-up bursts run; a worker thread unless a test says otherwise. */
  runBurst?: (opts: BurstOptions) => BurstHandle;
  /** Where the rounds are imported and compared: a worker thread of the experiment's own (compare-in-worker.ts). */
  startComparer?: () => RoundComparer;
}

export interface ExperimentHandle {
  id: string;
  result: ExperimentResult;
  stop(): void;
  done: Promise<ExperimentResult>;
}

export function startExperiment(spec: ExperimentSpecResolved, deps: ExperimentDeps): ExperimentHandle {
  const id = randomUUID();
  const coin = spec.seed !== undefined ? seededRandom(spec.seed)() : Math.random();
  const order: 'AB' | 'BA' = coin < 0.5 ? 'AB' : 'BA';
  const createdAt = new Date().toISOString();
  const result: ExperimentResult = {
    id, name: spec.name ?? '', createdAt, spec, order, status: 'running', error: null,
    variants: { a: { name: 'A', what: '' }, b: { name: 'B', what: '' } }, rounds: [], comparison: null, output: null,
  };
  // Each round as shared/compare reads it (its profile imported once) lives in this worker, for the comparison after every round.
  const comparer = (deps.startComparer ?? startRoundComparer)();
  let stopRequested = false;
  let currentRecording: string | null = null;
  let currentTarget: string | null = null;
  let currentBurst: BurstHandle | null = null;
  const runBurst = deps.runBurst ?? runBurstInWorker;

  const slots = roundOrder(order, spec.rounds);
  // Grows when the experiment runs until it knows (spec.until): a pair at a time.
  let total = slots.length;
  const startedAt = Date.now();

  const emit = (roundIndex: number, variant: VariantPlan | null, phase: string, within: number, message: string, live?: { rps?: number; p99Ms?: number }) => {
    deps.progress({
      experimentId: id, roundIndex, totalRounds: total, variant: variant?.key ?? null, variantName: variant?.variant.name ?? null,
      phase, fraction: Math.min(1, (roundIndex + Math.max(0, Math.min(1, within))) / total), message, finished: result.rounds.slice(), ...live,
    });
  };

  const recompute = async () => {
    // The statistics pair each round with its neighbour (shared/stats paired.ts): only complete pairs count.
    const pairs = completePairs(result.rounds, (r) => r.complete && !r.error);
    const ids = (rs: ExperimentRound[]) => rs.map((r) => r.recordingId);
    result.comparison = await comparer.compare({
      names: { a: result.variants.a.name, b: result.variants.b.name }, a: ids(pairs.a), b: ids(pairs.b),
      buckets: { a: pairs.a.map((r) => r.bucketsMsPer1k), b: pairs.b.map((r) => r.bucketsMsPer1k) },
      machine: { a: pairs.a.map((r) => r.interference ?? undefined), b: pairs.b.map((r) => r.interference ?? undefined) },
    });
  };

  async function stopCurrentTarget(): Promise<void> {
    if (!currentTarget) return;
    const t = currentTarget;
    currentTarget = null;
    await deps.api.stopTarget({ targetId: t }).catch(() => undefined);
  }

  /**
   * Launches the variant's target and waits until it listens. A copy of the
   * same script the user started earlier (step 1 of the Record screen) may
   * hold the port the script always opens: when the launch fails and such a
   * copy runs, it is stopped, once, and the launch tried again.
   */
  async function launch(index: number, v: VariantPlan): Promise<{ targetId: string; ports: number[] }> {
    try {
      return await launchOnce(v);
    } catch (e) {
      const twin = await runningCopyOf(v.launch!);
      if (!twin) throw e;
      emit(index, v, 'starting', 0.2, `Round ${index + 1} of ${total} — stopping ${twin.label} (pid ${twin.pid}), started earlier: a second copy could not start beside it (its port was taken)`);
      await deps.api.stopTarget({ targetId: twin.targetId }).catch(() => undefined);
      return launchOnce(v);
    }
  }

  /** Another running process of the same script, launched by Flambé (not one of this experiment's). */
  async function runningCopyOf(l: LaunchSpec): Promise<{ targetId: string; label: string; pid: number } | null> {
    const script = path.resolve(l.cwd || process.cwd(), l.script);
    const { targets } = await deps.api.listTargets({}).catch(() => ({ targets: [] }));
    const twin = targets.find((t) => t.kind === 'launched' && t.running && t.targetId !== currentTarget && t.argv[1] && path.resolve(t.argv[1]) === script);
    return twin ? { targetId: twin.targetId, label: twin.label, pid: twin.pid } : null;
  }

  async function launchOnce(v: VariantPlan): Promise<{ targetId: string; ports: number[] }> {
    const info = await deps.api.launchTarget(v.launch!).catch((e: unknown) => {
      throw new UserError(`Variant ${v.key} (${v.variant.name}) could not start: ${messageOf(e)}`);
    });
    currentTarget = info.targetId;
    result.output = info.stdio?.tailedFile ? 'file' : 'pipe';
    const deadline = Date.now() + LISTEN_WAIT_MS;
    for (;;) {
      const t = await deps.api.getTarget({ targetId: info.targetId });
      if (t.listeningPorts.length) return { targetId: info.targetId, ports: t.listeningPorts };
      if (!t.running) throw new UserError(`Variant ${v.key} (${v.variant.name}) exited as it started${t.lastError ? `: ${t.lastError}` : '.'}`);
      if (Date.now() > deadline) throw new UserError(`Variant ${v.key} (${v.variant.name}) did not open a port within ${LISTEN_WAIT_MS / 1000} s: is it a server?`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /**
   * Load, unmeasured, on every URL a freshly started target will serve in this
   * experiment, so no round pays for the process's cold start (with A and B on
   * one process, the variant that happened to run first would).
   */
  async function warmFreshTarget(index: number, v: VariantPlan, urls: string[]): Promise<void> {
    const seconds = Math.max(FRESH_TARGET_WARMUP_SEC, spec.warmupSec);
    for (const url of urls) {
      if (stopRequested) return;
      emit(index, v, 'starting', 0.5, `Round ${index + 1} of ${total} — warming up the fresh ${v.key} process (${seconds} s on ${new URL(url).pathname})`);
      currentBurst = runBurst({ settings: { ...spec.load, url }, durationSec: seconds, ignoreRequestCount: true });
      await currentBurst.done.catch(() => undefined);
      currentBurst = null;
    }
  }

  /** One recording through the service; resolves with the finished recording, profile included. */
  async function record(index: number, v: VariantPlan, round: number, targetId: string | null, url: string): Promise<{ rec: RecordingResult; stoppedEarly: boolean; interference: RoundInterference | null }> {
    let recordingId: string | null = null;
    // Progress the recorder reports while it starts, before its id is known here.
    const early: RecordingProgress[] = [];
    const show = (p: RecordingProgress) => {
      if (p.recordingId !== recordingId) return;
      emit(index, v, p.phase, p.fraction, `Round ${index + 1} of ${total} — ${v.key} (${v.variant.name}), round ${round}: ${p.message}`, { rps: p.rps, p99Ms: p.p99Ms });
    };
    const off = deps.onEvent((e) => {
      if (e.name !== 'recordingProgress') return;
      if (recordingId) show(e.payload);
      else early.push(e.payload);
    });
    const machine = (deps.watchMachine ?? watchMachine)();
    try {
      const started = deps.record({
        targetId: spec.profile ? targetId : null,
        load: { ...spec.load, url },
        warmupSec: spec.warmupSec,
        samplingIntervalUs: spec.samplingIntervalUs,
        name: `${result.name} · ${v.key} (${v.variant.name}) · round ${round}`,
        tags: ['experiment'],
      });
      recordingId = started.id;
      currentRecording = recordingId;
      for (const p of early.splice(0)) show(p);
      if (stopRequested) void deps.api.stopRecording({ id: recordingId });
      const rec = await started.finished;
      return { rec, stoppedEarly: !!rec.load?.stoppedEarly || stopRequested, interference: machine.finish(rec.samples) };
    } finally {
      off();
      currentRecording = null;
    }
  }

  /**
   * Rounds until it knows: after the last planned pair, one more pair while
   * the headline interval is wider than asked, another pair fits in the
   * budget (at the pace so far), and fewer than MAX_PAIRS ran.
   */
  function decideMorePairs(until: UntilSettings): void {
    const pairs = slots.length / 2;
    const elapsedSec = (Date.now() - startedAt) / 1000;
    const h = headline(result.comparison);
    const end = (ended: UntilOutcome['ended']) => {
      result.until = { ...until, ended, pairs: result.comparison?.rounds ?? 0, measure: h?.measure ?? null, halfWidthPercent: h?.halfWidthPercent ?? null };
    };
    if (knowsEnough(result.comparison, until)) return end('met');
    if (elapsedSec + elapsedSec / pairs > until.budgetSec) return end('budget');
    if (pairs >= MAX_PAIRS) return end('max');
    slots.push(...roundOrder(order, pairs + 1).slice(-2));
    total = slots.length;
    result.until = null;
  }

  async function run(): Promise<void> {
    const demo = await deps.api.demoServer({});
    const plan = planExperiment(spec, demo);
    result.variants = { a: plan.a.variant, b: plan.b.variant };
    result.name ||= `${plan.a.variant.name} vs ${plan.b.variant.name}`;
    const variants = { A: plan.a, B: plan.b };
    let ports: number[] = [];
    let lastVariant: 'A' | 'B' | null = null;
    const perVariant = { A: 0, B: 0 };

    for (let index = 0; index < slots.length; index++) {
      if (stopRequested) break;
      const key = slots[index];
      const v = variants[key];
      const round = ++perVariant[key];
      if (v.launch) {
        const running = currentTarget ? await deps.api.getTarget({ targetId: currentTarget }).then((t) => t.running, () => false) : false;
        if (!running || (plan.restartEachRound && lastVariant !== null) || currentTarget === null) {
          emit(index, v, 'starting', 0, `Round ${index + 1} of ${total} — starting ${v.key} (${v.variant.name})`);
          await stopCurrentTarget();
          ports = (await launch(index, v)).ports;
          const servedHere = plan.restartEachRound ? [v.url] : [...new Set([plan.a.url, plan.b.url])];
          await warmFreshTarget(index, v, servedHere.map((u) => resolveUrl(u, ports)).filter((u): u is string => !!u));
        }
      }
      lastVariant = key;
      if (stopRequested) break;
      const url = resolveUrl(v.url, ports);
      if (!url) throw new UserError(`Variant ${v.key} (${v.variant.name}) does not listen on any port: give the full URL to load.`);
      const { rec, stoppedEarly, interference } = await record(index, v, round, currentTarget, url);
      const m = await comparer.measure(rec);
      const entry: ExperimentRound = {
        index, variant: key, round, recordingId: rec.id,
        requests: m.requests, rps: m.rps, p50Ms: m.p50Ms, p90Ms: m.p90Ms, p99Ms: m.p99Ms, cpuMsPer1k: m.cpuMsPer1k, processCpuMsPer1k: m.processCpuMsPer1k, bucketsMsPer1k: m.bucketsMsPer1k,
        process: m.process, growth: m.growth,
        error: rec.error, complete: !stoppedEarly && !rec.error, stdout: rec.target?.stdio?.stdout ?? null,
        ...(deps.isSaved && !deps.isSaved(rec.id) ? { notSaved: true } : {}),
        ...(interference ? { interference } : {}),
      };
      result.rounds.push(entry);
      await recompute();
      deps.save(result);
      if (spec.until && index === slots.length - 1 && !stopRequested) decideMorePairs(spec.until);
      emit(index + 1, v, 'round done', 0, `Round ${index + 1} of ${total} done — ${v.key}: ${m.rps?.toFixed(0) ?? '?'} requests/s, p99 ${m.p99Ms?.toFixed(1) ?? '?'} ms`);
      // A fault of the target ends the experiment; a round the server answered badly is kept and the experiment goes on.
      if (rec.error && v.launch && currentTarget && !(await deps.api.getTarget({ targetId: currentTarget }).then((t) => t.running, () => false))) {
        throw new UserError(`Round ${index + 1} (${v.key}) ended in a fault: ${rec.error}`);
      }
    }
  }

  const done = run().then(
    () => {
      result.status = stopRequested ? 'stopped' : 'done';
      if (stopRequested) result.error = `Stopped after ${result.rounds.filter((r) => r.complete).length} complete round(s); they are kept.`;
    },
    (e: unknown) => {
      result.status = 'failed';
      result.error = isUserError(e) ? e.message : internalErrorSentence(e);
    },
  ).then(async () => {
    await stopCurrentTarget();
    // A comparison worker that ran out of memory keeps the last comparison it made (the error says why it stopped).
    await recompute().catch(() => undefined);
    await comparer.close();
    if (spec.until && !result.until) {
      const h = headline(result.comparison);
      result.until = { ...spec.until, ended: 'stopped', pairs: result.comparison?.rounds ?? 0, measure: h?.measure ?? null, halfWidthPercent: h?.halfWidthPercent ?? null };
    }
    if (result.until && result.comparison) result.comparison.verdict += ` ${untilSentence(result.until)}`;
    deps.save(result);
    emit(total, null, result.status, 1, result.error ?? result.comparison?.verdict ?? 'Done');
    return result;
  });

  return {
    id,
    result,
    stop() {
      stopRequested = true;
      currentBurst?.stop();
      if (currentRecording) void deps.api.stopRecording({ id: currentRecording });
    },
    done,
  };
}
