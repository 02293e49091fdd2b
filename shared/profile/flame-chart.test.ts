// The time-ordered flame chart: spans in sample order, never merged across
// time; one viewport's rectangles with sub-pixel runs merged.
import { describe, expect, it } from 'vitest';
import { buildFlameChart, formatFlameChart, visibleChartSpans } from './flame-chart.ts';
import { profileFromText } from './test-support/text-profile.ts';
import { timeRange } from './time-range.ts';
import type { Profile } from './model.ts';

const names = (p: Profile) => p.frames.map((f) => f.name);

describe('buildFlameChart', () => {
  it('keeps samples in time order: the same stack twice, apart, is two spans', () => {
    const p = profileFromText(`
      main  main  main  (idle)  main  main
      a     a     b             a     a
      x                               y
    `);
    const chart = buildFlameChart(p);
    expect(formatFlameChart(chart, names(p))).toBe([
      'main 0–3 | main 4–6',
      'a 0–2 | b 2–3 | a 4–6',
      'x 0–1 | y 5–6',
    ].join('\n'));
  });

  it('starts a new span when a parent changes even if the function below is the same', () => {
    const p = profileFromText(`
      main  main  other  other
      f     f     f      f
    `);
    expect(formatFlameChart(buildFlameChart(p), names(p))).toBe([
      'main 0–2 | other 2–4',
      'f 0–2 | f 2–4',
    ].join('\n'));
  });

  it('uses each sample\'s weight, on the same clock as time ranges', () => {
    const p = profileFromText('main main main\nslow fast fast', { weightsMs: [5, 1, 2] });
    const chart = buildFlameChart(p);
    expect(formatFlameChart(chart, names(p))).toBe('main 0–8\nslow 0–5 | fast 5–8');
    // A range cut where a span starts keeps exactly the samples of that span.
    expect(timeRange(p, 5, 8).durationMs).toBe(3);
    expect(chart.durationMs).toBe(8);
  });

  it('walks a 20 000-deep stack without recursion', () => {
    const deep = Array.from({ length: 20_000 }, (_, i) => `f${i}`).join('\n');
    const p = profileFromText(deep);
    const chart = buildFlameChart(p);
    expect(chart.depthCount).toBe(20_000);
    expect(chart.startMs.length).toBe(20_000);
  });
});

describe('visibleChartSpans', () => {
  // 1000 alternating 1 ms calls of a and b under main, then 1000 ms of one call to big.
  // Columns line up by position: every cell is padded to the same width.
  const row = (cells: string[]) => cells.map((c) => c.padEnd(6)).join('');
  const cols = [...Array.from({ length: 1000 }, (_, i) => (i % 2 ? 'b' : 'a')), 'big'];
  const p = profileFromText(`${row(cols.map(() => 'main'))}\n${row(cols)}`, { weightsMs: [...Array<number>(1000).fill(1), 1000] });
  const chart = buildFlameChart(p);

  it('merges runs narrower than a pixel into one rectangle named after the heaviest function', () => {
    const r = visibleChartSpans(chart, { fromMs: 0, toMs: 2000, widthPx: 200 });
    // depth 0: main (one span); depth 1: the 1000 narrow calls as one run, then big.
    const rows = Array.from({ length: r.count }, (_, i) => ({ depth: r.depth[i], name: names(p)[r.frame[i]], calls: r.calls[i], x0: r.x0[i], x1: r.x1[i], ms: r.ms[i] }));
    expect(rows).toEqual([
      { depth: 0, name: 'main', calls: 1, x0: 0, x1: 200, ms: 2000 },
      { depth: 1, name: 'a', calls: 1000, x0: 0, x1: 100, ms: 1000 },
      { depth: 1, name: 'big', calls: 1, x0: 100, x1: 200, ms: 1000 },
    ]);
  });

  it('draws only the viewport, every span wide enough when zoomed in', () => {
    const r = visibleChartSpans(chart, { fromMs: 10, toMs: 20, widthPx: 100 });
    expect(r.count).toBe(1 + 10);
    expect(Array.from(r.calls).every((c) => c === 1)).toBe(true);
    expect(r.x0[1]).toBe(0);
    expect(r.x1[r.count - 1]).toBe(100);
    expect(r.startMs[1]).toBe(10);
  });

  it('keeps a narrow call apart from another when a pixel or more lies between them', () => {
    const q = profileFromText(`
      main  (idle)  main
      f             g
    `, { weightsMs: [1, 98, 1] });
    const r = visibleChartSpans(buildFlameChart(q), { fromMs: 0, toMs: 100, widthPx: 50 });
    expect(Array.from(r.depth)).toEqual([0, 0, 1, 1]);
    expect(Array.from(r.frame).map((f) => names(q)[f])).toEqual(['main', 'main', 'f', 'g']);
  });
});
