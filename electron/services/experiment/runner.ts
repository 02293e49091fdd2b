// Runs an A/B experiment: rounds of A and B in back-to-back pairs (the first
// pair's order decided by a coin and recorded, then alternating: A B, B A, …
// — shared/experiment/order.ts), each round a full recording through the
// service's own recorder (warm-up, profile + load), the target restarted for
// every round when A and B differ by env, arguments or script. Progress per
// round; Stop ends the round under way (kept, marked cut short) and keeps
// every finished round. The statistics are shared/experiment + shared/stats.
import { internalErrorSentence } from '../../../shared/api-sentences.ts';
import { randomUUID } from 'node:crypto';
import type { ExperimentSpecResolved, FlambeEvent, RecordRequestResolved, RecordingProgress, RecordingResult } from '../../../shared/api.ts';
import { completePairs, roundOrder } from '../../../shared/experiment/order.ts';
import type { ExperimentProgress, ExperimentResult, ExperimentRound } from '../../../shared/experiment/types.ts';
import type { RoundInterference } from '../../../shared/experiment/interference.ts';
import { seededRandom } from '../../../shared/stats/index.ts';
import { UserError, isUserError } from '../errors.ts';
import { runBurstInWorker } from '../load/run.ts';
import type { BurstHandle, BurstOptions } from '../load/burst.ts';
import { watchMachine } from './machine-readings.ts';
import { startRoundComparer, type RoundComparer } from './compare-in-worker.ts';
import { headline, knowsEnough, untilSentence, type UntilOutcome, type UntilSettings } from '../../../shared/experiment/until.ts';
import { planExperiment, resolveUrl, type VariantPlan } from './plan.ts';
import { VariantTarget, type ExperimentApi } from './variant-target.ts';

/** The most pairs an experiment that runs until it knows adds up to (the spec's own limit for rounds). */
const MAX_PAIRS = 30;
/** A freshly started process is slow at first (cold JIT, lazy module loading): its first round would pay for that alone. */
const FRESH_TARGET_WARMUP_SEC = 1;

export interface ExperimentDeps {
  api: ExperimentApi;
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
  const run = new ExperimentRun(spec, deps);
  return { id: run.result.id, result: run.result, stop: () => run.stop(), done: run.done };
}

type Live = { rps?: number; p99Ms?: number };

/** One experiment from its first round to its answer; each method is one step of it. */
class ExperimentRun {
  readonly result: ExperimentResult;
  readonly done: Promise<ExperimentResult>;
  // Each round as shared/compare reads it (its profile imported once) lives in this worker, for the comparison after every round.
  private readonly comparer: RoundComparer;
  private readonly target: VariantTarget;
  private readonly runBurst: (opts: BurstOptions) => BurstHandle;
  private readonly slots: ('A' | 'B')[];
  // Grows when the experiment runs until it knows (spec.until): a pair at a time.
  private total: number;
  private readonly startedAt = Date.now();
  private stopRequested = false;
  private currentRecording: string | null = null;
  private currentBurst: BurstHandle | null = null;

  private readonly spec: ExperimentSpecResolved;
  private readonly deps: ExperimentDeps;

  constructor(spec: ExperimentSpecResolved, deps: ExperimentDeps) {
    this.spec = spec;
    this.deps = deps;
    const coin = spec.seed !== undefined ? seededRandom(spec.seed)() : Math.random();
    const order: 'AB' | 'BA' = coin < 0.5 ? 'AB' : 'BA';
    this.result = {
      id: randomUUID(), name: spec.name ?? '', createdAt: new Date().toISOString(), spec, order, status: 'running', error: null,
      variants: { a: { name: 'A', what: '' }, b: { name: 'B', what: '' } }, rounds: [], comparison: null, output: null,
    };
    this.comparer = (deps.startComparer ?? startRoundComparer)();
    this.target = new VariantTarget(deps.api);
    this.runBurst = deps.runBurst ?? runBurstInWorker;
    this.slots = roundOrder(order, spec.rounds);
    this.total = this.slots.length;
    this.done = this.rounds().then(() => this.ended(), (e: unknown) => this.failed(e)).then(() => this.finish());
  }

  stop(): void {
    this.stopRequested = true;
    this.currentBurst?.stop();
    if (this.currentRecording) void this.deps.api.stopRecording({ id: this.currentRecording });
  }

  private emit(roundIndex: number, variant: VariantPlan | null, phase: string, within: number, message: string, live?: Live): void {
    this.deps.progress({
      experimentId: this.result.id, roundIndex, totalRounds: this.total, variant: variant?.key ?? null, variantName: variant?.variant.name ?? null,
      phase, fraction: Math.min(1, (roundIndex + Math.max(0, Math.min(1, within))) / this.total), message, finished: this.result.rounds.slice(), ...live,
    });
  }

  /** The comparison of the complete pairs so far: the statistics pair each round with its neighbour (shared/stats paired.ts). */
  private async recompute(): Promise<void> {
    const pairs = completePairs(this.result.rounds, (r) => r.complete && !r.error);
    const ids = (rs: ExperimentRound[]) => rs.map((r) => r.recordingId);
    this.result.comparison = await this.comparer.compare({
      names: { a: this.result.variants.a.name, b: this.result.variants.b.name }, a: ids(pairs.a), b: ids(pairs.b),
      buckets: { a: pairs.a.map((r) => r.bucketsMsPer1k), b: pairs.b.map((r) => r.bucketsMsPer1k) },
      machine: { a: pairs.a.map((r) => r.interference ?? undefined), b: pairs.b.map((r) => r.interference ?? undefined) },
    });
  }

  private async launch(index: number, v: VariantPlan): Promise<number[]> {
    const launched = await this.target.launch(v, (twin) => {
      this.emit(index, v, 'starting', 0.2, `Round ${index + 1} of ${this.total} — stopping ${twin.label} (pid ${twin.pid}), started earlier: a second copy could not start beside it (its port was taken)`);
    });
    this.result.output = launched.output;
    return launched.ports;
  }

  /**
   * Load, unmeasured, on every URL a freshly started target will serve in this
   * experiment, so no round pays for the process's cold start (with A and B on
   * one process, the variant that happened to run first would).
   */
  private async warmFreshTarget(index: number, v: VariantPlan, urls: string[]): Promise<void> {
    const seconds = Math.max(FRESH_TARGET_WARMUP_SEC, this.spec.warmupSec);
    for (const url of urls) {
      if (this.stopRequested) return;
      this.emit(index, v, 'starting', 0.5, `Round ${index + 1} of ${this.total} — warming up the fresh ${v.key} process (${seconds} s on ${new URL(url).pathname})`);
      this.currentBurst = this.runBurst({ settings: { ...this.spec.load, url }, durationSec: seconds, ignoreRequestCount: true });
      await this.currentBurst.done.catch(() => undefined);
      this.currentBurst = null;
    }
  }

  /** One recording through the service; resolves with the finished recording, profile included. */
  private async record(index: number, v: VariantPlan, round: number, url: string): Promise<{ rec: RecordingResult; stoppedEarly: boolean; interference: RoundInterference | null }> {
    let recordingId: string | null = null;
    // Progress the recorder reports while it starts, before its id is known here.
    const early: RecordingProgress[] = [];
    const show = (p: RecordingProgress) => {
      if (p.recordingId !== recordingId) return;
      this.emit(index, v, p.phase, p.fraction, `Round ${index + 1} of ${this.total} — ${v.key} (${v.variant.name}), round ${round}: ${p.message}`, { rps: p.rps, p99Ms: p.p99Ms });
    };
    const off = this.deps.onEvent((e) => {
      if (e.name !== 'recordingProgress') return;
      if (recordingId) show(e.payload);
      else early.push(e.payload);
    });
    const machine = (this.deps.watchMachine ?? watchMachine)();
    try {
      const started = this.deps.record({
        targetId: this.spec.profile ? this.target.current : null,
        load: { ...this.spec.load, url },
        warmupSec: this.spec.warmupSec,
        samplingIntervalUs: this.spec.samplingIntervalUs,
        name: `${this.result.name} · ${v.key} (${v.variant.name}) · round ${round}`,
        tags: ['experiment'],
      });
      recordingId = started.id;
      this.currentRecording = recordingId;
      for (const p of early.splice(0)) show(p);
      if (this.stopRequested) void this.deps.api.stopRecording({ id: recordingId });
      const rec = await started.finished;
      return { rec, stoppedEarly: !!rec.load?.stoppedEarly || this.stopRequested, interference: machine.finish(rec.samples) };
    } finally {
      off();
      this.currentRecording = null;
    }
  }

  /**
   * Rounds until it knows: after the last planned pair, one more pair while
   * the headline interval is wider than asked, another pair fits in the
   * budget (at the pace so far), and fewer than MAX_PAIRS ran.
   */
  private decideMorePairs(until: UntilSettings): void {
    const pairs = this.slots.length / 2;
    const elapsedSec = (Date.now() - this.startedAt) / 1000;
    const h = headline(this.result.comparison);
    const end = (ended: UntilOutcome['ended']) => {
      this.result.until = { ...until, ended, pairs: this.result.comparison?.rounds ?? 0, measure: h?.measure ?? null, halfWidthPercent: h?.halfWidthPercent ?? null };
    };
    if (knowsEnough(this.result.comparison, until)) return end('met');
    if (elapsedSec + elapsedSec / pairs > until.budgetSec) return end('budget');
    if (pairs >= MAX_PAIRS) return end('max');
    this.slots.push(...roundOrder(this.result.order, pairs + 1).slice(-2));
    this.total = this.slots.length;
    this.result.until = null;
  }

  /** Every round in its slot, each variant's target started when it must be. */
  private async rounds(): Promise<void> {
    const demo = await this.deps.api.demoServer({});
    const plan = planExperiment(this.spec, demo);
    this.result.variants = { a: plan.a.variant, b: plan.b.variant };
    this.result.name ||= `${plan.a.variant.name} vs ${plan.b.variant.name}`;
    const variants = { A: plan.a, B: plan.b };
    let ports: number[] = [];
    let lastVariant: 'A' | 'B' | null = null;
    const perVariant = { A: 0, B: 0 };

    for (let index = 0; index < this.slots.length; index++) {
      if (this.stopRequested) break;
      const key = this.slots[index];
      const v = variants[key];
      const round = ++perVariant[key];
      if (v.launch && (this.target.current === null || !(await this.target.isRunning()) || (plan.restartEachRound && lastVariant !== null))) {
        this.emit(index, v, 'starting', 0, `Round ${index + 1} of ${this.total} — starting ${v.key} (${v.variant.name})`);
        await this.target.stop();
        ports = await this.launch(index, v);
        const servedHere = plan.restartEachRound ? [v.url] : [...new Set([plan.a.url, plan.b.url])];
        await this.warmFreshTarget(index, v, servedHere.map((u) => resolveUrl(u, ports)).filter((u): u is string => !!u));
      }
      lastVariant = key;
      if (this.stopRequested) break;
      const url = resolveUrl(v.url, ports);
      if (!url) throw new UserError(`Variant ${v.key} (${v.variant.name}) does not listen on any port: give the full URL to load.`);
      await this.oneRound(index, v, round, url);
    }
  }

  /** A round recorded, measured and kept; the comparison made again; a fault of the target ends the experiment. */
  private async oneRound(index: number, v: VariantPlan, round: number, url: string): Promise<void> {
    const { rec, stoppedEarly, interference } = await this.record(index, v, round, url);
    const m = await this.comparer.measure(rec);
    this.result.rounds.push({
      index, variant: v.key, round, recordingId: rec.id,
      requests: m.requests, rps: m.rps, p50Ms: m.p50Ms, p90Ms: m.p90Ms, p99Ms: m.p99Ms, cpuMsPer1k: m.cpuMsPer1k, processCpuMsPer1k: m.processCpuMsPer1k, bucketsMsPer1k: m.bucketsMsPer1k,
      process: m.process, growth: m.growth,
      error: rec.error, complete: !stoppedEarly && !rec.error, stdout: rec.target?.stdio?.stdout ?? null,
      ...(this.deps.isSaved && !this.deps.isSaved(rec.id) ? { notSaved: true } : {}),
      ...(interference ? { interference } : {}),
    });
    await this.recompute();
    this.deps.save(this.result);
    if (this.spec.until && index === this.slots.length - 1 && !this.stopRequested) this.decideMorePairs(this.spec.until);
    this.emit(index + 1, v, 'round done', 0, `Round ${index + 1} of ${this.total} done — ${v.key}: ${m.rps?.toFixed(0) ?? '?'} requests/s, p99 ${m.p99Ms?.toFixed(1) ?? '?'} ms`);
    // A round the server answered badly is kept and the experiment goes on.
    if (rec.error && v.launch && this.target.current && !(await this.target.isRunning())) {
      throw new UserError(`Round ${index + 1} (${v.key}) ended in a fault: ${rec.error}`);
    }
  }

  private ended(): void {
    this.result.status = this.stopRequested ? 'stopped' : 'done';
    if (this.stopRequested) this.result.error = `Stopped after ${this.result.rounds.filter((r) => r.complete).length} complete round(s); they are kept.`;
  }

  private failed(e: unknown): void {
    this.result.status = 'failed';
    this.result.error = isUserError(e) ? e.message : internalErrorSentence(e);
  }

  /** The target stopped, the last comparison made, the until-outcome said, the experiment kept. */
  private async finish(): Promise<ExperimentResult> {
    const result = this.result;
    await this.target.stop();
    // A comparison worker that ran out of memory keeps the last comparison it made (the error says why it stopped).
    await this.recompute().catch(() => undefined);
    await this.comparer.close();
    if (this.spec.until && !result.until) {
      const h = headline(result.comparison);
      result.until = { ...this.spec.until, ended: 'stopped', pairs: result.comparison?.rounds ?? 0, measure: h?.measure ?? null, halfWidthPercent: h?.halfWidthPercent ?? null };
    }
    if (result.until && result.comparison) result.comparison.verdict += ` ${untilSentence(result.until)}`;
    this.deps.save(result);
    this.emit(this.total, null, result.status, 1, result.error ?? result.comparison?.verdict ?? 'Done');
    return result;
  }
}
