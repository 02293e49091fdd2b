// The flamegraph, drawn by d3-flame-graph 5 (docs/ARCHITECTURE.md "Sharp edges"):
// - the chart is created ONCE per mount and fed with chart.update(data):
//   calling it a second time on the same element blanks every label;
// - chart.destroy() on unmount (it also removes the tooltip);
// - it is fed a tree pruned to what can be seen (shared/profile flame-view.ts,
//   built in the analysis worker): frames under 2 px are folded into
//   "N small frames", so a 100 MB profile draws a few thousand frames, not
//   tens of thousands; minFrameSize(1) skips what is still under a pixel;
// - a click zooms at once (d3's own zoom on the drawn tree), then the worker
//   answers the zoomed node's subtree pruned at ITS scale, so detail appears
//   as you zoom in; its ancestors come as a chain marked `ancestor`, drawn
//   faded as d3 draws them;
// - search runs on the model (every call node, not the SVG), on the page over
//   the call nodes the flame data carries: it never waits for the worker;
//   the drawn frames of matching functions are recoloured;
// - no animation: a new tree is drawn complete in one frame (the entry
//   animation cost ~0.4 s before anything could be read); d3's transitions
//   are cancelled and their end state written at once (flame-frames.ts);
// - the tooltip is set with .text(), never .html(): names come from the target.
// The d3 chart itself is made in flamegraph-d3.ts; search in use-flame-search.ts
// (its box, components/FlameSearchBox.tsx); the zoom in use-flame-zoom.ts; the keyboard
// in use-flame-keys.ts; the legend in FlameLegend.tsx. A
// right-click on a frame opens the transforms menu: d3 keeps each frame's
// node on its <g> element as __data__.
// Without a `model` (no worker behind it), zoom and search are d3's own.
import type { FlameGraph, FlameGraphTooltip } from 'd3-flame-graph';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { FlameNode, VisibleFlameNode } from '../../../shared/profile/index.ts';
import { weightText, type FlameData } from '../lib/flame-data.ts';
import { keepTipInWindow } from '../lib/keep-tip-in-window.ts';
import { formatPercent } from '../lib/format.ts';
import { useSlashToFocus } from './TableToolbar.tsx';
import { createFlameChart, drawFlameTree, frameOfElement } from './flamegraph-d3.ts';
import { FlameLegend } from './FlameLegend.tsx';
import { FLAME_DRAWN } from './use-after-flame.ts';
import { useFlameKeys } from './use-flame-keys.ts';
import { useFlameSearch, type FlameMatches } from './use-flame-search.ts';
import { useFlameZoom, type FlameModel } from './use-flame-zoom.ts';
import { FlameSearchBox } from '../components/FlameSearchBox.tsx';

// The flamegraph's model prop (declared beside the zoom that asks it).
export type { FlameModel };

interface Props {
  data: FlameData;
  model?: FlameModel;
  /** The tab is in view: "/" focuses this search. */
  active?: boolean;
  onFrameMenu?(node: FlameNode, x: number, y: number): void;
  /** A function to find (a verdict's finding was clicked): searched for, so its frames light up. */
  highlight?: { name: string; seq: number } | null;
}

export function Flamegraph({ data, model, active = true, onFrameMenu, highlight: find = null }: Props) {
  const id = useId();
  const container = useRef<HTMLDivElement>(null);
  const chartRef = useRef<FlameGraph<FlameNode> | null>(null);
  const tipRef = useRef<FlameGraphTooltip<FlameNode> | null>(null);
  const drawnTree = useRef<FlameNode | null>(null);
  const dataRef = useRef(data);
  const modelRef = useRef(model);
  const highlight = useRef<ReadonlySet<number> | null>(null);
  const recolor = useRef<() => void>(() => {});
  const searchInput = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  // Search as the user types (use-flame-search.ts): stable refs, so the effect runs on a new query or tree only.
  const [searchRefs] = useState(() => ({ chart: chartRef, model: modelRef, data: dataRef, highlight, recolor }));
  const { matches: shownMatches, setMatches } = useFlameSearch(query, data.tree, searchRefs);

  useLayoutEffect(() => {
    dataRef.current = data;
    modelRef.current = model;
  });

  const draw = useCallback((tree: FlameNode) => {
    const chart = chartRef.current;
    const el = container.current;
    if (!chart || !el) return;
    drawFlameTree(chart, el, tree);
    drawnTree.current = tree;
  }, []);
  const [zoomRefs] = useState(() => ({ data: dataRef, model: modelRef }));
  const { zoomed, shown, zoomTo, resetZoom } = useFlameZoom(data.tree, zoomRefs, draw);

  // Find the function a finding names (the search effect below draws it).
  const [highlighted, setHighlighted] = useState<number | null>(null);
  if (find && find.seq !== highlighted) {
    setHighlighted(find.seq);
    setQuery(find.name);
  }

  // Create the chart once per mount (flamegraph-d3.ts).
  useEffect(() => {
    const made = createFlameChart(container.current!, {
      data: () => dataRef.current,
      highlighted: () => highlight.current,
      ownsClicks: () => !!modelRef.current,
      onFrameClick: zoomTo,
      onSearched: (count, ms) => setMatches({ tree: dataRef.current.tree, query: searchInput.current?.value ?? '', count, ms }),
    });
    drawnTree.current = dataRef.current.tree;
    // The Result screen mounts its cards below the profile now (use-after-flame.ts).
    container.current!.dispatchEvent(new Event(FLAME_DRAWN, { bubbles: true }));
    chartRef.current = made.chart;
    tipRef.current = made.tip;
    recolor.current = made.recolor;
    return () => {
      made.dispose();
      chartRef.current = null;
      tipRef.current = null;
    };
  }, [zoomTo, setMatches]);

  // A new tree to show (new data, a zoom answered, back from a zoom): feed the same chart.
  useEffect(() => {
    if (drawnTree.current !== shown) draw(shown);
  }, [shown, draw]);

  // The tooltip lives in <body>: hide it when the tab goes out of view (it gets no mouseout then).
  useEffect(() => {
    if (!active) tipRef.current?.hide();
  }, [active]);

  useSlashToFocus(searchInput, active);

  // The keyboard's frame (use-flame-keys.ts): Tab to the chart, arrows walk, Enter zooms, Shift+F10 opens the frame's menu.
  const { onChartKey, cursorText } = useFlameKeys(container, data, onFrameMenu);

  return (
    <div className="flamegraph-block">
      <div className="flame-toolbar">
        <FlameSearchBox id={id} input={searchInput} query={query} setQuery={setQuery} matches={matchesText(shownMatches, data)} testId="flamegraph-search" matchesTestId="flamegraph-matches" />
        <button type="button" className="button small" data-testid="flamegraph-reset-zoom" onClick={resetZoom} disabled={!zoomed}>
          Reset zoom
        </button>
      </div>
      <FlameLegend data={data} />
      <p className="zoom-details muted" aria-live="polite">{zoomText(zoomed, data)}</p>
      <p className="visually-hidden" aria-live="polite" data-testid="flamegraph-cursor">{cursorText}</p>
      <div
        className="flamegraph" ref={container} tabIndex={0} role="application" data-testid="flamegraph"
        aria-label="Flamegraph: the arrow keys walk the frames (up: callee, down: caller, left and right: beside), Enter zooms into the frame, Shift+F10 opens its menu"
        onKeyDown={onChartKey} onMouseMove={keepTipInWindow}
        onContextMenu={(e) => {
          const frame = frameOfElement((e.target as Element).closest('g'));
          if (!frame || !onFrameMenu) return;
          e.preventDefault();
          tipRef.current?.hide();
          onFrameMenu(frame.data, e.clientX, e.clientY);
        }}
      />
    </div>
  );
}

function matchesText(matches: FlameMatches | null, data: FlameData): string {
  if (!matches) return '';
  return `${matches.count} ${matches.count === 1 ? 'match' : 'matches'} · ${formatPercent(data.totalMs ? matches.ms / data.totalMs : 0)} of the ${data.unit === 'bytes' ? 'bytes' : 'time'}`;
}

/** What is zoomed into, or how to use the chart. */
function zoomText(zoomed: VisibleFlameNode | null, data: FlameData): string {
  if (!zoomed) return 'Click a frame to zoom into it; hover for details; right-click for focus, merge and collapse. Keyboard: Tab to the chart, arrows walk the frames, Enter zooms, Shift+F10 opens the menu.';
  const where = zoomed.location ?? '';
  return `Zoomed into ${zoomed.name}${where ? ` (${where})` : ''}: ${weightText(data, zoomed.value)}, ${formatPercent(zoomed.value / (data.totalMs || 1))} of the total.`;
}
