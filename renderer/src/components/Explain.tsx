// "What is this?": a small button next to a term that shows its plain
// explanation (shared/glossary.ts) on hover and, for keyboard and touch, on
// click — never a link out. Escape or a second click closes it.
import { useEffect, useId, useRef, useState } from 'react';
import { GLOSSARY, type Term } from '../../../shared/glossary.ts';

export function Explain({ term }: { term: Term }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLSpanElement>(null);
  const g = GLOSSARY[term];

  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  return (
    <span className="explain" ref={root}>
      <button
        type="button"
        className="explain-button"
        aria-label={`What is ${g.title}?`}
        aria-expanded={open}
        aria-controls={id}
        title={`${g.title}: ${g.text}`}
        data-testid={`explain-${term}`}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && open) {
            e.stopPropagation();
            setOpen(false);
          }
        }}
      >
        ?
      </button>
      {open && (
        <span role="note" id={id} className="explain-text" data-testid="explain-text">
          <strong>{g.title}</strong> {g.text}
        </span>
      )}
    </span>
  );
}
