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
