// d3-flame-graph searches with a RegExp. What the user types is text, not a
// pattern: "(anonymous)" would otherwise be a group matching "anonymous".

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/** A case-insensitive matcher for the literal text, or null when there is nothing to search. */
export function literalMatcher(text: string): RegExp | null {
  const trimmed = text.trim();
  return trimmed ? new RegExp(escapeRegExp(trimmed), 'i') : null;
}
