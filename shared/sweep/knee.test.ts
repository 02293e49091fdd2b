import { describe, expect, it } from 'vitest';
import { findKnee, kneeSentence, NO_KNEE_TEXT } from './knee.ts';

// Known answers: a server with capacity C req/s and service time s, driven by
// N connections (closed loop): throughput min(N/s, C), latency N/throughput.
function simulate(levels: number[], serviceMs: number, capacity: number) {
  return levels.map((n) => {
    const rps = Math.min(n / (serviceMs / 1000), capacity);
    return { connections: n, rps, p95Ms: (n / rps) * 1000 * 1.2 };
  });
}

describe('findKnee', () => {
  it('names the last level before throughput stops rising while latency grows', () => {
    // 1 ms per request, 6000 req/s: saturates at 6 connections.
    const knee = findKnee(simulate([1, 5, 8, 20], 1, 6000));
    expect(knee?.connections).toBe(8);
    expect(knee?.reason).toMatch(/^Saturated past 8 connections: latency grows faster than throughput — at 20, requests\/s stayed level \(6000 → 6000\) while p95 grew 150 % \(.* ms\)\.$/);
  });

  it('says in words when throughput fell at the next level', () => {
    const knee = findKnee([{ connections: 1, rps: 1805, p95Ms: 1.1 }, { connections: 4, rps: 806, p95Ms: 16.1 }]);
    expect(knee?.reason).toMatch(/at 4, requests\/s fell 55 % \(1805 → 806\) while p95 grew 1364 % \(1\.1 → 16\.1 ms\)/);
  });

  it('finds none while the server still has capacity', () => {
    expect(findKnee(simulate([1, 5, 8, 20], 1, 100_000))).toBeNull();
  });

  it('finds it at the first level when one connection already saturates', () => {
    expect(findKnee(simulate([1, 5, 8, 20], 1, 1000))?.connections).toBe(1);
  });

  it('ignores the order levels were given in, and empty levels', () => {
    const pts = simulate([20, 1, 8, 5], 1, 6000);
    expect(findKnee([...pts, { connections: 50, rps: 0, p95Ms: 0 }])?.connections).toBe(8);
  });

  it('does not call noise a knee: throughput flat and p95 up a little, far less than the connections', () => {
    // A crowded machine: 1 → 5 connections, requests/s +5 %, p95 +15 % (session 4 saw "Past 1 connection…" from this).
    expect(findKnee([{ connections: 1, rps: 1000, p95Ms: 2 }, { connections: 5, rps: 1050, p95Ms: 2.3 }, { connections: 8, rps: 990, p95Ms: 2.4 }])).toBeNull();
    // The same jitter on a real saturation further on still finds it there.
    const knee = findKnee([{ connections: 1, rps: 1000, p95Ms: 2 }, { connections: 5, rps: 1050, p95Ms: 2.3 }, { connections: 8, rps: 4000, p95Ms: 2.5 }, { connections: 20, rps: 4100, p95Ms: 6 }]);
    expect(knee?.connections).toBe(8);
  });

  it('does not call noise a knee: throughput flat but latency flat too', () => {
    expect(findKnee([{ connections: 1, rps: 1000, p95Ms: 2 }, { connections: 2, rps: 1020, p95Ms: 2 }])).toBeNull();
  });

  it('does not call one level that dipped a knee when a later level served more', () => {
    // Measured: fastify on 2 cores, the load generator on the same machine; the 5-connection level dipped.
    const knee = findKnee([
      { connections: 1, rps: 1694, p95Ms: 0.79 }, { connections: 5, rps: 1584, p95Ms: 5.33 },
      { connections: 10, rps: 2366, p95Ms: 7.64 }, { connections: 20, rps: 2426, p95Ms: 12.73 },
    ]);
    expect(knee?.connections).toBe(10);
  });
});

describe('kneeSentence (issue 23)', () => {
  it('says "no clear knee" when throughput flattens while p95 climbs several-fold, never "not saturated"', () => {
    const points = [
      { connections: 1, rps: 262, p95Ms: 6.8 }, { connections: 5, rps: 301, p95Ms: 20 },
      { connections: 10, rps: 295, p95Ms: 41 }, { connections: 20, rps: 350, p95Ms: 87 },
    ];
    expect(findKnee(points)).toBeNull();
    const s = kneeSentence(null, points);
    expect(s).toBe('Near its limit, though no single step levelled off clearly (no clear knee): from 1 to 20 connections requests/s rose 34 % (262 → 350) while p95 grew 12.8× (6.8 → 87.0 ms) — the extra connections mostly queue.');
    expect(s).not.toMatch(/not saturated/);
  });

  it('keeps "not saturated yet" when throughput rose with the connections and latency stayed flat', () => {
    const points = [{ connections: 1, rps: 1000, p95Ms: 1 }, { connections: 5, rps: 4000, p95Ms: 1.3 }, { connections: 10, rps: 7000, p95Ms: 1.5 }];
    expect(kneeSentence(findKnee(points), points)).toBe(NO_KNEE_TEXT);
  });
});
