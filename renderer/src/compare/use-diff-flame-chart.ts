// The differential flamegraph's d3 chart (d3-flame-graph's differential mode,
// DESIGN.md "Sharp edges": computeDelta(true), selfValue(true),
// differentialColorMapper): created once per mount and fed with update() as
// the shape or the measure changes, its width following the box. It searches
// `term` (debounced) and counts the matches; a click zooms (d3's own zoom).
import flamegraph, { colorMapper, tooltip as flameTooltipFactory, type FlameGraph } from 'd3-flame-graph';
import { select } from 'd3-selection';
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { DiffFlameNode } from '../../../shared/profile/views/diff-flame.ts';
import { followWidth } from '../components/follow-width.ts';
import { labelColorOn } from '../lib/frame-colors.ts';
import { literalMatcher } from '../lib/regexp.ts';
import { flameTooltip } from './compare-format.ts';
import type { DiffFlame } from './compute.ts';

const HIGHLIGHT = '#e600e6';
const SEARCH_DELAY_MS = 120;

/** `shape`: whose shape is drawn (the tooltip words it); `term`: what to search, '' for nothing. */
export function useDiffFlameChart(container: RefObject<HTMLDivElement | null>, flame: DiffFlame, shape: 'a' | 'b', term: string) {
  const chartRef = useRef<FlameGraph<DiffFlameNode> | null>(null);
  const drawn = useRef<DiffFlameNode | null>(null);
  const current = useRef({ flame, shape });
  const [matches, setMatches] = useState<number | null>(null);
  const [zoomed, setZoomed] = useState(false);

  useLayoutEffect(() => {
    current.current = { flame, shape };
  });

  useEffect(() => {
    const el = container.current!;
    const tip = flameTooltipFactory.defaultFlamegraphTooltip<DiffFlameNode>().text((d) => flameTooltip(current.current.flame, current.current.shape, d.data));
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
      .setSearchMatch((d, t) => {
        const re = literalMatcher(t);
        return !!re && (re.test(d.data.name) || re.test(d.data.location));
      })
      .setSearchHandler((results) => setMatches(results.length))
      .setDetailsHandler(() => {})
      .onClick((d) => setZoomed(d.parent !== null));
    drawn.current = current.current.flame.tree;
    select(el).datum(current.current.flame.tree).call(chart);
    chartRef.current = chart;
    const stopFollowing = followWidth(el, (w) => chart.width(w).update());
    const stopLabels = labelsFollowFills(el);
    return () => {
      stopFollowing();
      stopLabels();
      chart.destroy();
      chartRef.current = null;
    };
  }, [container]);

  // A new tree (the other shape, the other measure): the same chart, unzoomed, still searched.
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

  const resetZoom = () => {
    chartRef.current?.resetZoom();
    setZoomed(false);
  };

  return { matches, zoomed, resetZoom };
}

/**
 * Each frame's label in the colour that reads on its fill (lib/frame-colors.ts labelColorOn): d3-flame-graph writes
 * every label in one dark colour, unreadable on the deep blue of "B spends less". d3 sets a frame's fill at once on
 * every draw (a new tree, a zoom, a search), so the labels follow the fills as they change.
 */
function labelsFollowFills(el: HTMLElement): () => void {
  const paint = () => {
    for (const rect of el.querySelectorAll<SVGRectElement>('g.frame > rect')) {
      const label = rect.parentElement?.querySelector<HTMLElement>('.d3-flame-graph-label');
      const fill = rect.getAttribute('fill');
      if (label && fill) label.style.color = labelColorOn(fill);
    }
  };
  paint();
  const watch = new MutationObserver(paint);
  watch.observe(el, { subtree: true, childList: true, attributes: true, attributeFilter: ['fill', 'class'] });
  return () => watch.disconnect();
}
