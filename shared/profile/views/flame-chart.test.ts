// The time-ordered flame chart: spans in sample order, never merged across
// time; one viewport's rectangles with sub-pixel runs merged.
import { describe, expect, it } from 'vitest';
import { buildFlameChart, chartIndex, chartOverviewEvery, formatFlameChart, OVERVIEW_SAMPLES_PER_PX, SAMPLES_PER_STEP, visibleChartSpans, visibleChartSpanSteps } from './flame-chart.ts';
import { profileFromText } from '../test-support/text-profile.ts';
import { sampleTimesMs, timeRange } from '../time-range.ts';
import type { Profile } from '../model.ts';
import type { ChartRects } from './flame-chart.ts';

const names = (p: Profile) => p.frames.map((f) => f.name);

/** A viewport's rectangles as rows, by depth then x (the rectangles come in no particular order). */
const rowsOf = (p: Profile, r: ChartRects) => Array.from({ length: r.count }, (_, i) => (
  { depth: r.depth[i], name: names(p)[r.frame[i]], calls: r.calls[i], x0: r.x0[i], x1: r.x1[i], ms: r.ms[i], startMs: r.startMs[i] }
)).sort((a, b) => a.depth - b.depth || a.x0 - b.x0);

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
  const index = chartIndex(p);

  it('merges runs narrower than a pixel into one rectangle named after its longest call', () => {
    const r = visibleChartSpans(p, index, { fromMs: 0, toMs: 2000, widthPx: 200 });
    // depth 0: main (one span); depth 1: the 1000 narrow calls as one run, then big.
    expect(rowsOf(p, r)).toEqual([
      { depth: 0, name: 'main', calls: 1, x0: 0, x1: 200, ms: 2000, startMs: 0 },
      { depth: 1, name: 'a', calls: 1000, x0: 0, x1: 100, ms: 1000, startMs: 0 },
      { depth: 1, name: 'big', calls: 1, x0: 100, x1: 200, ms: 1000, startMs: 1000 },
    ]);
  });

  it('indexes each sample at its start on time-range.ts\'s clock', () => {
    expect([...chartIndex(p).times]).toEqual([...sampleTimesMs(p)]);
  });

  it('in steps (the worker answers other requests between them): pauses every SAMPLES_PER_STEP samples, same rectangles', () => {
    const many = profileFromText(`${row(Array.from({ length: 3 * SAMPLES_PER_STEP + 5 }, () => 'main'))}\n${row(Array.from({ length: 3 * SAMPLES_PER_STEP + 5 }, (_, i) => (i % 3 ? 'b' : 'a')))}`);
    const view = { fromMs: 0, toMs: many.durationMs, widthPx: 2 * many.samples.length };
    const steps = visibleChartSpanSteps(many, chartIndex(many), view);
    let pauses = 0;
    let r = steps.next();
    for (; !r.done; r = steps.next()) pauses++;
    expect(pauses).toBe(3);
    expect(rowsOf(many, r.value)).toEqual(rowsOf(many, visibleChartSpans(many, chartIndex(many), view)));
    expect(r.value.count).toBeGreaterThan(2 * SAMPLES_PER_STEP); // a | b b | a …: two spans per three samples
  });

  it('at each pause, the chart so far is the viewport cut where the walk stands, at the whole viewport\'s scale', () => {
    const n = 3 * SAMPLES_PER_STEP + 5;
    const many = profileFromText(`${row(Array.from({ length: n }, () => 'main'))}\n${row(Array.from({ length: n }, (_, i) => (i % 3 ? 'b' : 'a')))}`);
    const index = chartIndex(many);
    const round = (rows: ReturnType<typeof rowsOf>) => rows.map((x) => ({ ...x, x0: Math.round(x.x0 * 1e3), x1: Math.round(x.x1 * 1e3) }));
    // Wide (2 px a sample: every call its own rectangle), then narrow (a quarter pixel a sample: runs).
    for (const pxPerMs of [2, 0.25]) {
      const view = { fromMs: 0, toMs: many.durationMs, widthPx: pxPerMs * many.durationMs };
      const reached: number[] = [];
      const steps = visibleChartSpanSteps(many, index, view);
      for (let r = steps.next(); !r.done; r = steps.next()) {
        if (!r.value) continue;
        reached.push(r.value.reachedMs);
        const soFar = rowsOf(many, r.value.rects());
        const cut = rowsOf(many, visibleChartSpans(many, index, { fromMs: 0, toMs: r.value.reachedMs, widthPx: pxPerMs * r.value.reachedMs }));
        if (pxPerMs >= 1) expect(round(soFar)).toEqual(round(cut));
        // Runs: the same calls and time at each depth (a run cut at the edge may be drawn up to a pixel wider).
        const sums = (rows: typeof cut) => [0, 1].map((d) => rows.filter((x) => x.depth === d).reduce((a, x) => [a[0] + x.calls, a[1] + x.ms], [0, 0]));
        expect(sums(soFar)).toEqual(sums(cut));
      }
      expect(reached).toEqual([1, 2, 3].map((k) => k * SAMPLES_PER_STEP));
    }
  });

  it('draws only the viewport, every span wide enough when zoomed in', () => {
    const r = visibleChartSpans(p, index, { fromMs: 10, toMs: 20, widthPx: 100 });
    const rows = rowsOf(p, r);
    expect(rows.length).toBe(1 + 10);
    expect(rows.every((x) => x.calls === 1)).toBe(true);
    // main, open before the viewport, is drawn from its left edge.
    expect(rows[0]).toMatchObject({ depth: 0, name: 'main', x0: 0, x1: 100, startMs: 10 });
    expect(rows[1]).toMatchObject({ name: 'a', x0: 0, x1: 10, startMs: 10 });
    expect(rows[10]).toMatchObject({ name: 'b', x0: 90, x1: 100, startMs: 19 });
  });

  it('keeps a narrow call apart from another when a pixel or more lies between them', () => {
    const q = profileFromText(`
      main  (idle)  main
      f             g
    `, { weightsMs: [1, 98, 1] });
    const r = visibleChartSpans(q, chartIndex(q), { fromMs: 0, toMs: 100, widthPx: 50 });
    expect(rowsOf(q, r).map((x) => `${x.depth} ${x.name}`)).toEqual(['0 main', '0 main', '1 f', '1 g']);
  });
});

describe('an overview of a long viewport (drawn while the exact chart is computed)', () => {
  const row = (cells: string[]) => cells.map((c) => c.padEnd(8)).join('');
  // 40 000 samples: main › a for 10 000, main › b for 20 000, idle for 5 000, main › a again; short c calls under b every 97 samples.
  const long = profileFromText([
    row(Array.from({ length: 40_000 }, (_, i) => (i >= 30_000 && i < 35_000 ? '(idle)' : 'main'))),
    row(Array.from({ length: 40_000 }, (_, i) => (i >= 30_000 && i < 35_000 ? '' : i >= 10_000 && i < 30_000 ? 'b' : 'a'))),
    row(Array.from({ length: 40_000 }, (_, i) => (i >= 10_000 && i < 30_000 && i % 97 === 0 ? 'c' : ''))),
  ].join('\n'));
  const index = chartIndex(long);
  const view = { fromMs: 0, toMs: long.durationMs, widthPx: 400 };

  it('reads about OVERVIEW_SAMPLES_PER_PX samples per pixel; a short viewport is read whole (exact)', () => {
    expect(chartOverviewEvery(index, view)).toBe(Math.floor(40_000 / (400 * OVERVIEW_SAMPLES_PER_PX)));
    expect(chartOverviewEvery(index, { fromMs: 0, toMs: 100, widthPx: 400 })).toBe(1);
    expect(rowsOf(long, visibleChartSpans(long, index, { ...view, every: 1 }))).toEqual(rowsOf(long, visibleChartSpans(long, index, view)));
  });

  it('covers what the exact chart covers, within a fraction of a pixel, as merged runs (it cannot tell long calls from short ones)', () => {
    const every = chartOverviewEvery(index, view);
    const tolerance = every * 400 / 40_000 + 1e-6;
    const overview = rowsOf(long, visibleChartSpans(long, index, { ...view, every })).filter((x) => x.depth < 2);
    // The exact chart's spans at each depth, joined where they touch: what ran at that depth, and when.
    const covered = (depth: number) => rowsOf(long, visibleChartSpans(long, index, view)).filter((x) => x.depth === depth)
      .reduce<{ x0: number; x1: number }[]>((runs, x) => {
        const last = runs[runs.length - 1];
        if (last && x.x0 - last.x1 < 1) last.x1 = Math.max(last.x1, x.x1);
        else runs.push({ x0: x.x0, x1: x.x1 });
        return runs;
      }, []);
    for (const depth of [0, 1]) {
      const runs = overview.filter((x) => x.depth === depth);
      expect(runs).toHaveLength(covered(depth).length);
      runs.forEach((run, i) => {
        expect(Math.abs(run.x0 - covered(depth)[i].x0)).toBeLessThanOrEqual(tolerance);
        expect(Math.abs(run.x1 - covered(depth)[i].x1)).toBeLessThanOrEqual(tolerance);
      });
    }
    // The idle gap stays a gap; a run is named after the longest call seen in it (b's 20 000 samples).
    expect(overview.map((x) => `${x.depth} ${x.name}`)).toEqual(['0 main', '0 main', '1 b', '1 a']);
  });

});
