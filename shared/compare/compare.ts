// buildComparison: A and B, each one or more rounds, into one Comparison
// (types.ts) — load numbers with how sure Flambé is of each, "what changed"
// tables, unlike-run warnings, and the verdict.
import { failedPer1kSent } from '../load/request-counts.ts';
import { categoryBreakdown, msPerThousandRequests } from '../profile/views/categories.ts';
import { metricOf } from './metric.ts';
import { processCpuMsPer1k } from './process-cpu.ts';
import { compareAllocationRounds } from './allocations.ts';
import type { NoiseMetric } from './noise.ts';
import { cpuShareRatio, farBeyondRatio, noiseBand, spreadText, type LibraryNoise, type MachineNoise } from './machine-noise.ts';
import { requestWorkOf, roundPerRequest } from './round.ts';
import { bucketRows, categoryRows, fileRows, functionRows, packageRows, perRequestOf, type ProfiledSide } from './rows.ts';
import type { SpreadPrior } from '../stats/index.ts';
import type { Profile } from '../profile/model.ts';
import type { CompareRound, Comparison, HowSure, LoadComparison, Metric, SideSummary } from './types.ts';
import { correctForManyMeasures } from './correct.ts';
import { verdictOf } from '../verdict/compare-verdict.ts';
import { unavailableViews, unlikeRunWarnings } from './warnings.ts';
import { periodicSamples } from '../recording/process-samples.ts';
import { hasCpu, isCpuTime, mainThreadBusyShare } from '../profile/cpu-time.ts';

export interface CompareOptions {
  /** Run-to-run noise learned from the library (noise.ts, machine-noise.ts), for one run each; absent, the default spreads still apply. */
  noise?: LibraryNoise;
  /** Names for the sides (an experiment's variants); default: the first round's name. */
  names?: { a?: string; b?: string };
  /**
   * aRounds[i] and bRounds[i] ran back to back (an experiment's pairs, both
   * sides as long): every interval is the paired one (shared/stats paired.ts).
   */
  paired?: boolean;
  /**
   * With `paired`: how far the pairs of the same code spread on a busy machine, known apart from these pairs
   * (an experiment whose disturbed pairs could not be left out: shared/experiment/busy-spread.ts). The CPU per
   * 1 000 requests and the tables' rows are judged with it (stats/paired.ts SpreadPrior).
   */
  pairSpread?: SpreadPrior;
}

const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0);

/** CPU ms of a profiled, loaded round per 1000 requests: neither idle nor background work (no request behind it). */
export function cpuMsPer1k(round: CompareRound): number | null {
  const per = roundPerRequest(round);
  const profile = requestWorkOf(round);
  if (!profile || per === null) return null;
  return msPerThousandRequests(requestCodeMs(profile), per);
}

/** How much of its sampled busy time the round's main thread had a core (../profile/cpu-time.ts). */
const busyCpuShare = (round: CompareRound) => mainThreadBusyShare(round.cpu);

/** A profile's sampled ms in requests' code: neither idle nor background work. */
function requestCodeMs(profile: Profile): number {
  return profile.durationMs - categoryBreakdown(profile).filter((c) => !hasCpu(c.kind) || c.id === 'background').reduce((s, c) => s + c.ms, 0);
}

/**
 * The spread the profile's figures have in pairs of the same code: the machine's (`machine`) and the sampling's — a
 * round's CPU per 1 000 requests is n samples in requests' code, so ln of it varies by about 1/n (Poisson), and a
 * pair's ratio by 1/n of each round. A route of little CPU has few samples: its profile spreads wider than the process.
 */
function profileSpread(machine: SpreadPrior, aRounds: CompareRound[], bRounds: CompareRound[]): SpreadPrior {
  const inverseSamples = (r: CompareRound) => {
    const p = requestWorkOf(r);
    const n = p && p.samples.length ? requestCodeMs(p) / (p.durationMs / p.samples.length) : 0;
    return n >= 1 ? 1 / n : 1;
  };
  const sampling = mean(aRounds.map((a, i) => inverseSamples(a) + inverseSamples(bRounds[i])));
  return { sd: Math.sqrt(machine.sd ** 2 + sampling), df: machine.df };
}

/** `rps`: the load table's value for this side (a geometric mean of rounds), so a header and its table say the same number. */
function side(rounds: CompareRound[], name: string | undefined, rps: number | null): SideSummary {
  const loads = rounds.map((r) => r.load);
  const all = loads.every((l) => l !== null);
  const profiles = rounds.map((r) => r.profile);
  return {
    name: name ?? rounds[0].meta.name,
    ids: rounds.map((r) => r.meta.id),
    rounds: rounds.length,
    requests: all ? mean(loads.map((l) => l!.requests)) : null,
    rps: all ? rps ?? mean(loads.map((l) => l!.rps)) : null,
    durationMs: profiles.every((p) => p) ? mean(profiles.map((p) => p!.durationMs)) : null,
  };
}

function loadComparison(a: CompareRound[], b: CompareRound[], noise: LibraryNoise | undefined, paired: boolean): LoadComparison | null {
  if (![...a, ...b].every((r) => r.load)) return null;
  // One run each: a run the machine starved of a core serves less for that alone (wall time: not the bytes or CPU).
  const starved = a.length === 1 && b.length === 1 ? cpuShareRatio(busyCpuShare(a[0]), busyCpuShare(b[0])) : null;
  const band = (metric: NoiseMetric) => ({ ...noiseBand(metric, noise?.machine), ...(starved ? { cpuShareRatio: starved } : {}) });
  const m = (value: (r: CompareRound) => number, metric?: NoiseMetric): Metric =>
    metricOf(a.map(value), b.map(value), metric ? noise?.metrics[metric] : undefined, paired, metric ? band(metric) : undefined);
  const per1k = (n: number, r: CompareRound) => (r.load!.requests > 0 ? (n / r.load!.requests) * 1000 : 0);
  return {
    rps: m((r) => r.load!.rps, 'rps'),
    p50Ms: m((r) => r.load!.latencyMs.p50, 'p50Ms'),
    p90Ms: m((r) => r.load!.latencyMs.p90, 'p90Ms'),
    p99Ms: m((r) => r.load!.latencyMs.p99, 'p99Ms'),
    maxMs: unjudged(m((r) => r.load!.latencyMs.max, 'maxMs')),
    errorsPer1k: m((r) => failedPer1kSent(r.load!)),
    non2xxPer1k: m((r) => per1k(r.load!.non2xx, r)),
  };
}

/** The maximum is one request's latency: shown beside the others, never judged (types.ts Metric.withheld). */
function unjudged(m: Metric): Metric {
  const { test: _test, noiseBand: _band, ...shown } = m;
  return { ...shown, basis: shown.basis === 'machine' ? 'single' : shown.basis, ci95: null, significant: null, negligible: false, withheld: 'one-request' };
}

function howSure(a: CompareRound[], b: CompareRound[], load: LoadComparison | null, noise: LibraryNoise | undefined, paired: boolean): HowSure {
  if (paired && a.length >= 2) {
    return {
      basis: 'rounds',
      summary: `From ${a.length} pairs of rounds, A and B back to back in each (alternating which goes first): each interval comes from how much B/A varies from pair to pair (a paired t interval on the logarithms), widened so that all the measures and rows shown hold together at 95% (Holm; Benjamini–Hochberg for the tables). A change is called real only when its interval leaves out 0, at least 3 in 4 pairs moved the same way, and it is at least 3%. What the machine was doing at the time hits both rounds of a pair alike, so it cancels out.`,
    };
  }
  if (a.length >= 2 && b.length >= 2) {
    return { basis: 'rounds', summary: `From ${a.length} rounds of A and ${b.length} of B: every interval comes from how much the rounds of each side differ (Welch's interval on the rounds), widened so that all the measures and rows shown hold together at 95%; changes under 3% are "no meaningful difference".` };
  }
  const rps = noise?.metrics.rps;
  const rpsNoisePercent = rps ? (Math.exp(rps.sdLog) - 1) * 100 : null;
  if (load?.rps.basis === 'repeats' && noise) {
    return {
      basis: 'repeats', repeats: noise.runs, rpsNoisePercent,
      summary: `One run each. ${noise.runs} recordings in the library repeat these settings; between them requests/s varies by about ±${Math.round(rpsNoisePercent ?? 0)}% by chance, and each interval allows for that.`,
    };
  }
  const starved = cpuShareRatio(busyCpuShare(a[0]), busyCpuShare(b[0]));
  const starvedText = starved ? ` One run's main thread had a core for ${starved.toFixed(1)}× less of its busy time than the other's (the machine made it wait): requests/s and latency are judged against a bar ${starved.toFixed(1)}× higher.` : '';
  return { basis: 'single', repeats: noise?.runs ?? 0, rpsNoisePercent, summary: singleRunSummary(noise?.machine) + starvedText };
}

/** How one run each is judged, said where users read it (machine-noise.ts has the method). */
function singleRunSummary(machine: MachineNoise | undefined): string {
  const band = noiseBand('rps', machine);
  const seen = band.seenPercent === null
    ? 'no experiment in the library shows how far its rounds differ here, so Flambé allows what a busy machine shows'
    : `the rounds of the library's experiments on this machine have differed by up to ${spreadText(band.seenPercent)}${band.from === 'default' ? ', and Flambé allows at least what a busy machine shows' : ''}`;
  return `One run each: two runs of the same code can differ by ${spreadText(band.spreadPercent)} in requests/s (${seen}). `
    + `A change is called real only when it is far beyond that — past ${farBeyondRatio(band).toFixed(1)}× either way, the spread three times over (each measure has its own spread; latency's is wider); `
    + 'anything smaller reads "cannot tell". Record A and B again with the same settings, or run them as an experiment, to learn the noise of these settings and judge smaller changes.';
}

export function buildComparison(aRounds: CompareRound[], bRounds: CompareRound[], options: CompareOptions = {}): Comparison {
  if (aRounds.length === 0 || bRounds.length === 0) throw new Error('buildComparison needs at least one round on each side');
  const noise = options.noise;
  const paired = !!options.paired;
  if (paired && aRounds.length !== bRounds.length) throw new Error('buildComparison: paired rounds need as many rounds of A as of B');
  const load = loadComparison(aRounds, bRounds, noise, paired);
  const profiled = [...aRounds, ...bRounds].every((r) => r.profile);
  const processPrior = paired ? options.pairSpread : undefined;
  const prior = processPrior && profiled ? profileSpread(processPrior, aRounds, bRounds) : undefined;
  const ps = (rounds: CompareRound[]): ProfiledSide => ({ profiles: rounds.map((r) => requestWorkOf(r)!), requests: rounds.map(roundPerRequest), paired, prior });
  const pa = profiled ? ps(aRounds) : null;
  const pb = profiled ? ps(bRounds) : null;
  const perRequest = !!pa && !!pb && perRequestOf(pa, pb);
  // One round without the OS clock makes the whole comparison sampled time: the two sides must be in one unit.
  const cpuTime = perRequest && [...aRounds, ...bRounds].every((r) => isCpuTime(roundPerRequest(r)));

  const cpuA = aRounds.map(cpuMsPer1k);
  const cpuB = bRounds.map(cpuMsPer1k);
  const cpuMsPer1kRequests = [...cpuA, ...cpuB].every((x) => x !== null && x > 0)
    ? metricOf(cpuA as number[], cpuB as number[], noise?.metrics.cpuMsPer1k, paired, noiseBand('cpuMsPer1k', noise?.machine), prior) : null;
  const procA = aRounds.map(processCpuMsPer1k);
  const procB = bRounds.map(processCpuMsPer1k);
  // The whole process's CPU per request moves with the profile's: judged against the same spread.
  const processCpu = [...procA, ...procB].every((x) => x !== null) ? metricOf(procA as number[], procB as number[], undefined, paired, noiseBand('cpuMsPer1k', noise?.machine), processPrior) : null;
  const eluOf = (r: CompareRound) => {
    const s = periodicSamples(r.samples);
    return s.length ? mean(s.map((x) => x.elu)) : null;
  };
  const eluA = aRounds.map(eluOf);
  const eluB = bRounds.map(eluOf);
  const elu = [...eluA, ...eluB].every((x) => x !== null) ? metricOf(eluA as number[], eluB as number[], undefined, paired) : null;

  const parts: Omit<Comparison, 'verdict'> = {
    a: side(aRounds, options.names?.a, load?.rps.a ?? null),
    b: side(bRounds, options.names?.b, load?.rps.b ?? null),
    perRequest,
    cpuTime,
    load,
    cpuMsPer1kRequests,
    processCpuMsPer1k: processCpu,
    elu,
    allocations: compareAllocationRounds(aRounds, bRounds, paired, noise?.metrics.bytesPerRequest, noiseBand('bytesPerRequest', noise?.machine)),
    buckets: pa && pb ? bucketRows(pa, pb) : [],
    categories: pa && pb ? categoryRows(pa, pb) : [],
    functions: pa && pb ? functionRows(pa, pb) : [],
    files: pa && pb ? fileRows(pa, pb) : [],
    packages: pa && pb ? packageRows(pa, pb) : [],
    warnings: unlikeRunWarnings(aRounds, bRounds),
    unavailable: unavailableViews(aRounds, bRounds),
    howSure: howSure(aRounds, bRounds, load, noise, paired),
  };
  const judged = parts.howSure.basis === 'rounds' ? correctForManyMeasures(parts) : parts;
  return { ...judged, verdict: verdictOf(judged) };
}
