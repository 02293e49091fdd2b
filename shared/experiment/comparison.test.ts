import { describe, expect, it } from 'vitest';
import { surenessWords } from '../compare/words.ts';
import { round as compareRound, syntheticLoad, withOsClock } from '../compare/test-support/rounds.ts';
import { profileFromText } from '../profile/test-support/text-profile.ts';
import { formatChange, oneSidedWork } from '../compare/index.ts';
import { compareRounds } from './comparison.ts';
import { headline } from './until.ts';

const TEXT = `
  main     main
  handler  handler
           log[node:internal/console/constructor]
`;

/** One round: `rps` for 5 s, p99, and a profile spending `handlerMs` + `loggingMs` of CPU per 1 000 requests. */
function round(rps: number, p99: number, loggingMsPer1k: number, handlerMsPer1k = 60) {
  const requests = rps * 5;
  const profile = loggingMsPer1k > 0
    ? profileFromText(TEXT, { weightsMs: [(handlerMsPer1k * requests) / 1000, (loggingMsPer1k * requests) / 1000] })
    : profileFromText('main\nhandler', { weightsMs: (handlerMsPer1k * requests) / 1000 });
  return withOsClock(compareRound({ profile, load: syntheticLoad({ requests, rps, p99 }) }));
}

describe('an experiment\'s comparison (shared/compare over the pairs of rounds, its one verdict writer)', () => {
  it('finds the logging cost and says it in the verdict, with intervals', () => {
    const a = [round(4000, 58, 279), round(4100, 60, 281), round(3950, 57, 276)];
    // Pair by pair: 2.43×, 2.32×, 2.51×.
    const b = [round(9700, 12, 3), round(9500, 12.5, 3.2), round(9900, 11.8, 2.9)];
    const c = compareRounds({ a: 'with console.log', b: 'without' }, a, b)!;
    expect(c.rounds).toBe(3);
    expect(c.load!.rps.basis).toBe('rounds');
    expect(c.load!.rps.significant).toBe(true);
    expect(c.load!.rps.deltaPercent).toBeGreaterThan(100);
    expect(c.load!.p99Ms.significant).toBe(true);
    expect(c.buckets[0]).toMatchObject({ name: 'logging', significant: true });
    expect(c.buckets[0].deltaMsPer1k).toBeCloseTo(-275.6, 0);
    expect(c.a).toMatchObject({ name: 'with console.log', rounds: 3 });
    expect(c.verdict).toBe('“without” serves 2.4× the requests per second of “with console.log” (95%: 2.0–2.9×), and p99 falls from 58 ms to 12 ms (3 rounds each). '
      + 'The difference is logging: 279 ms of CPU per 1 000 requests with “with console.log”, 3.0 ms with “without” (all of the change in CPU per 1 000 requests).');
  });

  it('says "of sampled time", as Compare does, where one round lacks the OS clock (an imported file)', () => {
    const a = [round(4000, 58, 279), round(4100, 60, 281), round(3950, 57, 276)];
    const b = [round(9700, 12, 3), round(9500, 12.5, 3.2), { ...round(9900, 11.8, 2.9), cpu: null }];
    const c = compareRounds({ a: 'with console.log', b: 'without' }, a, b)!;
    expect(c.cpuTime).toBe(false);
    expect(c.verdict).toMatch(/The difference is logging: 279 ms of sampled time per 1 000 requests with “with console\.log”, 3\.0 ms with “without” \(all of the change in sampled time per 1 000 requests\)\.$/);
    expect(c.verdict).not.toMatch(/of CPU|in CPU/);
  });

  it('says "no clear difference" when the rounds do not support one', () => {
    const a = [round(5000, 20, 0), round(6000, 24, 0), round(4500, 19, 0)];
    const b = [round(5500, 21, 0), round(4700, 23, 0), round(5900, 18, 0)];
    const c = compareRounds({ a: 'A', b: 'B' }, a, b)!;
    expect(c.load!.rps.significant).toBe(false);
    expect(c.verdict).toMatch(/^No clear difference in requests per second between “A” and “B” \(“B”: [+−][\d.]+%; 95%: .* fewer to .* more\), and p99 latency shows no clear difference \(3 rounds each\)\.$/);
  });

  it('says a p99 two pairs cannot narrow is too early to tell, with its figures, not "no clear difference" (issue 38\'s walk)', () => {
    // Requests/s clearly apart; p99 10 ms against 500 ms in one pair and the other way round in the next.
    const a = [round(5000, 10, 0), round(5100, 400, 0)];
    const b = [round(50, 500, 0), round(52, 12, 0)];
    const c = compareRounds({ a: 'A', b: 'B' }, a, b)!;
    expect(c.verdict).toMatch(/, and p99 latency cannot be told yet \([\d.]+ ms → [\d.]+ ms so far\) \(2 rounds each\)\./);
    expect(c.verdict).not.toMatch(/p99 latency shows no clear difference/);
  });

  it('says "too early to tell", in requests, when two pairs allow anything, not "no clear difference (95%: over 99% less to over 100× as many)"', () => {
    const a = [round(5000, 20, 0), round(300, 24, 0)];
    const b = [round(400, 21, 0), round(6000, 23, 0)];
    const c = compareRounds({ a: 'A', b: 'B' }, a, b)!;
    expect(c.load!.rps.ci95![0]).toBeLessThanOrEqual(-99);
    expect(c.verdict).toMatch(/^Too early to tell whether “B” serves more or fewer requests per second than “A”: after 2 rounds each, anything from over 99% fewer to over 100× as many fits \(“B”: [+−][\d.]+% so far\), and p99 latency shows no clear difference \(2 rounds each\)\./);
    expect(c.verdict).not.toMatch(/95%: over 99%/);
    // The table's cell says it the same way: the range that fits, not an interval read as an answer.
    expect(surenessWords(c.load!.rps)).toBe('too early to tell: anything from −99% or lower to ×100 or higher fits');
    // A row from nothing to something has no ratio, so no interval: said, not "no clear difference".
    expect(surenessWords({ a: 0, b: 68_916, significant: false, ci95: null })).toBe('only in B: no interval from zero');
  });

  it('reports a clear change in the profiles even when the load numbers are too noisy to show it', () => {
    const a = [round(5000, 20, 34), round(3000, 24, 36), round(4500, 19, 35)];
    const b = [round(3500, 21, 1.1), round(4700, 23, 1.3), round(5900, 18, 1.2)];
    const c = compareRounds({ a: 'with console.log', b: 'without' }, a, b)!;
    expect(c.load!.rps.significant).toBe(false);
    // Three pairs that allow anything from 69% fewer to 4.1× as many: too early to tell, said in requests.
    expect(c.verdict).toMatch(/^Too early to tell whether “without” serves more or fewer requests per second than “with console\.log”: after 3 rounds each, anything from \d+% fewer to [\d.]+× as many fits .* The profiles do show a clear change in logging: 35 ms of CPU per 1 000 requests with “with console.log”, 1.2 ms with “without” — too small against the noise to show in the load numbers\.$/);
  });

  it('names a kind of work done in every round of one side and in none of the other\'s, even from 2 noisy rounds', () => {
    const a = [round(900, 30, 20), round(3000, 12, 60)];
    const b = [round(3600, 10, 0), round(1100, 28, 0)];
    const buckets = { a: [{ logging: 20, JSON: 0 }, { logging: 60, JSON: 0 }], b: [{ logging: 0, JSON: 0 }, { logging: 0.4, JSON: 0 }] };
    const c = compareRounds({ a: 'with console.log', b: 'without console.log' }, a, b, buckets)!;
    expect(c.load!.rps.significant).toBe(false);
    // Kept with the comparison, for the kinds-of-work table's row.
    expect(c.oneSided).toMatchObject({ name: 'logging', side: 'a', minMs: 20, maxMs: 60 });
    expect(c.verdict).toMatch(/ Logging happens only with “with console\.log”: 20–60 ms of CPU per 1 000 requests in each of its rounds, next to none with “without console\.log” — a real difference in the work done, though the load numbers are too noisy to show what it costs\.$/);
    // Present on both sides (or in only some rounds): no such claim.
    expect(oneSidedWork({ a: [{ logging: 35 }, { logging: 0 }], b: [{ logging: 0 }, { logging: 0 }] }, 200)).toBeNull();
    expect(oneSidedWork({ a: [{ logging: 35 }, { logging: 40 }], b: [{ logging: 10 }, { logging: 0 }] }, 200)).toBeNull();
  });

  it('claims nothing from one round a side, and warns', () => {
    const c = compareRounds({ a: 'A', b: 'B' }, [round(5000, 20, 0)], [round(7000, 15, 0)])!;
    expect(c.load!.rps.significant).toBeNull();
    expect(c.load!.rps.ci95).toBeNull();
    expect(c.verdict).toMatch(/^B serves 40% more requests per second than A \(p99 −25%\) — one run each: repeat both to know whether this is more than noise\./);
    expect(c.warnings.map((w) => w.message)).toContainEqual(expect.stringMatching(/One round of each variant/));
  });

  it('leads with the CPU per 1 000 requests of the whole process when requests/s are too noisy to show the change', () => {
    // Requests/s wander with the machine (pair by pair B/A: 1.5, 0.6, 1.9); the process's CPU per request does not (B/A ≈ 0.5).
    const withCpu = (rps: number, cpuMsPer1k: number, loggingMsPer1k: number) => {
      const r = round(rps, 20, loggingMsPer1k);
      // CPU % of one core that gives cpuMsPer1k at rps: ms/s = cpuMsPer1k × rps / 1000.
      const cpuPercent = (cpuMsPer1k * rps) / 1000 / 10;
      return { ...r, samples: [250, 500, 750, 1000].map((tMs) => ({ tMs, elu: 0.5, loopDelayP99Ms: null, heapUsedMb: 10, rssMb: 50, cpuPercent })) };
    };
    const a = [withCpu(2000, 190, 60), withCpu(5000, 200, 62), withCpu(1000, 185, 58)];
    const b = [withCpu(3000, 96, 0), withCpu(3000, 99, 0), withCpu(1900, 91, 0)];
    const c = compareRounds({ a: '/log', b: '/hello' }, a, b)!;
    expect(c.load!.rps.significant).toBe(false);
    expect(c.processCpuMsPer1k!.significant).toBe(true);
    expect(c.processCpuMsPer1k!.a).toBeCloseTo(191.6, 0);
    expect(c.verdict).toMatch(/^“\/hello” uses \d\d% less CPU time per 1 000 requests than “\/log” \(95%: \d+%–\d+% less\): 192 ms → 95 ms \(3 rounds each\)\. Requests per second vary too much between rounds on this machine to show it \(“\/hello”: [+−]\d+%; 95%: .*\), and p99 latency shows no meaningful difference\. The difference is logging: 60 ms of CPU per 1 000 requests with “\/log”, 0 ms with “\/hello” \(all of the change in CPU per 1 000 requests\)\.$/);
  });

  it('works without profiles (load only)', () => {
    const lo = (rps: number) => compareRound({ profile: null, load: syntheticLoad({ requests: rps * 5, rps, p99: 10 }) });
    const c = compareRounds({ a: 'A', b: 'B' }, [lo(100), lo(101), lo(99)], [lo(140), lo(142), lo(139)])!;
    expect(c.cpuMsPer1kRequests).toBeNull();
    expect(c.buckets).toEqual([]);
    expect(c.functions).toEqual([]);
    expect(c.verdict).toMatch(/^“B” serves 40% more requests per second than “A” \(95%: \d+%–\d+% more\)/);
  });
});

describe('"The difference is X" only when X holds up', () => {
  const TEXT3 = `
    main     main                                                main
    handler  log[node:internal/console/constructor]              stringify[node_modules/fast-json-stringify/index.js:1]
  `;
  /** A round with handler, logging and JSON CPU per 1 000 requests. */
  const round3 = (rps: number, handler: number, logging: number, json: number) => {
    const requests = rps * 5;
    const profile = profileFromText(TEXT3, { weightsMs: [handler, logging, json].map((x) => (x * requests) / 1000) });
    return withOsClock(compareRound({ profile, load: syntheticLoad({ requests, rps, p99: 20 }) }));
  };

  it('does not blame JSON, identical in A and B, for noise: it names the logging that changed', () => {
    // LOG=1 against LOG=0: 80 ms of logging per 1 000 requests in A only; JSON wanders by chance, in both directions.
    const json = [[30, 70], [80, 25], [20, 65], [60, 30], [40, 75]];
    const a = json.map(([x], i) => round3(4000 + 50 * i, 60, 80, x));
    const b = json.map(([, y], i) => round3(4400 + 40 * i, 60, 0.5, y));
    const c = compareRounds({ a: 'LOG=1', b: 'LOG=0' }, a, b)!;
    expect(c.buckets.find((x) => x.id === 'json')!.significant).toBe(false);
    expect(c.verdict).not.toMatch(/difference is JSON/);
    expect(c.verdict).toMatch(/The difference is logging: 80 ms of CPU per 1 000 requests with “LOG=1”, 0\.50 ms with “LOG=0” \((all|\d+%) of the change in CPU per 1 000 requests\)\.$/);
  });

  it('says how much of the change the kind of work holds, and that the rest is in work both ran (issue 23 item 6: logging 125 of 180 ms)', () => {
    // LOG=1 against LOG=0: 80 ms of logging per 1 000 requests, and the handler's own work 40 ms dearer beside it.
    const a = [0, 1, 2, 3, 4].map((i) => round3(4000 + 50 * i, 100 + i, 80 + i, 10));
    const b = [0, 1, 2, 3, 4].map((i) => round3(6000 + 40 * i, 60 + i, 0, 10));
    const c = compareRounds({ a: 'LOG=1', b: 'LOG=0' }, a, b)!;
    expect(c.verdict).toMatch(/The difference is logging: 82 ms of CPU per 1 000 requests with “LOG=1”, 0 ms with “LOG=0” \(67% of the change in CPU per 1 000 requests; the other 33% is in work both ran\)\.$/);
  });

  it('names no kind of work whose change goes against the total change', () => {
    // JSON rises by a steady 20 ms, but the handler's CPU falls by 150 ms: JSON explains none of the change.
    const a = [0, 1, 2, 3, 4].map((i) => round3(3000 + 30 * i, 300 + i, 0, 40));
    const b = [0, 1, 2, 3, 4].map((i) => round3(4000 + 25 * i, 150 + i, 0, 60 + 0.1 * i));
    const c = compareRounds({ a: 'A', b: 'B' }, a, b)!;
    expect(c.buckets.find((x) => x.id === 'json')!.significant).toBe(true);
    expect(c.verdict).not.toMatch(/JSON/);
  });
});

describe('formatChange', () => {
  it('writes small changes in %, huge ones as a factor', () => {
    expect(formatChange(18.04)).toBe('+18%');
    expect(formatChange(-26.1)).toBe('−26%');
    expect(formatChange(2.34)).toBe('+2.3%');
    expect(formatChange(84893)).toBe('×850');
    expect(formatChange(Infinity)).toBe('new');
  });

  it("sets A's request-time parts beside B's, each with its paired interval, as Compare does", () => {
    // A awaits an upstream 40 ms a request; B caches its answer (1 ms), its own CPU alike.
    const rt = (upstreamMs: number, cpuMs: number) => {
      const total = upstreamMs + cpuMs;
      const part = (kind: 'http' | 'cpu', target: string, ms: number) => ({ kind, target, callsPerRequest: kind === 'http' ? 1 : 0, msPerRequest: ms, share: ms / total, from: null });
      return {
        requests: 500, perRequestMs: { p50: total, mean: total }, serverMs: { p50: total, p99: total, mean: total }, byRoute: [], dropped: 0,
        parts: [part('http', 'GET 127.0.0.1:4001/quote', upstreamMs), part('cpu', '', cpuMs)],
      };
    };
    const withRt = (r: ReturnType<typeof round>, upstreamMs: number, cpuMs: number) => ({ ...r, requestTime: rt(upstreamMs, cpuMs) });
    const a = [withRt(round(250, 50, 0), 40, 2), withRt(round(240, 52, 0), 41, 2.1), withRt(round(255, 49, 0), 39.5, 1.9)];
    const b = [withRt(round(900, 5, 0), 1, 2), withRt(round(880, 5, 0), 1.1, 2.05), withRt(round(910, 5, 0), 0.9, 1.95)];
    const c = compareRounds({ a: 'upstream', b: 'cached' }, a, b)!;
    const upstream = c.requestTime!.parts.find((p) => p.kind === 'http')!;
    expect(upstream.label).toBe('GET 127.0.0.1:4001/quote');
    expect(upstream.msPerRequest).toMatchObject({ basis: 'rounds', significant: true });
    expect(upstream.msPerRequest.a).toBeCloseTo(40.2, 0);
    expect(c.requestTime!.parts.find((p) => p.kind === 'cpu')!.msPerRequest.significant).toBe(false);
    // Rounds recorded without the request collector: nothing to set side by side.
    expect(compareRounds({ a: 'A', b: 'B' }, [round(250, 50, 0)], [round(900, 5, 0)])!.requestTime).toBeNull();
  });
});

describe('one measure, one number, wherever it is said (issue 31)', () => {
  it('an A/A header’s requests/s is its table’s (the rounds’ geometric mean), and "now ±x%" is half the verdict’s interval', () => {
    // One round of each side ran beside other work: the arithmetic mean (150) is not the table's value.
    const a = [round(100, 10, 0), round(200, 10, 0), round(150, 10, 0)];
    const b = [round(190, 10, 0), round(110, 10, 0), round(140, 10, 0)];
    const c = compareRounds({ a: 'A', b: 'A again' }, a, b)!;
    expect(c.a.rps).toBeCloseTo(c.load!.rps.a, 9);
    expect(c.b.rps).toBeCloseTo(c.load!.rps.b, 9);
    expect(c.a.rps).not.toBeCloseTo(150, 0);
    const h = headline(c)!;
    const [lo, hi] = c.load!.rps.ci95!;
    expect(h.halfWidthPercent).toBeCloseTo((hi - lo) / 2, 9);
  });
});
