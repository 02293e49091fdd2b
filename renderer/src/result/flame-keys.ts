// Walking the flamegraph with the keyboard: frames are stacked callers below,
// callees above, so ↑ goes to the widest callee, ↓ to the caller, ← and → to
// the neighbours drawn beside it (same caller). Pure: works on any tree with
// parent and children links, like d3's hierarchy nodes the chart draws.
export interface WalkNode {
  parent: WalkNode | null;
  children?: readonly WalkNode[] | null;
}

/** The frame an arrow key moves to from `at`; null when there is none that way (or the key is not an arrow). */
export function frameAfterKey<N extends WalkNode>(at: N, key: string, drawn: (n: N) => boolean = () => true): N | null {
  const kids = (n: N) => ((n.children ?? []) as readonly N[]).filter(drawn);
  switch (key) {
    case 'ArrowUp': return kids(at)[0] ?? null;
    case 'ArrowDown': return (at.parent as N | null) ?? null;
    case 'ArrowLeft':
    case 'ArrowRight': {
      if (!at.parent) return null;
      const siblings = kids(at.parent as N);
      const i = siblings.indexOf(at);
      return siblings[i + (key === 'ArrowRight' ? 1 : -1)] ?? null;
    }
    default: return null;
  }
}
