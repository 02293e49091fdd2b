// The launched target's stdout and stderr, as it comes. Sticks to the bottom
// unless the user scrolled up to read; stderr is tinted, the inspector's own
// lines on it muted.
import { useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import type { ConsoleStore } from '../lib/console-store.ts';
import { markInspectorLines } from '../../../shared/targets/inspector-chatter.ts';

export function ConsolePane({ store, targetId }: { store: ConsoleStore; targetId: string }) {
  const chunks = useSyncExternalStore(store.subscribe, () => store.get(targetId));
  const pre = useRef<HTMLPreElement>(null);
  const stickToBottom = useRef(true);

  useLayoutEffect(() => {
    const el = pre.current;
    if (el && stickToBottom.current) el.scrollTop = el.scrollHeight;
  }, [chunks]);

  return (
    <section className="console-section" aria-labelledby="console-heading">
      <div className="console-head">
        <h3 id="console-heading">Console</h3>
        <button type="button" className="button small ghost" onClick={() => store.clear(targetId)} disabled={chunks.length === 0}>
          Clear
        </button>
      </div>
      <pre
        ref={pre}
        className="console"
        data-testid="console-pane"
        tabIndex={0}
        aria-label="Output of the target"
        onScroll={(e) => {
          const el = e.currentTarget;
          stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
        }}
      >
        {chunks.length === 0 ? (
          <span className="console-empty">No output yet.</span>
        ) : (
          chunks.map((c) => c.stream === 'stderr'
            // The inspector's own lines (Flambé started it) are muted, not in the red of the script's errors.
            ? markInspectorLines(c.text).map((l, i) => (
              <span key={`${c.id}-${i}`} className={l.inspector ? 'console-inspector' : 'console-stderr'}>{l.text}</span>
            ))
            : (
              <span key={c.id} className={`console-${c.stream}`}>
                {c.text}
              </span>
            ))
        )}
      </pre>
    </section>
  );
}
