// The differential flamegraph (d3-flame-graph's differential mode, DESIGN.md
// "Sharp edges": computeDelta(true), selfValue(true), differentialColorMapper):
// B's shape, each frame coloured by its change against A — red where B spends
// more, blue where it spends less, orange where the frame is new — per 1 000
// requests when both sides have request counts, else in % of each side's own
// time. A toggle shows A's shape instead (to see what disappeared); another
// draws bytes allocated per request instead of CPU, when both sides sampled
// allocations. The chart is created once and fed with update(); the tooltip uses .text().
import flamegraph, { colorMapper, tooltip as flameTooltipFactory, type FlameGraph, type FlameGraphTooltip } from 'd3-flame-graph';
import { select } from 'd3-selection';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { DiffFlameNode } from '../../../shared/profile/views/diff-flame.ts';
import { literalMatcher } from '../lib/regexp.ts';
import { useSlashToFocus } from '../result/TableToolbar.tsx';
import { flameTooltip } from './compare-format.ts';
import { keepTipInWindow } from '../lib/keep-tip-in-window.ts';
import type { DiffFlame } from './compute.ts';
import { followWidth } from '../components/follow-width.ts';

const HIGHLIGHT = '#e600e6';
const SEARCH_DELAY_MS = 120;

interface Props {
  flameA: DiffFlame;
  flameB: DiffFlame;
  /** The same shapes from the allocation profiles (bytes per request): a CPU / Allocations toggle when both are there. */
  allocA?: DiffFlame | null;
  allocB?: DiffFlame | null;
  /** A function picked in the tables: its frames are highlighted. */
  highlight: string | null;
  /** What the two sides are called (an experiment draws its A against its B as the baseline: { a: 'B', b: 'A' }). */
  sides?: { a: string; b: string };
}

export function DiffFlamegraph({ flameA, flameB, allocA, allocB, highlight, sides = { a: 'A', b: 'B' } }: Props) {
  const id = useId();
  const [shape, setShape] = useState<'a' | 'b'>('b');
  const [measure, setMeasure] = useState<'cpu' | 'alloc'>('cpu');
  const allocations = allocA && allocB ? { a: allocA, b: allocB } : null;
  const shown = measure === 'alloc' && allocations ? allocations : { a: flameA, b: flameB };
  const flame = shape === 'a' ? shown.a : shown.b;
  const container = useRef<HTMLDivElement>(null);
  const chartRef = useRef<FlameGraph<DiffFlameNode> | null>(null);
  const tipRef = useRef<FlameGraphTooltip<DiffFlameNode> | null>(null);
  const drawn = useRef<DiffFlameNode | null>(null);
  const current = useRef({ flame, shape });
  const searchInput = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [matches, setMatches] = useState<number | null>(null);
  const [zoomed, setZoomed] = useState(false);

  useLayoutEffect(() => {
    current.current = { flame, shape };
  });

  useEffect(() => {
    const el = container.current!;
    const tip = flameTooltipFactory.defaultFlamegraphTooltip<DiffFlameNode>().text((d) => flameTooltip(current.current.flame, current.current.shape, d.data));
    tipRef.current = tip;
    const chart = flamegraph<DiffFlameNode>()
      .width(Math.max(el.clientWidth, 200))
      .cellHeight(18)
      .minFrameSize(1)
      .minHeight(120)
      .transitionDuration(200)
      .sort(false)
      .selfValue(true)
      .computeDelta(true)
      .tooltip(tip)
      .setColorMapper((d, original) => (d.highlight ? HIGHLIGHT : colorMapper.differentialColorMapper(d, original)))
      .setSearchMatch((d, term) => {
        const re = literalMatcher(term);
        return !!re && (re.test(d.data.name) || re.test(d.data.location));
      })
      .setSearchHandler((results) => setMatches(results.length))
      .setDetailsHandler(() => {})
      .onClick((d) => setZoomed(d.parent !== null));
    drawn.current = current.current.flame.tree;
    select(el).datum(current.current.flame.tree).call(chart);
    chartRef.current = chart;
    const stopFollowing = followWidth(el, (w) => chart.width(w).update());
    return () => {
      stopFollowing();
      chart.destroy();
      chartRef.current = null;
      tipRef.current = null;
    };
  }, []);

  // The term searched: what the user typed, else the function picked in the tables.
  const term = literalMatcher(query) ? query : highlight ?? '';

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart || drawn.current === flame.tree) return;
    drawn.current = flame.tree;
    setZoomed(false);
    chart.update(flame.tree);
    if (literalMatcher(term)) chart.search(term);
  }, [flame.tree, term]);

  useEffect(() => {
    const timer = setTimeout(() => {
      const chart = chartRef.current;
      if (!chart) return;
      if (literalMatcher(term)) chart.search(term);
      else {
        chart.clear();
        setMatches(null);
      }
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [term]);

  useSlashToFocus(searchInput, true);

  const alloc = flame.unit === 'bytes';
  const unitWords = flame.unit === 'per1k' ? 'CPU ms per 1 000 requests' : alloc ? 'bytes allocated per request' : '% of each profile’s own time';
  const spends = alloc ? 'allocates' : 'spends';
  const widths = alloc ? 'bytes' : 'time';
  return (
    <div className="flamegraph-block diff-flame">
      <div className="flame-toolbar">
        {allocations && (
          <div className="segmented" role="group" aria-label="What the flamegraph measures">
            <button type="button" className={`button small${measure === 'cpu' ? ' primary' : ''}`} aria-pressed={measure === 'cpu'} data-testid="diff-measure-cpu" onClick={() => setMeasure('cpu')}>
              CPU
            </button>
            <button type="button" className={`button small${measure === 'alloc' ? ' primary' : ''}`} aria-pressed={measure === 'alloc'} data-testid="diff-measure-alloc" onClick={() => setMeasure('alloc')}
              title="Bytes allocated per request, from V8's sampling heap profiler">
              Allocations
            </button>
          </div>
        )}
        <div className="segmented" role="group" aria-label="Shape of the flamegraph">
          <button type="button" className={`button small${shape === 'b' ? ' primary' : ''}`} aria-pressed={shape === 'b'} data-testid="diff-shape-b" onClick={() => setShape('b')}>
            {sides.b}’s shape
          </button>
          <button type="button" className={`button small${shape === 'a' ? ' primary' : ''}`} aria-pressed={shape === 'a'} data-testid="diff-shape-a" onClick={() => setShape('a')}>
            {sides.a}’s shape
          </button>
        </div>
        <div className="search">
          <label htmlFor={`${id}-search`} className="visually-hidden">Search functions</label>
          <input
            ref={searchInput}
            id={`${id}-search`}
            data-testid="diff-flame-search"
            type="search"
            placeholder="Search functions or files  ( / )"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape' && query) {
                e.stopPropagation();
                setQuery('');
              }
            }}
          />
          <span className="matches muted" aria-live="polite">{term && matches !== null ? `${matches} ${matches === 1 ? 'match' : 'matches'}` : ''}</span>
        </div>
        <button type="button" className="button small" onClick={() => { chartRef.current?.resetZoom(); setZoomed(false); }} disabled={!zoomed}>
          Reset zoom
        </button>
      </div>
      <ul className="legend" aria-label="Colours">
        <li><span className="swatch" style={{ background: 'rgb(255,90,90)' }} aria-hidden="true" />{sides.b} {spends} more</li>
        <li><span className="swatch" style={{ background: 'rgb(90,90,255)' }} aria-hidden="true" />{sides.b} {spends} less</li>
        <li><span className="swatch" style={{ background: 'rgb(255,190,90)' }} aria-hidden="true" />new in {sides.b}</li>
        <li><span className="swatch" style={{ background: 'rgb(220,220,220)' }} aria-hidden="true" />unchanged</li>
        <li className="muted">{shape === 'b' ? `Widths: ${sides.b}’s ${widths}.` : `Widths: ${sides.a}’s ${widths} — frames gone from ${sides.b} show blue.`} Colours: change in {unitWords}.</li>
      </ul>
      <div className="flamegraph" ref={container} data-testid="diff-flamegraph" data-shape={shape} data-measure={alloc ? 'alloc' : 'cpu'} onMouseMove={keepTipInWindow} />
    </div>
  );
}
