// One voice (issue 23, item 11): the findings and checks come from one rule
// set, and no two of its sentences may contradict each other. This feeds the
// rules every combination of the inputs that trigger them — how idle the
// profile is, GC, a heavy function, a busy worker thread, the process's CPU, the event loop, the
// latency, the status codes, warm-up — and fails on any contradicting pair.
import { describe, expect, it } from 'vitest';
import type { LoadSummary } from '../recording/load.ts';
import type { ProcessSample } from '../recording/process-samples.ts';
import { profileFromText } from '../profile/test-support/text-profile.ts';
import { buildVerdict, verdictLines, type Verdict } from './profile-verdict.ts';

/** Pairs of sentences that cannot both be true of one run, by check or finding id. */
const CONTRADICTIONS: [string, string, string][] = [
  ['waiting', 'loop-blocked', 'requests cannot both wait on something else and queue behind running JavaScript'],
  ['waiting', 'saturated', 'a saturated process is not waiting on something else'],
  ['idle', 'saturated', 'a saturated process was stressed'],
  ['idle', 'loop-blocked', 'a blocked event loop was stressed'],
  ['idle', 'waiting', 'a waiting server is not under-loaded: more connections would not help'],
  ['idle', 'failing', 'failing requests need the right URL, not more connections'],
  ['idle', 'workers-saturated', 'a saturated worker pool was stressed'],
  ['waiting', 'workers-saturated', 'requests queued for a worker, not for something else'],
];

function stacks(list: [number, string][]): string {
  const parts = list.flatMap(([n, s]) => Array(n).fill(s.split(' / ')) as string[][]);
  const depth = Math.max(...parts.map((p) => p.length));
  const rows: string[] = [];
  for (let d = 0; d < depth; d++) rows.push(parts.map((p) => (p[d] ?? '').padEnd(40)).join(''));
  return rows.join('\n');
}

const IDLE = [0, 30, 70];
const GC = [0, 30];
const HEAVY = ['none', 'function', 'crypto'] as const;
const CPU = [null, 20, 60, 97];
const LOOP = [{ elu: 0.2, delay: 2 }, { elu: 0.95, delay: 80 }, { elu: 0.5, delay: 60 }];
const LATENCY = [{ p50: 0.5, p99: 3 }, { p50: 21, p99: 24 }, { p50: 200, p99: 400 }];
const STATUS: Record<string, number>[] = [{ 200: 1000 }, { 404: 1000 }, { 200: 400, 500: 600 }];
const WARMUP = [0, 2];
const WORKERS = [0, 60, 95];

function profileOf(idle: number, gc: number, heavy: (typeof HEAVY)[number]) {
  const busy = 100 - idle;
  const gcN = Math.round((busy * gc) / 100);
  const work = busy - gcN;
  const heavyN = heavy === 'none' ? 0 : Math.round(work * 0.6);
  const spread: [number, string][] = [];
  for (let i = 0; i < work - heavyN; i++) spread.push([1, `f${i % 30}[node:internal/f${i % 30}]`]);
  const list: [number, string][] = [
    ...spread,
    ...(heavy === 'function' ? [[heavyN, 'handler[server.js:3] / loop[server.js:9]']] as [number, string][] : []),
    ...(heavy === 'crypto' ? [[heavyN, 'handler[server.js:3] / pbkdf2Sync[node:internal/crypto/pbkdf2]']] as [number, string][] : []),
    ...(gcN ? [[gcN, 'handler[server.js:3] / (gc)']] as [number, string][] : []),
    ...(idle ? [[idle, '(idle)']] as [number, string][] : []),
  ];
  return profileFromText(stacks(list), { weightsMs: 10 });
}

function workerOf(busy: number) {
  return busy ? [{ name: 'worker 1 (w.js)', profile: profileFromText(stacks([[busy, 'hash[w.js:2] / digest[node:internal/crypto/hash]'], [100 - busy, '(idle)']])) }] : [];
}

function* cases() {
  for (const idle of IDLE) for (const gc of GC) for (const heavy of HEAVY) for (const busy of WORKERS) {
    const profile = profileOf(idle, gc, heavy);
    const workers = workerOf(busy);
    for (const cpu of CPU) for (const loop of LOOP) for (const latency of LATENCY) for (const statusCodes of STATUS) for (const warmupSec of WARMUP) {
      const samples: ProcessSample[] = cpu === null ? [] : [0, 1].map((t) => ({ tMs: t * 500, elu: loop.elu, loopDelayP99Ms: loop.delay, heapUsedMb: 10 + t, rssMb: 50, cpuPercent: cpu }));
      const load: LoadSummary = {
        requests: 1000, durationSec: 1, rps: 1000, latencyMs: { ...latency, p90: latency.p99, max: latency.p99 * 2, mean: latency.p50 }, errors: 0, timeouts: 0,
        non2xx: Object.entries(statusCodes).reduce((n, [c, k]) => (c === '200' ? n : n + k), 0), statusCodes, bytesPerSec: 0, timeline: [], stoppedEarly: false,
      };
      const name = `idle ${idle}%, gc ${gc}%, ${heavy}, worker busy ${busy}%, cpu ${cpu}, elu ${loop.elu}/${loop.delay} ms, p50 ${latency.p50}, ${JSON.stringify(statusCodes)}, warm-up ${warmupSec}`;
      yield { name, verdict: buildVerdict(profile, { samples, load, requests: 1000, warmupSec, samplingIntervalUs: 1000 }, undefined, workers) };
    }
  }
}

const ids = (v: Verdict) => new Set([...v.load, ...v.trust].map((c) => c.id as string));

describe('the verdict never contradicts itself', () => {
  it('has no contradicting pair of checks, one GC sentence, one lead, in any combination of its inputs', () => {
    const problems: string[] = [];
    let count = 0;
    for (const { name, verdict } of cases()) {
      count++;
      const said = ids(verdict);
      for (const [a, b, why] of CONTRADICTIONS) if (said.has(a) && said.has(b)) problems.push(`${name}: ${a} + ${b} (${why})`);
      const lines = verdictLines(verdict);
      const gcLines = lines.filter((l) => /^(?:\d+\. |• )?Garbage collection/.test(l));
      if (gcLines.length > 1) problems.push(`${name}: ${gcLines.length} GC sentences`);
      if (new Set(lines).size !== lines.length) problems.push(`${name}: a sentence twice`);
      if (lines.filter((l) => /waiting on something else/.test(l)).length > 1) problems.push(`${name}: waiting said twice`);
    }
    expect(count).toBe(IDLE.length * GC.length * HEAVY.length * CPU.length * LOOP.length * LATENCY.length * STATUS.length * WARMUP.length * WORKERS.length);
    expect(problems.slice(0, 10)).toEqual([]);
  });
});
