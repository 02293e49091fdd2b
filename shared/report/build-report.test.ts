import { describe, expect, it } from 'vitest';
import { buildComparison } from '../compare/compare.ts';
import { round, syntheticLoad } from '../compare/test-support/rounds.ts';
import type { RecordingMeta } from '../recording/recording.ts';
import { chartCaption, compareReport } from './build-report.ts';

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
