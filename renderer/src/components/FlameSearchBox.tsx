// The search box over a flamegraph — the recording's and Compare's
// differential one alike: "/" focuses it (the chart's own key handler), Escape
// empties it, and the count of matches is read out as it changes.
import type { RefObject } from 'react';

interface Props {
  id: string;
  input: RefObject<HTMLInputElement | null>;
  query: string;
  setQuery(q: string): void;
  /** "3 matches · 12% of the time", or '' when nothing is searched. */
  matches: string;
  testId: string;
  matchesTestId?: string;
}

export function FlameSearchBox({ id, input, query, setQuery, matches, testId, matchesTestId }: Props) {
  return (
    <div className="search">
      <label htmlFor={`${id}-search`} className="visually-hidden">Search functions</label>
      <input
        ref={input}
        id={`${id}-search`}
        data-testid={testId}
        type="search"
        placeholder="Search functions or files  ( / )"
        value={query}
        aria-keyshortcuts="/"
        aria-describedby={`${id}-matches`}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && query) {
            e.stopPropagation();
            setQuery('');
          }
        }}
      />
      <span id={`${id}-matches`} className="matches muted" {...(matchesTestId ? { 'data-testid': matchesTestId } : {})} aria-live="polite">{matches}</span>
    </div>
  );
}
