// The flamegraph's keyboard (flame-keys.ts walks the frames): Tab to the chart,
// arrows move a cursor over the drawn frames, Enter zooms, Shift+F10 (or the
// menu key) opens the frame's menu. The cursor's frame is told to screen readers.
import { useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { FlameGraphFrame } from 'd3-flame-graph';
import type { FlameNode } from '../../../shared/profile/index.ts';
import { frameTooltip, type FlameData } from '../lib/flame-data.ts';
import { frameOfElement } from './flamegraph-d3.ts';
import { frameAfterKey } from './flame-keys.ts';


export function useFlameKeys(container: RefObject<HTMLDivElement | null>, data: FlameData, onFrameMenu?: (node: FlameNode, x: number, y: number) => void) {
  const cursor = useRef<FlameGraphFrame<FlameNode> | null>(null);
  const [cursorText, setCursorText] = useState('');
  const onChartKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const el = container.current;
    if (!el) return;
    const drawn = new Map<FlameGraphFrame<FlameNode>, SVGGElement>();
    for (const g of el.querySelectorAll<SVGGElement>('svg g.frame')) {
      const d = frameOfElement(g);
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
  return { onChartKey, cursorText };
}
