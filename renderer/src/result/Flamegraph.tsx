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
// - search runs on the model in the worker (every call node, not the SVG);
//   the drawn frames of matching functions are recoloured;
// - no animation: a new tree is drawn complete in one frame (the entry
//   animation cost ~0.4 s before anything could be read); d3's transitions
//   are cancelled and their end state written at once (flame-frames.ts);
// - the tooltip is set with .text(), never .html(): names come from the target.
// A right-click on a frame opens the transforms menu: d3 keeps each frame's
// node on its <g> element as __data__.
// Without a `model` (no worker behind it), zoom and search are d3's own.
import flamegraph, { tooltip as flameTooltip, type FlameGraph, type FlameGraphFrame, type FlameGraphTooltip } from 'd3-flame-graph';
import { select } from 'd3-selection';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { FlameNode, FlameSearchResult, VisibleFlameNode } from '../../../shared/profile/index.ts';
import { classOfNode, frameTooltip, weightText, type FlameData } from '../lib/flame-data.ts';
import { frameColor, LEGEND, legendColor } from '../lib/frame-colors.ts';
import { keepTipInWindow } from '../lib/keep-tip-in-window.ts';
import { formatPercent } from '../lib/format.ts';
import { literalMatcher } from '../lib/regexp.ts';
import { settleFrames, withoutTransitions } from './flame-frames.ts';
import { useSlashToFocus } from './TableToolbar.tsx';
import { Explain } from '../components/Explain.tsx';
import type { Term } from '../../../shared/glossary.ts';
import { followWidth } from '../components/follow-width.ts';
import { frameAfterKey } from './flame-keys.ts';

// Legend entries whose word a student may not know: a "what is this?" next to them.
const LEGEND_TERMS: Partial<Record<string, Term>> = { native: 'native', gc: 'gc', idle: 'idle', program: 'program' };

const HIGHLIGHT = '#e600e6';
const CELL_HEIGHT = 18;
const SEARCH_DELAY_MS = 60;

/** What the analysis worker answers for this flamegraph's profile and transforms. */
export interface FlameModel {
  /** The tree zoomed into a call node, pruned at its scale. */
  zoom(callNode: number): Promise<VisibleFlameNode>;
  search(query: string): Promise<FlameSearchResult>;
}

interface Matches {
  tree: FlameNode;
  query: string;
  count: number;
  ms: number;
}

interface Props {
  data: FlameData;
  model?: FlameModel;
  /** The tab is in view: "/" focuses this search. */
  active?: boolean;
  onFrameMenu?(node: FlameNode, x: number, y: number): void;
  /** A function to find (a verdict's finding was clicked): searched for, so its frames light up. */
  highlight?: { name: string; seq: number } | null;
}

type Drawn = VisibleFlameNode & { fade?: boolean; hide?: boolean };

/** d3's zoom marks frames hidden or faded in the data: a tree is drawn again from a clean state, ancestors faded. */
function resetZoomMarks(tree: Drawn): void {
  for (const stack: Drawn[] = [tree]; stack.length;) {
    const n = stack.pop()!;
    n.hide = false;
    n.fade = n.ancestor === true;
    for (const c of n.children) stack.push(c);
  }
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
  const [matches, setMatches] = useState<Matches | null>(null);
  // Which frame is zoomed into, per tree: new data starts unzoomed.
  const [zoom, setZoom] = useState<{ tree: FlameNode; node: VisibleFlameNode } | null>(null);
  // The worker's tree for that zoom, once it has answered.
  const [zoomTree, setZoomTree] = useState<{ base: FlameNode; node: VisibleFlameNode; tree: VisibleFlameNode } | null>(null);
  const zoomed = zoom && zoom.tree === data.tree && zoom.node !== data.tree ? zoom.node : null;
  const shown = zoomed && zoomTree && zoomTree.base === data.tree && zoomTree.node === zoomed ? zoomTree.tree : data.tree;

  useLayoutEffect(() => {
    dataRef.current = data;
    modelRef.current = model;
  });

  const draw = useCallback((tree: FlameNode) => {
    const chart = chartRef.current;
    const el = container.current;
    if (!chart || !el) return;
    resetZoomMarks(tree as Drawn);
    withoutTransitions(() => chart.update(tree));
    settleFrames(el, CELL_HEIGHT);
    drawnTree.current = tree;
  }, []);

  // Find the function a finding names (the search effect below draws it).
  const [highlighted, setHighlighted] = useState<number | null>(null);
  if (find && find.seq !== highlighted) {
    setHighlighted(find.seq);
    setQuery(find.name);
  }

  // Create the chart once per mount.
  useEffect(() => {
    const el = container.current!;
    const tip = flameTooltip.defaultFlamegraphTooltip<FlameNode>().text((d) => frameTooltip(dataRef.current, d.data));
    tipRef.current = tip;
    const colorOf = (d: FlameGraphFrame<FlameNode>) =>
      d.highlight || highlight.current?.has(d.data.frame) ? HIGHLIGHT : frameColor(classOfNode(dataRef.current, d.data), d.data.name);
    const chart = flamegraph<FlameNode>()
      .width(Math.max(el.clientWidth, 200))
      .cellHeight(CELL_HEIGHT)
      .minFrameSize(1)
      .minHeight(120)
      .transitionDuration(0)
      .resetHeightOnZoom(true)
      .sort(false) // the tree comes ordered, widest first
      .tooltip(tip)
      .setColorMapper(colorOf)
      .setSearchMatch((d, term) => {
        const re = literalMatcher(term);
        return !!re && (re.test(d.data.name) || re.test(d.data.location));
      })
      .setSearchHandler((results, sum) => {
        setMatches({ tree: dataRef.current.tree, query: searchInput.current?.value ?? '', count: results.length, ms: sum });
      })
      .setDetailsHandler(() => {})
      // Without a model: d3 has zoomed already; the zoom is remembered for "Zoomed into…" and Reset.
      .onClick((d) => zoomTo(d));
    // With a model, a click is ours alone: d3's own zoom would lay the whole chart out once
    // more before the worker's tree replaces it (the costliest part of a zoom).
    const onClickCapture = (e: MouseEvent) => {
      if (!modelRef.current) return;
      const g = (e.target as Element).closest('g.frame');
      const d = g && (g as unknown as { __data__?: FlameGraphFrame<FlameNode> }).__data__;
      if (!d) return;
      e.stopPropagation();
      tip.hide();
      zoomTo(d);
    };
    const zoomTo = (d: FlameGraphFrame<FlameNode>) => {
      const base = dataRef.current.tree;
      let node = d.data as VisibleFlameNode;
      // "N small frames" is no call node: zoom into its parent, where they are drawn larger.
      if (node.callNode === -1 && d.parent) node = d.parent.data as VisibleFlameNode;
      if (node === base || node.callNode === 0) {
        setZoom(null);
        draw(base);
        return;
      }
      setZoom({ tree: base, node });
      const m = modelRef.current;
      if (m && node.callNode > 0) {
        m.zoom(node.callNode).then((tree) => setZoomTree({ base, node, tree }), () => {});
      }
    };
    el.addEventListener('click', onClickCapture, true);
    drawnTree.current = dataRef.current.tree;
    resetZoomMarks(dataRef.current.tree as Drawn);
    withoutTransitions(() => select(el).datum(dataRef.current.tree).call(chart));
    settleFrames(el, CELL_HEIGHT);
    chartRef.current = chart;
    // Search results recolour the drawn frames; nothing is laid out again.
    recolor.current = () => {
      for (const g of el.querySelectorAll<SVGGElement>('svg g.frame')) {
        const d = (g as unknown as { __data__?: FlameGraphFrame<FlameNode> }).__data__;
        if (d) g.querySelector('rect')?.setAttribute('fill', colorOf(d));
      }
    };

    // Width follows the container; one redraw per frame at most.
    const stopFollowing = followWidth(el, (w) => {
      withoutTransitions(() => chart.width(w).update());
      settleFrames(el, CELL_HEIGHT);
    });
    return () => {
      el.removeEventListener('click', onClickCapture, true);
      stopFollowing();
      chart.destroy();
      chartRef.current = null;
      tipRef.current = null;
    };
  }, [draw]);

  // A new tree to show (new data, a zoom answered, back from a zoom): feed the same chart.
  useEffect(() => {
    if (drawnTree.current !== shown) draw(shown);
  }, [shown, draw]);

  // Search as the user types (debounced): on the model in the worker, or d3's own without one.
  useEffect(() => {
    let live = true;
    const tree = data.tree;
    const timer = setTimeout(() => {
      const chart = chartRef.current;
      const m = modelRef.current;
      if (!chart) return;
      if (!literalMatcher(query)) {
        highlight.current = null;
        if (m) recolor.current();
        else chart.clear();
        setMatches(null);
        return;
      }
      if (!m) {
        chart.search(query);
        return;
      }
      m.search(query).then((r) => {
        if (!live) return;
        highlight.current = new Set(r.frames);
        recolor.current();
        setMatches({ tree, query, count: r.count, ms: r.ms });
      }, () => {});
    }, SEARCH_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query, data.tree]);

  // The tooltip lives in <body>: hide it when the tab goes out of view (it gets no mouseout then).
  useEffect(() => {
    if (!active) tipRef.current?.hide();
  }, [active]);

  useSlashToFocus(searchInput, active);

  // The keyboard's frame (flame-keys.ts): Tab to the chart, arrows walk, Enter zooms, Shift+F10 opens the frame's menu.
  const cursor = useRef<FlameGraphFrame<FlameNode> | null>(null);
  const [cursorText, setCursorText] = useState('');
  const onChartKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const el = container.current;
    if (!el) return;
    const gs = [...el.querySelectorAll<SVGGElement>('svg g.frame')];
    const drawn = new Map<FlameGraphFrame<FlameNode>, SVGGElement>();
    for (const g of gs) {
      const d = (g as unknown as { __data__?: FlameGraphFrame<FlameNode> }).__data__;
      if (d) drawn.set(d, g);
    }
    const at = cursor.current && drawn.has(cursor.current) ? cursor.current : null;
    let next: FlameGraphFrame<FlameNode> | null = null;
    if (e.key.startsWith('Arrow')) {
      // The first arrow starts at the bottom frame (the whole profile, or the frame zoomed into).
      next = at ? frameAfterKey(at, e.key, (n) => drawn.has(n)) ?? at : [...drawn.keys()].find((d) => !d.parent || !drawn.has(d.parent)) ?? null;
    } else if (e.key === 'Enter' && at) {
      drawn.get(at)!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    } else if ((e.key === 'ContextMenu' || (e.shiftKey && e.key === 'F10')) && at && onFrameMenu) {
      const r = drawn.get(at)!.getBoundingClientRect();
      onFrameMenu(at.data, r.left, r.bottom);
    } else {
      return;
    }
    e.preventDefault();
    if (!next) return;
    for (const g of el.querySelectorAll('g.frame-cursor')) g.classList.remove('frame-cursor');
    const g = drawn.get(next)!;
    g.classList.add('frame-cursor');
    g.scrollIntoView?.({ block: 'nearest' });
    cursor.current = next;
    setCursorText(frameTooltip(data, next.data));
  };

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
              ? `${shownMatches.count} ${shownMatches.count === 1 ? 'match' : 'matches'} · ${formatPercent(data.totalMs ? shownMatches.ms / data.totalMs : 0)} of the ${data.unit === 'bytes' ? 'bytes' : 'time'}`
              : ''}
          </span>
        </div>
        <button type="button" className="button small" data-testid="flamegraph-reset-zoom" onClick={() => {
            setZoom(null);
            draw(data.tree);
          }} disabled={!zoomed}>
          Reset zoom
        </button>
      </div>
      <ul className="legend" aria-label={`Colours: each kind’s share of the profile’s own ${data.unit === 'bytes' ? 'bytes allocated' : 'time'}`}>
        {/* A frame's width is its total time (with its callees); these are own (self) time only — say so where the numbers are. In the allocation flamegraph, bytes. */}
        <li className="legend-title muted">{data.unit === 'bytes' ? 'Own bytes (allocated by the function itself, not its callees):' : 'Own time (self, without callees):'}</li>
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
          ? `Zoomed into ${zoomed.name}${zoomedWhere ? ` (${zoomedWhere})` : ''}: ${weightText(data, zoomed.value)}, ${formatPercent(zoomed.value / (data.totalMs || 1))} of the total.`
          : 'Click a frame to zoom into it; hover for details; right-click for focus, merge and collapse. Keyboard: Tab to the chart, arrows walk the frames, Enter zooms, Shift+F10 opens the menu.'}
      </p>
      <p className="visually-hidden" aria-live="polite" data-testid="flamegraph-cursor">{cursorText}</p>
      <div
        className="flamegraph"
        ref={container}
        tabIndex={0}
        role="application"
        aria-label="Flamegraph: the arrow keys walk the frames (up: callee, down: caller, left and right: beside), Enter zooms into the frame, Shift+F10 opens its menu"
        onKeyDown={onChartKey}
        onMouseMove={keepTipInWindow}
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
