// The timeline's Ctrl (or Alt, or ⌘) + wheel: zooms the axis around the pointer.
// A native listener, since React's is passive and cannot keep the page itself
// from zooming.
import { useEffect, useLayoutEffect, useRef, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { zoomViewport } from './timeline-scale.ts';

type Viewport = { fromMs: number; toMs: number };

/** `labelPx`: the labels' column left of the plot, where the wheel scrolls the page as usual. */
export function useWheelZoom(box: RefObject<HTMLDivElement | null>, durationMs: number, labelPx: number, setZoom: Dispatch<SetStateAction<Viewport | null>>, onZoom: () => void): void {
  const onZoomRef = useRef(onZoom);
  useLayoutEffect(() => {
    onZoomRef.current = onZoom;
  });
  useEffect(() => {
    const el = box.current;
    const D = durationMs;
    if (!el || D <= 0) return;
    const listener = (e: WheelEvent) => {
      const px = e.clientX - el.getBoundingClientRect().left;
      if ((!e.ctrlKey && !e.metaKey && !e.altKey) || px < labelPx) return;
      e.preventDefault();
      const plot = Math.max(100, el.clientWidth - labelPx - 8);
      onZoomRef.current();
      setZoom((z) => {
        const vp = z ?? { fromMs: 0, toMs: D };
        return zoomViewport(vp, vp.fromMs + ((px - labelPx) / plot) * (vp.toMs - vp.fromMs), e.deltaY > 0 ? 1.25 : 0.8, D, 1);
      });
    };
    el.addEventListener('wheel', listener, { passive: false });
    return () => el.removeEventListener('wheel', listener);
  }, [box, durationMs, labelPx, setZoom]);
}
