// Tabs following the WAI-ARIA pattern: one tab stop, arrow keys move between tabs.
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface Tab<K extends string> {
  key: K;
  label: string;
  content: ReactNode;
}

export function Tabs<K extends string>({ tabs, selected, onSelect, label }: { tabs: Tab<K>[]; selected: K; onSelect: (key: K) => void; label: string }) {
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
            onClick={() => onSelect(t.key)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel-${tabs[index].key}`} aria-labelledby={`${id}-tab-${tabs[index].key}`} className="tab-panel">
        {tabs[index].content}
      </div>
    </div>
  );
}
