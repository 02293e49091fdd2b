// A chart drawn at a fixed width (d3-flame-graph) follows its container:
// both flamegraphs (one recording's, a comparison's) redraw through this.

/**
 * Calls `onWidth` when `el`'s width changes by a pixel or more — at most once
 * per animation frame, never with 0 (a hidden tab). Returns the stop function.
 */
export function followWidth(el: HTMLElement, onWidth: (width: number) => void): () => void {
  let frame = 0;
  let width = el.clientWidth;
  const observer = new ResizeObserver(() => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => {
      const w = el.clientWidth;
      if (w > 0 && Math.abs(w - width) >= 1) {
        width = w;
        onWidth(w);
      }
    });
  });
  observer.observe(el);
  return () => {
    observer.disconnect();
    cancelAnimationFrame(frame);
  };
}
