// The d3-flame-graph chart of a Flamegraph, made once per mount (calling d3's
// chart a second time on one element blanks every label: it is fed with
// chart.update(tree) after that). Frames are coloured by kind, or highlighted
// when search matched them; the width follows the container; with a worker
// model behind the chart, a click is the component's alone (d3's own zoom
// would lay the chart out once more before the worker's tree replaces it).
import flamegraph, { tooltip as flameTooltip, type FlameGraph, type FlameGraphFrame, type FlameGraphTooltip } from 'd3-flame-graph';
import { select } from 'd3-selection';
import type { FlameNode, VisibleFlameNode } from '../../../shared/profile/index.ts';
import { classOfNode, frameTooltip, type FlameData } from '../lib/flame-data.ts';
import { frameColor } from '../lib/frame-colors.ts';
import { literalMatcher } from '../lib/regexp.ts';
import { followWidth } from '../components/follow-width.ts';
import { settleFrames, withoutTransitions } from './flame-frames.ts';

const HIGHLIGHT = '#e600e6';
export const CELL_HEIGHT = 18;

type Drawn = VisibleFlameNode & { fade?: boolean; hide?: boolean };

/** d3 keeps each frame's node on its <g> element. */
export const frameOfElement = (g: Element | null) => (g as unknown as { __data__?: FlameGraphFrame<FlameNode> } | null)?.__data__;

/** d3's zoom marks frames hidden or faded in the data: a tree is drawn again from a clean state, ancestors faded. */
function resetZoomMarks(tree: Drawn): void {
  for (const stack: Drawn[] = [tree]; stack.length;) {
    const n = stack.pop()!;
    n.hide = false;
    n.fade = n.ancestor === true;
    for (const c of n.children) stack.push(c);
  }
}

/** Draws `tree` on a chart made by createFlameChart, complete in one frame. */
export function drawFlameTree(chart: FlameGraph<FlameNode>, el: HTMLElement, tree: FlameNode): void {
  resetZoomMarks(tree as Drawn);
  withoutTransitions(() => chart.update(tree));
  settleFrames(el, CELL_HEIGHT);
}

interface ChartHooks {
  /** The data drawn now (read at each tooltip and colour). */
  data(): FlameData;
  /** The frames search matched, drawn highlighted. */
  highlighted(): ReadonlySet<number> | null;
  /** True when a worker model answers zooms: the click is then not d3's. */
  ownsClicks(): boolean;
  onFrameClick(d: FlameGraphFrame<FlameNode>): void;
  /** d3's own search answered (no model). */
  onSearched(count: number, ms: number): void;
}

export interface FlameChart {
  chart: FlameGraph<FlameNode>;
  tip: FlameGraphTooltip<FlameNode>;
  /** Search results recolour the drawn frames; nothing is laid out again. */
  recolor(): void;
  dispose(): void;
}

export function createFlameChart(el: HTMLElement, hooks: ChartHooks): FlameChart {
  const tip = flameTooltip.defaultFlamegraphTooltip<FlameNode>().text((d) => frameTooltip(hooks.data(), d.data));
  const colorOf = (d: FlameGraphFrame<FlameNode>) =>
    d.highlight || hooks.highlighted()?.has(d.data.frame) ? HIGHLIGHT : frameColor(classOfNode(hooks.data(), d.data), d.data.name);
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
    .setSearchHandler((results, sum) => hooks.onSearched(results.length, sum))
    .setDetailsHandler(() => {})
    // Without a model: d3 has zoomed already; the zoom is remembered for "Zoomed into…" and Reset.
    .onClick((d) => hooks.onFrameClick(d));
  const onClickCapture = (e: MouseEvent) => {
    if (!hooks.ownsClicks()) return;
    const d = frameOfElement((e.target as Element).closest('g.frame'));
    if (!d) return;
    e.stopPropagation();
    tip.hide();
    hooks.onFrameClick(d);
  };
  el.addEventListener('click', onClickCapture, true);
  const tree = hooks.data().tree;
  resetZoomMarks(tree as Drawn);
  withoutTransitions(() => select(el).datum(tree).call(chart));
  settleFrames(el, CELL_HEIGHT);

  // Width follows the container; one redraw per frame at most.
  const stopFollowing = followWidth(el, (w) => {
    withoutTransitions(() => chart.width(w).update());
    settleFrames(el, CELL_HEIGHT);
  });
  return {
    chart,
    tip,
    recolor() {
      for (const g of el.querySelectorAll<SVGGElement>('svg g.frame')) {
        const d = frameOfElement(g);
        const rect = d ? g.querySelector('rect') : null;
        if (!d || !rect) continue;
        // Only the frames whose colour changes: a search recolours a few of thousands, and each attribute set is restyled and repainted.
        const fill = colorOf(d);
        if (rect.getAttribute('fill') !== fill) rect.setAttribute('fill', fill);
      }
    },
    dispose() {
      el.removeEventListener('click', onClickCapture, true);
      stopFollowing();
      chart.destroy();
    },
  };
}
