// Tabs following the WAI-ARIA pattern: one tab stop, arrow keys move between tabs.
// `keepMounted` keeps every panel in the page (hidden when not selected), so a
// panel's state — a zoomed flamegraph, an expanded table — survives a switch.
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface Tab<K extends string> {
  key: K;
  label: string;
  content: ReactNode;
  /** data-testid of the tab button. */
  testId?: string;
}

export function Tabs<K extends string>({ tabs, selected, onSelect, label, keepMounted = false }: { tabs: Tab<K>[]; selected: K; onSelect: (key: K) => void; label: string; keepMounted?: boolean }) {
  const id = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const index = Math.max(0, tabs.findIndex((t) => t.key === selected));

  const onKeyDown = (e: KeyboardEvent) => {
    const move = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : e.key === 'Home' ? -index : e.key === 'End' ? tabs.length - 1 - index : 0;
    if (!move) return;
    e.preventDefault();
    const next = (index + move + tabs.length) % tabs.length;
    onSelect(tabs[next].key);
    buttons.current[next]?.focus();
  };

  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tab-list" onKeyDown={onKeyDown}>
        {tabs.map((t, i) => (
          <button
            key={t.key}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${t.key}`}
            aria-selected={i === index}
            aria-controls={`${id}-panel-${t.key}`}
            tabIndex={i === index ? 0 : -1}
            className="tab"
            data-testid={t.testId}
            onClick={() => onSelect(t.key)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {keepMounted ? (
        tabs.map((t, i) => (
          <div key={t.key} role="tabpanel" id={`${id}-panel-${t.key}`} aria-labelledby={`${id}-tab-${t.key}`} className="tab-panel" hidden={i !== index}>
            {t.content}
          </div>
        ))
      ) : (
        <div role="tabpanel" id={`${id}-panel-${tabs[index].key}`} aria-labelledby={`${id}-tab-${tabs[index].key}`} className="tab-panel">
          {tabs[index].content}
        </div>
      )}
    </div>
  );
}
