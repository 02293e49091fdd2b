// The flamegraph's search as the user types (debounced): on the model in the
// analysis worker (every call node, not only the drawn frames), whose matches
// recolour the drawn frames; or d3's own search when no worker stands behind it.
import { useEffect, useState, type MutableRefObject } from 'react';
import type { FlameGraph } from 'd3-flame-graph';
import type { FlameNode } from '../../../shared/profile/index.ts';
import { literalMatcher } from '../lib/regexp.ts';
import type { FlameModel } from './Flamegraph.tsx';

const SEARCH_DELAY_MS = 60;

export interface FlameMatches {
  tree: FlameNode;
  query: string;
  count: number;
  ms: number;
}

interface SearchRefs {
  chart: MutableRefObject<FlameGraph<FlameNode> | null>;
  model: MutableRefObject<FlameModel | undefined>;
  /** The frames to draw highlighted (read by the chart's colour mapper). */
  highlight: MutableRefObject<ReadonlySet<number> | null>;
  recolor: MutableRefObject<() => void>;
}

export function useFlameSearch(query: string, tree: FlameNode, refs: SearchRefs) {
  const [matches, setMatches] = useState<FlameMatches | null>(null);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      const chart = refs.chart.current;
      const m = refs.model.current;
      if (!chart) return;
      if (!literalMatcher(query)) {
        refs.highlight.current = null;
        if (m) refs.recolor.current();
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
        refs.highlight.current = new Set(r.frames);
        refs.recolor.current();
        setMatches({ tree, query, count: r.count, ms: r.ms });
      }, () => {});
    }, SEARCH_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query, tree, refs]);
  // The matches of the query shown now, on the tree shown now (older answers are not shown).
  const shown = matches && matches.tree === tree && matches.query === query && literalMatcher(query) ? matches : null;
  return { matches: shown, setMatches };
}
