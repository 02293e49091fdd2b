// The differential flamegraph (d3-flame-graph's differential mode, DESIGN.md
// "Sharp edges": computeDelta(true), selfValue(true), differentialColorMapper):
// B's shape, each frame coloured by its change against A — red where B spends
// more, blue where it spends less, orange where the frame is new — per 1 000
// requests when both sides have request counts, else in % of each side's own
// time. A toggle shows A's shape instead (to see what disappeared); another
// draws bytes allocated per request instead of CPU, when both sides sampled
// allocations. The chart is created once and fed with update(); the tooltip uses .text()
// (use-diff-flame-chart.ts).
import { useId, useRef, useState } from 'react';
import { literalMatcher } from '../lib/regexp.ts';
import { useSlashToFocus } from '../result/TableToolbar.tsx';
import { keepTipInWindow } from '../lib/keep-tip-in-window.ts';
import type { DiffFlame } from './compute.ts';
import { useDiffFlameChart } from './use-diff-flame-chart.ts';
import { FlameSearchBox } from '../components/FlameSearchBox.tsx';
import { per1kUnit } from '../../../shared/compare/words.ts';

interface Props {
  flameA: DiffFlame;
  flameB: DiffFlame;
  /** The same shapes from the allocation profiles (bytes per request): a CPU / Allocations toggle when both are there. */
  allocA?: DiffFlame | null;
  allocB?: DiffFlame | null;
  /** A function picked in the tables: its frames are highlighted. */
  highlight: string | null;
  /**
   * The shape drawn first (an experiment opens on A's, where the thing it asks about is). The colours and the
   * tooltip's "Change" always read B − A, as every table and sentence does: red where B spends more.
   */
  initialShape?: 'a' | 'b';
}

export function DiffFlamegraph({ flameA, flameB, allocA, allocB, highlight, initialShape = 'b' }: Props) {
  const id = useId();
  const [shape, setShape] = useState<'a' | 'b'>(initialShape);
  const [measure, setMeasure] = useState<'cpu' | 'alloc'>('cpu');
  const allocations = allocA && allocB ? { a: allocA, b: allocB } : null;
  const shown = measure === 'alloc' && allocations ? allocations : { a: flameA, b: flameB };
  const flame = shape === 'a' ? shown.a : shown.b;
  const container = useRef<HTMLDivElement>(null);
  const searchInput = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  // The term searched: what the user typed, else the function picked in the tables.
  const term = literalMatcher(query) ? query : highlight ?? '';
  const { matches, zoomed, resetZoom } = useDiffFlameChart(container, flame, shape, term);

  useSlashToFocus(searchInput, true);

  const alloc = flame.unit === 'bytes';
  return (
    <div className="flamegraph-block diff-flame">
      <div className="flame-toolbar">
        {allocations && (
          <Segmented<'cpu' | 'alloc'> label="What the flamegraph measures" value={measure} onChange={setMeasure} options={[
            { value: 'cpu', text: 'CPU', testId: 'diff-measure-cpu' },
            { value: 'alloc', text: 'Allocations', testId: 'diff-measure-alloc', title: "Bytes allocated per request, from V8's sampling heap profiler" },
          ]} />
        )}
        <Segmented<'a' | 'b'> label="Shape of the flamegraph" value={shape} onChange={setShape} options={[
          { value: 'b', text: 'B’s shape', testId: 'diff-shape-b' },
          { value: 'a', text: 'A’s shape', testId: 'diff-shape-a' },
        ]} />
        <FlameSearchBox id={id} input={searchInput} query={query} setQuery={setQuery} testId="diff-flame-search"
          matches={term && matches !== null ? `${matches} ${matches === 1 ? 'match' : 'matches'}` : ''} />
        <button type="button" className="button small" onClick={resetZoom} disabled={!zoomed}>
          Reset zoom
        </button>
      </div>
      <DiffLegend flame={flame} shape={shape} />
      <div className="flamegraph" ref={container} data-testid="diff-flamegraph" data-shape={shape} data-measure={alloc ? 'alloc' : 'cpu'} onMouseMove={keepTipInWindow} />
    </div>
  );
}

/** A group of buttons, one pressed: which measure, which shape. */
function Segmented<T extends string>({ label, value, onChange, options }: {
  label: string; value: T; onChange(value: T): void; options: { value: T; text: string; testId: string; title?: string }[];
}) {
  return (
    <div className="segmented" role="group" aria-label={label}>
      {options.map((o) => (
        <button key={o.value} type="button" className={`button small${value === o.value ? ' primary' : ''}`} aria-pressed={value === o.value} data-testid={o.testId}
          onClick={() => onChange(o.value)} title={o.title}>
          {o.text}
        </button>
      ))}
    </div>
  );
}

/** What the colours and the widths mean, in the unit drawn. */
function DiffLegend({ flame, shape }: { flame: DiffFlame; shape: 'a' | 'b' }) {
  const alloc = flame.unit === 'bytes';
  const unitWords = flame.unit === 'per1k' ? per1kUnit({ perRequest: true, cpuTime: flame.cpuTime }) : alloc ? 'bytes allocated per request' : '% of each profile’s own time';
  const spends = alloc ? 'allocates' : 'spends';
  const widths = alloc ? 'bytes' : 'time';
  return (
    <ul className="legend" aria-label="Colours">
      <li><span className="swatch" style={{ background: 'rgb(220,70,70)' }} aria-hidden="true" />B {spends} more</li>
      <li><span className="swatch" style={{ background: 'rgb(70,70,220)' }} aria-hidden="true" />B {spends} less</li>
      <li><span className="swatch" style={{ background: 'rgb(255,190,90)' }} aria-hidden="true" />new in B</li>
      <li><span className="swatch" style={{ background: 'rgb(220,220,220)' }} aria-hidden="true" />unchanged</li>
      <li className="muted">{shape === 'b' ? `Widths: B’s ${widths}.` : `Widths: A’s ${widths} — frames gone from B show blue.`} Colours: change in {unitWords}.</li>
    </ul>
  );
}
