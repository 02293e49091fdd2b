import { describe, expect, it } from 'vitest';
import { buildComparison } from '../compare/compare.ts';
import { round, syntheticLoad } from '../compare/test-support/rounds.ts';
import type { RecordingMeta } from '../recording/recording.ts';
import { chartCaption, compareReport, sweepReport } from './build-report.ts';
import type { SweepResult } from '../recording/groups.ts';
import type { RoundInterference } from '../experiment/interference.ts';

describe('the report’s before/after chart', () => {
  it('is captioned with every measure it draws (it said "Requests/s and p99" over p50 too)', () => {
    const c = buildComparison([round({ load: syntheticLoad({ requests: 1000, p99: 10 }) })], [round({ load: syntheticLoad({ requests: 2000, p99: 5 }) })]);
    const rec = { name: 'r', createdAt: '2026-11-28T06:00:00Z', machine: null, target: null, settings: null } as unknown as RecordingMeta;
    const image = compareReport(c, null, rec, rec, { a: null, b: null }).blocks.find((b) => b.kind === 'image' && b.image.file === 'before-after.svg');
    expect(image?.kind === 'image' && image.image.alt).toBe('Requests/s, p50 and p99 of A and B');
    // The chart itself names the same three.
    for (const name of ['requests/s', 'p50', 'p99']) expect(image?.kind === 'image' && image.image.svg).toContain(`>${name} (`);
  });

  it('chartCaption', () => {
    expect(chartCaption(['requests/s'])).toBe('Requests/s');
    expect(chartCaption(['requests/s', 'p99'])).toBe('Requests/s and p99');
  });
});

describe('the comparison report, Compare’s one HTML export', () => {
  it('carries the kinds of work (with how sure), the packages and what is not available, as the second export did', () => {
    const a = round({ profile: 'main     main\nhandler  log[node:internal/console/constructor]', load: syntheticLoad({ requests: 1000 }) });
    const b = round({ profile: 'main\nhandler', load: syntheticLoad({ requests: 1000 }) });
    const c = buildComparison([a], [b]);
    const rec = { name: 'r', createdAt: '2026-11-28T06:00:00Z', machine: null, target: null, settings: null } as unknown as RecordingMeta;
    const blocks = compareReport(c, null, rec, rec, { a: null, b: null }).blocks;
    const at = blocks.findIndex((x) => x.kind === 'h2' && x.text.startsWith('Kinds of work (sampled ms per 1 000 requests)'));
    const table = blocks[at + 1];
    expect(table.kind === 'table' && table.table.head).toEqual(['Kind of work', 'A', 'B', 'Change', 'How sure']);
    const logging = table.kind === 'table' ? table.table.rows.find((r) => r[0] === 'logging') : undefined;
    expect(logging?.[4]).toBe('cannot tell: one run each');
    expect(Number(logging?.[3])).toBeLessThan(0);
  });
});

describe('a sweep’s report', () => {
  const machine = (disturbed: boolean): RoundInterference => ({
    cores: 2, load1: disturbed ? 22 : 1, runnable: 2, stealPercent: 0, othersCores: disturbed ? 1.4 : 0.1, targetCpuShare: 1,
    flambeCores: 0.5, loadGeneratorLimited: false, disturbed, reasons: disturbed ? ['other processes used 1.4 cores'] : [],
  });
  const level = (connections: number, rps: number, p95: number, busy: boolean, logged: boolean) => ({
    connections, recordingId: `r${connections}`, requests: rps, rps, latencyMs: { mean: p95 / 2, p50: p95 / 2, p90: p95, p95, p99: p95 * 1.2, max: p95 * 2 },
    errors: 0, non2xx: 0, profiled: logged, machine: machine(busy),
    output: logged ? { lines: rps * 3, bytes: rps * 66, linesPerRequest: 3, bytesPerRequest: 66 } : null,
    routes: [{ method: 'GET', path: '/warn', requests: rps, rps, latencyMs: { mean: 1, p50: 1, p90: 2, p99: 3, max: 4 }, errors: 0, non2xx: 0,
      ...(logged ? { logLinesPerRequest: 3, logBytesPerRequest: 66 } : {}) }],
  });
  const sweep = (busy: boolean): SweepResult => ({
    id: 's', createdAt: '2026-12-07T04:00:00Z', url: 'http://127.0.0.1:3000/', error: null,
    // Requests/s fell 69 % at 5 connections while p95 grew: the knee rule alone reads saturation.
    knee: busy ? null : { connections: 1, reason: 'Saturated past 1 connection: …' },
    levels: [level(1, 3000, 0.5, false, true), level(5, 940, 9, busy, false)],
  });

  it('opens with the busy machine, not a knee, when a level was disturbed; with the knee otherwise', () => {
    const first = (s: SweepResult) => { const b = sweepReport(s, { slowMs: 100 }).blocks[0]; return b.kind === 'p' ? b.text : ''; };
    expect(first(sweep(true))).toMatch(/^The machine was busy, so Flambé cannot tell whether the server saturated: load 22\.0 on 2 cores, other processes used up to 1\.4 cores; the level at 5 connections was disturbed\. /);
    expect(first(sweep(false))).toMatch(/^Saturated past 1 connection: … Measured /);
    // The routes its levels sent, on the server: not the URL field, which a multi-route sweep never loaded (issue 38's walk).
    expect(first({ ...sweep(false), url: 'http://127.0.0.1:3000/log' })).toMatch(/ at 1, 5 connections, loading GET \/warn on http:\/\/127\.0\.0\.1:3000\.$/);
  });

  it('gives log lines and bytes per request per level and per route: the counted level’s figures, “–” at the other', () => {
    const tables = sweepReport(sweep(false), { slowMs: 100 }).blocks.flatMap((b) => (b.kind === 'table' ? [b.table] : []));
    const perLevel = tables.find((t) => t.head[0] === 'Connections' && t.head[2] === 'Req/s')!;
    expect(perLevel.head.slice(-2)).toEqual(['Log lines/req', 'Log bytes/req']);
    expect(perLevel.rows.map((r) => r.slice(-2))).toEqual([['3.00', '66'], ['–', '–']]);
    const perRoute = tables.find((t) => t.head[1] === 'Route')!;
    expect(perRoute.rows.map((r) => `${r[0]} ${r[1]} ${r.slice(-2).join(' ')}`)).toEqual(['1 GET /warn 3.00 66', '5 GET /warn – –']);
  });
});
