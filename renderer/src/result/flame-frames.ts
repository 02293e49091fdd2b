// What d3-flame-graph 5 draws, finished at once. It draws each frame as
//   <g class="frame"><rect/><foreignObject><div>label</div></foreignObject></g>
// and moves, widens and relabels frames through d3-transition even at
// transitionDuration(0): a timer per element, then on the next animation
// frame every transform string parsed and interpolated, for an animation
// nobody sees. withoutTransitions has d3 write the end state at once instead;
// settleFrames then keeps a label (foreignObject + HTML div, the costliest part
// of a frame to style, lay out and paint) only on frames wide enough to show
// one: d3 gives every frame a label and hides it under 35 px, and most frames
// of a big profile are narrower than that.
import { selection } from 'd3-selection';

/** d3-flame-graph hides a label narrower than this (its update(): width(d) < 35 ? 'none' : 'block'). */
const LABEL_MIN_PX = 35;
const SVG_NS = 'http://www.w3.org/2000/svg';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';

/** What d3-flame-graph keeps on each <g> (a d3-hierarchy node after its partition layout). */
interface FrameDatum {
  data: { name: string };
}

/**
 * The labels of the chart in `el`, after a draw under withoutTransitions:
 * written on the frames wide enough to show one, removed from the others.
 * `cellHeight`: the chart's.
 */
export function settleFrames(el: HTMLElement, cellHeight: number): void {
  const svg = el.querySelector('svg');
  if (!svg) return;
  for (const g of svg.querySelectorAll<SVGGElement>('g.frame')) {
    const d = (g as unknown as { __data__?: FrameDatum }).__data__;
    if (!d) continue;
    const width = g.getAttribute('width');
    const last = g.lastElementChild;
    const holder = last && last.tagName === 'foreignObject' ? last : null;
    if (!(Number(width) >= LABEL_MIN_PX)) {
      holder?.remove(); // hidden by d3 anyway; d3's next update skips a frame without one
      continue;
    }
    const label = holder?.firstElementChild ?? addLabel(g, width!, cellHeight);
    if (label.textContent !== d.data.name) label.textContent = d.data.name;
  }
}

/** What d3-flame-graph's update() calls on a transition: here applied to the selection at once. */
interface InstantTransition {
  duration(): InstantTransition;
  ease(): InstantTransition;
  delay(): InstantTransition;
  attr(name: string, value: unknown): InstantTransition;
  text(value: unknown): InstantTransition;
}

/**
 * Runs `draw` (a chart.update or the first call) with d3's transitions
 * replaced by their end state, written at once: d3-flame-graph creates three
 * transitions per frame even at transitionDuration(0) (thousands of timers
 * and interpolators, ~40% of a zoom's drawing on a big profile: bench:open).
 * Call settleFrames after it: it writes the labels. The tooltip's own fades
 * (outside `draw`) keep d3's transitions.
 */
export function withoutTransitions(draw: () => void): void {
  const proto = selection.prototype as unknown as { transition: (this: unknown) => InstantTransition };
  const original = proto.transition;
  proto.transition = function instant() {
    const sel = this as unknown as { attr(name: string, value: unknown): unknown; text(value: unknown): unknown };
    const t: InstantTransition = {
      duration: () => t, ease: () => t, delay: () => t,
      attr: (name, value) => { sel.attr(name, value); return t; },
      // The only text d3 writes through a transition is every frame's label: settleFrames writes
      // the labels of the frames wide enough to show one, and removes the others.
      text: () => t,
    };
    return t;
  };
  try {
    draw();
  } finally {
    proto.transition = original;
  }
}

/** The label d3-flame-graph gives a frame, for a frame that had none (it was narrow when drawn). */
function addLabel(g: SVGGElement, width: string, cellHeight: number): Element {
  const holder = g.ownerDocument.createElementNS(SVG_NS, 'foreignObject');
  holder.setAttribute('width', width);
  holder.setAttribute('height', String(cellHeight));
  holder.setAttribute('style', 'pointer-events: none;');
  const div = g.ownerDocument.createElementNS(XHTML_NS, 'div');
  div.setAttribute('class', 'd3-flame-graph-label');
  div.setAttribute('style', 'display: block;');
  holder.appendChild(div);
  g.appendChild(holder);
  return div;
}
