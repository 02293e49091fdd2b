// "What is this?": a small button next to a term that shows its plain
// explanation (shared/glossary.ts) on hover and, for keyboard and touch, on
// click — never a link out. Escape or a second click closes it.
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { GLOSSARY, type Term } from '../../../shared/glossary.ts';

export function Explain({ term }: { term: Term }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLSpanElement>(null);
  const note = useRef<HTMLSpanElement>(null);
  const g = GLOSSARY[term];

  // A term near the window's right edge (p99 in a row of ten numbers): the note moves left to stay readable.
  useLayoutEffect(() => {
    const el = note.current;
    if (!open || !el) return;
    el.style.left = '';
    const over = el.getBoundingClientRect().right - (document.documentElement.clientWidth - 8);
    if (over > 0) el.style.left = `${-over}px`;
  }, [open]);

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
        <span role="note" id={id} ref={note} className="explain-text" data-testid="explain-text">
          <strong>{g.title}</strong> {g.text}
        </span>
      )}
    </span>
  );
}
