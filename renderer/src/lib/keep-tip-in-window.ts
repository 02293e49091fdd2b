// d3-flame-graph's tooltip opens right of the pointer, in <body>: near the
// window's right edge it was cut off. On each mouse move over a flamegraph,
// flip it to the pointer's left when it would not fit (both flamegraphs).
// d3 flips it itself only from the second frame on: it measures the tip while
// it is still hidden. Each chart has its own tip: the one shown is moved.
import type { MouseEvent as ReactMouseEvent } from 'react';

export function keepTipInWindow(e: ReactMouseEvent | MouseEvent): void {
  const tip = [...document.querySelectorAll<HTMLElement>('.d3-flame-graph-tip')].find((t) => t.style.display !== 'none');
  if (!tip) return;
  const { clientX, pageX } = e;
  requestAnimationFrame(() => {
    const width = tip.getBoundingClientRect().width;
    if (clientX + 16 + width > window.innerWidth) tip.style.left = `${Math.max(window.scrollX + 4, pageX - width - 12)}px`;
  });
}
