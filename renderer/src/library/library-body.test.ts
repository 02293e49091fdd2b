import { describe, expect, it } from 'vitest';
import { libraryBody, type LibraryBodyFacts } from './library-body.ts';

const facts = (patch: Partial<LibraryBodyFacts> = {}): LibraryBodyFacts => ({
  statusKnown: true, usable: true, loaded: true, busy: false, total: 3, shown: 3, filtered: false, groups: 0, ...patch,
});

describe('what the Library shows', () => {
  it('opening until the library answers and its first rows come', () => {
    expect(libraryBody(facts({ statusKnown: false, usable: false }))).toBe('opening');
    expect(libraryBody(facts({ loaded: false }))).toBe('opening');
  });
  it('the empty state when nothing is there, or the library cannot be used', () => {
    expect(libraryBody(facts({ total: 0, shown: 0 }))).toBe('empty');
    expect(libraryBody(facts({ usable: false }))).toBe('empty');
  });
  it('a hint when every recording is under an experiment or a sweep (or a page is still read)', () => {
    expect(libraryBody(facts({ total: 0, shown: 0, groups: 2 }))).toBe('only-groups');
    expect(libraryBody(facts({ total: 0, shown: 0, busy: true }))).toBe('only-groups');
  });
  it('"no match" when filters hide every row, else the table', () => {
    expect(libraryBody(facts({ total: 0, shown: 0, filtered: true }))).toBe('no-match');
    expect(libraryBody(facts({ total: 2, shown: 0 }))).toBe('no-match');
    expect(libraryBody(facts())).toBe('table');
  });
});
