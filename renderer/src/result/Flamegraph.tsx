// The flamegraph, drawn by d3-flame-graph 5 (DESIGN.md "Sharp edges"):
// - the chart is created ONCE per mount and fed with chart.update(data):
//   calling it a second time on the same element blanks every label;
// - chart.destroy() on unmount (it also removes the tooltip);
// - minFrameSize(1): frames under a pixel are not drawn (each costs 5 DOM nodes);
// - search gets escaped text: "(anonymous)" is not a RegExp group;
// - the tooltip is set with .text(), never .html(): names come from the target.
// A right-click on a frame opens the transforms menu: d3 keeps each frame's
// node on its <g> element as __data__.
import flamegraph, { tooltip as flameTooltip, type FlameGraph, type FlameGraphFrame, type FlameGraphTooltip } from 'd3-flame-graph';
import { select } from 'd3-selection';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { FlameNode } from '../../../shared/profile/index.ts';
import { classOfNode, frameTooltip, type FlameData } from '../lib/flame-data.ts';
import { frameColor, LEGEND, legendColor } from '../lib/frame-colors.ts';
import { formatPercent, formatTimeMs } from '../lib/format.ts';
import { literalMatcher } from '../lib/regexp.ts';
import { useSlashToFocus } from './TableToolbar.tsx';
import { Explain } from '../components/Explain.tsx';
import type { Term } from '../../../shared/glossary.ts';

// Legend entries whose word a student may not know: a "what is this?" next to them.
const LEGEND_TERMS: Partial<Record<string, Term>> = { native: 'native', gc: 'gc', idle: 'idle', program: 'program' };

const HIGHLIGHT = '#e600e6';
const SEARCH_DELAY_MS = 120;

interface Matches {
  tree: FlameNode;
  query: string;
  count: number;
  ms: number;
}

interface Props {
  data: FlameData;
  /** The tab is in view: "/" focuses this search. */
  active?: boolean;
  onFrameMenu?(node: FlameNode, x: number, y: number): void;
  /** A function to find (a verdict's finding was clicked): searched for, so its frames light up. */
  highlight?: { name: string; seq: number } | null;
}

export function Flamegraph({ data, active = true, onFrameMenu, highlight = null }: Props) {
  const id = useId();
  const container = useRef<HTMLDivElement>(null);
  const chartRef = useRef<FlameGraph<FlameNode> | null>(null);
  const tipRef = useRef<FlameGraphTooltip<FlameNode> | null>(null);
  const shownTree = useRef<FlameNode | null>(null);
  const dataRef = useRef(data);
  const searchInput = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [matches, setMatches] = useState<Matches | null>(null);
  // Which frame is zoomed into, per tree: new data starts unzoomed.
  const [zoom, setZoom] = useState<{ tree: FlameNode; node: FlameNode } | null>(null);
  const zoomed = zoom && zoom.tree === data.tree && zoom.node !== data.tree ? zoom.node : null;

  useLayoutEffect(() => {
    dataRef.current = data;
  });

  // Find the function a finding names (the search effect below draws it).
  const [highlighted, setHighlighted] = useState<number | null>(null);
  if (highlight && highlight.seq !== highlighted) {
    setHighlighted(highlight.seq);
    setQuery(highlight.name);
  }

  // Create the chart once per mount.
  useEffect(() => {
    const el = container.current!;
    const tip = flameTooltip.defaultFlamegraphTooltip<FlameNode>().text((d) => frameTooltip(dataRef.current, d.data));
    tipRef.current = tip;
    const chart = flamegraph<FlameNode>()
      .width(Math.max(el.clientWidth, 200))
      .cellHeight(18)
      .minFrameSize(1)
      .minHeight(120)
      .transitionDuration(250)
      .resetHeightOnZoom(true)
      .sort(false) // buildFlameTree already orders children, widest first
      .tooltip(tip)
      .setColorMapper((d) => (d.highlight ? HIGHLIGHT : frameColor(classOfNode(dataRef.current, d.data), d.data.name)))
      .setSearchMatch((d, term) => {
        const re = literalMatcher(term);
        return !!re && (re.test(d.data.name) || re.test(d.data.location));
      })
      .setSearchHandler((results, sum) => {
        setMatches({ tree: dataRef.current.tree, query: searchInput.current?.value ?? '', count: results.length, ms: sum });
      })
      .setDetailsHandler(() => {})
      .onClick((d) => setZoom({ tree: dataRef.current.tree, node: d.data }));
    shownTree.current = dataRef.current.tree;
    select(el).datum(dataRef.current.tree).call(chart);
    chartRef.current = chart;

    // Width follows the container; one redraw per frame at most.
    let frame = 0;
    let width = el.clientWidth;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const w = el.clientWidth;
        if (w > 0 && Math.abs(w - width) >= 1) {
          width = w;
          chart.width(w).update();
        }
      });
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
      chart.destroy();
      chartRef.current = null;
      tipRef.current = null;
    };
  }, []);

  // New data: feed the same chart.
  useEffect(() => {
    const chart = chartRef.current;
    if (!chart || shownTree.current === data.tree) return;
    shownTree.current = data.tree;
    chart.update(data.tree);
    const term = searchInput.current?.value ?? '';
    if (literalMatcher(term)) chart.search(term);
  }, [data.tree]);

  // Search as the user types (debounced).
  useEffect(() => {
    const timer = setTimeout(() => {
      const chart = chartRef.current;
      if (!chart) return;
      if (literalMatcher(query)) chart.search(query);
      else {
        chart.clear();
        setMatches(null);
      }
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query]);

  // The tooltip lives in <body>: hide it when the tab goes out of view (it gets no mouseout then).
  useEffect(() => {
    if (!active) tipRef.current?.hide();
  }, [active]);

  useSlashToFocus(searchInput, active);

  const shownMatches = matches && matches.tree === data.tree && matches.query === query && literalMatcher(query) ? matches : null;
  const zoomedWhere = zoomed?.location ?? '';

  return (
    <div className="flamegraph-block">
      <div className="flame-toolbar">
        <div className="search">
          <label htmlFor={`${id}-search`} className="visually-hidden">Search functions</label>
          <input
            ref={searchInput}
            id={`${id}-search`}
            data-testid="flamegraph-search"
            type="search"
            placeholder="Search functions or files  ( / )"
            value={query}
            aria-keyshortcuts="/"
            aria-describedby={`${id}-matches`}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape' && query) {
                e.stopPropagation();
                setQuery('');
              }
            }}
          />
          <span id={`${id}-matches`} className="matches muted" data-testid="flamegraph-matches" aria-live="polite">
            {shownMatches
              ? `${shownMatches.count} ${shownMatches.count === 1 ? 'match' : 'matches'} · ${formatPercent(data.totalMs ? shownMatches.ms / data.totalMs : 0)} of the time`
              : ''}
          </span>
        </div>
        <button type="button" className="button small" data-testid="flamegraph-reset-zoom" onClick={() => chartRef.current?.resetZoom()} disabled={!zoomed}>
          Reset zoom
        </button>
      </div>
      <ul className="legend" aria-label="Colours">
        {LEGEND.filter((c) => c.key === 'user' || c.key === 'dependency' || c.key === 'node' || data.selfMsByClass[c.key] > 0).map((c) => (
          <li key={c.key} data-class={c.key}>
            <span className="swatch" style={{ background: legendColor(c.key) }} aria-hidden="true" />
            {c.label}
            {c.key !== 'folded' && data.totalMs > 0 && <span className="muted"> {formatPercent(data.selfMsByClass[c.key] / data.totalMs)}</span>}
            {LEGEND_TERMS[c.key] && <> <Explain term={LEGEND_TERMS[c.key]!} /></>}
          </li>
        ))}
      </ul>
      <p className="zoom-details muted" aria-live="polite">
        {zoomed
          ? `Zoomed into ${zoomed.name}${zoomedWhere ? ` (${zoomedWhere})` : ''}: ${formatTimeMs(zoomed.value)}, ${formatPercent(zoomed.value / (data.totalMs || 1))} of the total.`
          : 'Click a frame to zoom into it; hover for details; right-click for focus, merge and collapse.'}
      </p>
      <div
        className="flamegraph"
        ref={container}
        data-testid="flamegraph"
        onContextMenu={(e) => {
          const g = (e.target as Element).closest('g');
          const frame = g && (g as unknown as { __data__?: FlameGraphFrame<FlameNode> }).__data__;
          if (!frame || !onFrameMenu) return;
          e.preventDefault();
          tipRef.current?.hide();
          onFrameMenu(frame.data, e.clientX, e.clientY);
        }}
      />
    </div>
  );
}
