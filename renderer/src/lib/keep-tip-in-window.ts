// d3-flame-graph's tooltip opens right of the pointer, in <body>: near the
// window's right edge it was cut off. Flip it to the pointer's left when it
// would not fit (both flamegraphs). d3 moves and refills the tip on its own
// mouse events, which may run after ours (a CI run saw it placed past the
// edge after our fix), so each tip is watched: whenever d3 moves it or
// changes its text, it is put back inside the window.
import type { MouseEvent as ReactMouseEvent } from 'react';

const watched = new WeakSet<HTMLElement>();
let pointer = { clientX: 0, pageX: 0 };

function clamp(tip: HTMLElement): void {
  if (tip.style.display === 'none') return;
  const width = tip.getBoundingClientRect().width;
  if (!width || pointer.clientX + 16 + width <= window.innerWidth) return;
  const left = `${Math.max(window.scrollX + 4, pointer.pageX - width - 12)}px`;
  // Only a change: our own write is a mutation too, and must not loop.
  if (tip.style.left !== left) tip.style.left = left;
}

export function keepTipInWindow(e: ReactMouseEvent | MouseEvent): void {
  pointer = { clientX: e.clientX, pageX: e.pageX };
  for (const tip of document.querySelectorAll<HTMLElement>('.d3-flame-graph-tip')) {
    if (!watched.has(tip)) {
      watched.add(tip);
      new MutationObserver(() => clamp(tip)).observe(tip, { attributes: true, attributeFilter: ['style'], childList: true, subtree: true, characterData: true });
    }
    requestAnimationFrame(() => clamp(tip));
  }
}
