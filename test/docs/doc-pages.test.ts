// The docs are pages a newcomer reads in minutes (issue 37, item 5): no
// paragraph over 150 words, no page over 2 500 words, and every link between
// the pages lands — on the page and on its #anchor.
//
// The paragraph rule, as Markdown renders a page: a paragraph is the lines
// between blank lines, outside ``` code blocks; table rows, headings, pictures
// and <details>/<summary> lines are not paragraphs; each list item (`- `, `* `,
// `+ `, `1. `) is a paragraph of its own, and so is an indented paragraph that
// continues a list item after a blank line. Words are what whitespace
// separates, inline code included. A page's words are its words outside code
// blocks and tables (a table is looked up, not read through).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repo } from '../helpers/demo.ts';

export const maxParagraphWords = 150;
export const maxPageWords = 2500;

/**
 * Pages over the page limit, each held to its size today so it cannot grow:
 * they need splitting as recording.md was, which is not a short edit.
 */
const longPages: Record<string, { words: number; why: string }> = {
  'docs/ARCHITECTURE.md': { words: 2930, why: 'processes, layers and the recording flow on one page; the recording flow could be a page of its own' },
  'docs/cli.md': { words: 3180, why: 'a section per command, to be split with the command reference' },
  'docs/how-sure.md': { words: 2903, why: 'the statistics of a comparison and of an experiment; the two could be a page each' },
  'docs/load.md': { words: 3270, why: 'routes, rates, sweeps and your own load: a page each' },
  'docs/library.md': { words: 2520, why: 'the Library screen and the library file could be two pages' },
};

/** Paragraphs over the limit, by page and first words: each needs rewriting, not a split at a sentence's end. */
const longParagraphs: Record<string, string> = {
  'docs/cli.md  - `--json` prints exactly one JSON object on stdout:': 'the JSON\'s shape written inline; it belongs in a code block of the reference',
};

const docPages = readdirSync(path.join(repo, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`);
const text = (page: string) => readFileSync(path.join(repo, page), 'utf8');
const wordsIn = (s: string) => s.split(/\s+/).filter(Boolean).length;

export interface Paragraph { line: number; words: number; start: string }

const fence = /^\s*```/;
const notProse = (s: string) => s.startsWith('|') || /^#{1,6}\s/.test(s) || /^<\/?(details|summary)\b/.test(s) || s.startsWith('![');
const listItem = /^([-*+]|\d+\.)\s/;

/** The page's paragraphs by the rule above, each with its first line (1-based) and word count. */
export function paragraphs(markdown: string): Paragraph[] {
  const out: Paragraph[] = [];
  let current: Paragraph | null = null;
  let inCode = false;
  const end = () => { if (current) out.push(current); current = null; };
  markdown.split('\n').forEach((raw, i) => {
    const s = raw.trim();
    if (fence.test(raw)) { end(); inCode = !inCode; return; }
    if (inCode) return;
    if (s === '' || notProse(s)) { end(); return; }
    if (listItem.test(s)) end();
    current ??= { line: i + 1, words: 0, start: s.slice(0, 60) };
    current.words += wordsIn(s);
  });
  end();
  return out;
}

/** The page's words outside code blocks and tables. */
export function pageWords(markdown: string): number {
  let inCode = false;
  let words = 0;
  for (const raw of markdown.split('\n')) {
    if (fence.test(raw)) { inCode = !inCode; continue; }
    if (!inCode && !raw.trim().startsWith('|')) words += wordsIn(raw);
  }
  return words;
}

/** GitHub's anchor for a heading: lower case, links and formatting dropped, punctuation removed, spaces → '-'. */
export function slug(heading: string): string {
  return heading.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*_]/g, '').trim().toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '').replace(/\s/g, '-');
}

/** Every anchor a page's headings make (a repeated heading gets -1, -2… as on GitHub). */
export function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  let inCode = false;
  for (const raw of markdown.split('\n')) {
    if (fence.test(raw)) { inCode = !inCode; continue; }
    const heading = !inCode && /^#{1,6}\s+(.*)$/.exec(raw);
    if (!heading) continue;
    const base = slug(heading[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** Links from a page to a Markdown page (or to its own #anchor) that do not land: a missing file or anchor. */
function brokenLinks(page: string): string[] {
  const broken: string[] = [];
  for (const m of text(page).matchAll(/\]\(([^)\s]*?)(?:#([^)\s]*))?\)/g)) {
    const [, target, anchor] = m;
    if (/^[a-z]+:/.test(target) || (target && !target.endsWith('.md'))) continue;
    const file = target ? path.join(path.dirname(page), target) : page;
    let markdown: string;
    try { markdown = text(file); } catch { broken.push(`${page} → ${target} (no such page)`); continue; }
    if (anchor && !anchors(markdown).has(anchor)) broken.push(`${page} → ${target}#${anchor} (no such heading)`);
  }
  return broken;
}

describe('docs pages a newcomer reads', () => {
  it(`every paragraph is at most ${maxParagraphWords} words`, () => {
    const long = docPages.flatMap((page) => paragraphs(text(page))
      .filter((p) => p.words > maxParagraphWords && !longParagraphs[`${page}  ${p.start}`])
      .map((p) => `${page}:${p.line} ${p.words} words: ${p.start}…`));
    expect(long).toEqual([]);
  });

  it(`every page is at most ${maxPageWords} words (the long ones listed, and no longer than today)`, () => {
    const over = docPages.map((page) => ({ page, words: pageWords(text(page)) }))
      .filter(({ page, words }) => words > (longPages[page]?.words ?? maxPageWords))
      .map(({ page, words }) => `${page}: ${words} words`);
    expect(over).toEqual([]);
  });

  it('the allow-lists name pages and paragraphs that are still long (remove an entry once it is fixed)', () => {
    const stale = Object.keys(longPages).filter((page) => pageWords(text(page)) <= maxPageWords);
    const staleParagraphs = Object.keys(longParagraphs).filter((key) => {
      const [page, start] = key.split('  ');
      return !paragraphs(text(page)).some((p) => p.start === start && p.words > maxParagraphWords);
    });
    expect([...stale, ...staleParagraphs]).toEqual([]);
  });

  it('every link between pages lands on its page and its #anchor', () => {
    expect(['README.md', ...docPages].flatMap(brokenLinks)).toEqual([]);
  });
});

describe('the rules themselves', () => {
  const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');

  it('counts paragraphs, list items and continuations apart; skips code, tables and headings', () => {
    const md = [`# ${words(200)}`, '', words(151), '', `- ${words(10)}`, `  ${words(5)}`, `- ${words(3)}`, '', `  ${words(7)}`, '',
      '```', words(400), '```', `| ${words(300)} |`, '<details><summary>More</summary>', '', words(2), '</details>'].join('\n');
    expect(paragraphs(md).map((p) => [p.line, p.words])).toEqual([[3, 151], [5, 16], [7, 4], [9, 7], [17, 2]]);
    expect(pageWords(md)).toBe(201 + 151 + 16 + 4 + 7 + 2 + 2);
  });

  it('makes GitHub\'s anchors', () => {
    expect(slug("A route's CPU on a clock that ticks")).toBe('a-routes-cpu-on-a-clock-that-ticks');
    expect(slug('Reference: `load.phases`')).toBe('reference-loadphases');
    expect([...anchors('## Limits\n```\n# not a heading\n```\n### Limits\n')]).toEqual(['limits', 'limits-1']);
  });
});
