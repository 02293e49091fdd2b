// The flamegraph's zoom: a click zooms at once (d3's own zoom on the drawn
// tree), then the analysis worker answers the clicked node's subtree pruned
// at ITS scale, so detail appears as you zoom in. The zoom belongs to the
// tree it was made on: new data starts unzoomed.
import { useCallback, useState, type MutableRefObject } from 'react';
import type { FlameGraphFrame } from 'd3-flame-graph';
import type { FlameNode, VisibleFlameNode } from '../../../shared/profile/index.ts';
import type { FlameData } from '../lib/flame-data.ts';

/** What the analysis worker answers for a flamegraph's profile and transforms (a search runs on the page: use-flame-search.ts). Declared here, where the zoom asks it, so this hook and the search need not import Flamegraph.tsx back. */
export interface FlameModel {
  /** The tree zoomed into a call node, pruned at its scale. */
  zoom(callNode: number): Promise<VisibleFlameNode>;
}

interface Refs {
  /** The data and model of the latest render (the chart's click handler is made once). */
  data: MutableRefObject<FlameData>;
  model: MutableRefObject<FlameModel | undefined>;
}

export function useFlameZoom(tree: FlameNode, refs: Refs, draw: (tree: FlameNode) => void) {
  // Which frame is zoomed into, per tree.
  const [zoom, setZoom] = useState<{ tree: FlameNode; node: VisibleFlameNode } | null>(null);
  // The worker's tree for that zoom, once it has answered.
  const [zoomTree, setZoomTree] = useState<{ base: FlameNode; node: VisibleFlameNode; tree: VisibleFlameNode } | null>(null);
  const zoomed = zoom && zoom.tree === tree && zoom.node !== tree ? zoom.node : null;
  /** The tree to draw: the worker's answer for the zoom, else the data's. */
  const shown = zoomed && zoomTree && zoomTree.base === tree && zoomTree.node === zoomed ? zoomTree.tree : tree;

  const zoomTo = useCallback((d: FlameGraphFrame<FlameNode>) => {
    const base = refs.data.current.tree;
    let node = d.data as VisibleFlameNode;
    // "N small frames" is no call node: zoom into its parent, where they are drawn larger.
    if (node.callNode === -1 && d.parent) node = d.parent.data as VisibleFlameNode;
    if (node === base || node.callNode === 0) {
      setZoom(null);
      draw(base);
      return;
    }
    setZoom({ tree: base, node });
    const m = refs.model.current;
    if (m && node.callNode > 0) {
      m.zoom(node.callNode).then((answer) => setZoomTree({ base, node, tree: answer }), () => {});
    }
  }, [refs, draw]);

  const resetZoom = () => {
    setZoom(null);
    draw(tree);
  };

  return { zoomed, shown, zoomTo, resetZoom };
}
