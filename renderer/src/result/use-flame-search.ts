// The flamegraph's search as the user types: on the model (every call node,
// not only the drawn frames), whose matches recolour the drawn frames; or
// d3's own search when no worker stands behind it. The model's call nodes
// came with the flame data (lib/flame-data.ts): the search runs here, on the
// page, and never waits for the analysis worker — busy, on a long profile,
// with the verdict or the flame chart for seconds (issue 36: 0.5–1.1 s).
import { useEffect, useRef, useState, type MutableRefObject } from 'react';
import { flushSync } from 'react-dom';
import { runUserBlocking } from '../lib/user-blocking.ts';
import type { FlameGraph } from 'd3-flame-graph';
import type { FlameNode } from '../../../shared/profile/index.ts';
import { searchFlameData, type FlameData } from '../lib/flame-data.ts';
import { literalMatcher } from '../lib/regexp.ts';
import type { FlameModel } from './use-flame-zoom.ts';

/**
 * A big profile is searched at once when no search ran in the last SEARCH_DELAY_MS, else once
 * typing pauses that long (each search reads every call node: tens of ms at a million, so not
 * every key of a word); a small one is searched at the next task, as each key is typed. The
 * first key is not held back: a word pasted or a first letter is answered without the pause.
 */
const SEARCH_DELAY_MS = 60;
const SEARCH_AT_ONCE_BELOW_CALL_NODES = 100_000;

export interface FlameMatches {
  tree: FlameNode;
  query: string;
  count: number;
  ms: number;
}

interface SearchRefs {
  chart: MutableRefObject<FlameGraph<FlameNode> | null>;
  model: MutableRefObject<FlameModel | undefined>;
  data: MutableRefObject<FlameData>;
  /** The frames to draw highlighted (read by the chart's colour mapper). */
  highlight: MutableRefObject<ReadonlySet<number> | null>;
  recolor: MutableRefObject<() => void>;
}

export function useFlameSearch(query: string, tree: FlameNode, refs: SearchRefs) {
  const [matches, setMatches] = useState<FlameMatches | null>(null);
  const lastSearchAt = useRef(-Infinity);
  useEffect(() => {
    const small = refs.data.current.calls.count < SEARCH_AT_ONCE_BELOW_CALL_NODES;
    const delay = small || performance.now() - lastSearchAt.current >= SEARCH_DELAY_MS ? 0 : SEARCH_DELAY_MS;
    lastSearchAt.current = performance.now();
    // Ahead of the page's other queued work (lib/user-blocking.ts), and its matches drawn in the same task (flushSync):
    // a search typed as a long profile's page is still drawing the rest waited behind all of it.
    return runUserBlocking(() => {
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
      const r = searchFlameData(refs.data.current, query);
      refs.highlight.current = new Set(r.frames);
      refs.recolor.current();
      flushSync(() => setMatches({ tree, query, count: r.count, ms: r.ms }));
    }, delay);
  }, [query, tree, refs]);
  // The matches of the query shown now, on the tree shown now (older answers are not shown).
  const shown = matches && matches.tree === tree && matches.query === query && literalMatcher(query) ? matches : null;
  return { matches: shown, setMatches };
}
