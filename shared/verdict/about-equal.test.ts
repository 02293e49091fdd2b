// Two findings the samples cannot order are said as a tie (issue 35: an HTML
// escaper and gzipSync, 37–40 % each, came in opposite orders on two runs).
import { describe, expect, it } from 'vitest';
import { aboutEqual, findFindings } from './findings.ts';
import { findingSentence, verdictLines, buildVerdict } from './profile-verdict.ts';
import { profileFromText } from '../profile/test-support/text-profile.ts';

function fromStacks(stacks: string[]) {
  const parts = stacks.map((s) => s.split(' / '));
  const depth = Math.max(...parts.map((p) => p.length));
  const width = Math.max(...parts.flat().map((t) => t.length)) + 2;
  const rows: string[] = [];
  for (let d = 0; d < depth; d++) rows.push(parts.map((p) => (p[d] ?? '').padEnd(width)).join(''));
  return profileFromText(rows.join('\n'));
}
const page = (gzip: number, crypto: number, idle: number) => fromStacks([
  ...Array(gzip).fill('handle[page.js:3] / compress[page.js:14] / gzipSync[node:zlib]'),
  ...Array(crypto).fill('handle[page.js:3] / sign[page.js:20] / createHmac[node:internal/crypto/hash]'),
  ...Array(idle).fill('(idle)'),
]);

describe('about equal', () => {
  it('within the sampling error of 300 samples, 40 % and 36 % are about equal; 40 % and 20 % are not', () => {
    expect(aboutEqual(120, 108, 300, 300)).toBe(true);
    expect(aboutEqual(120, 60, 300, 300)).toBe(false);
    // The same shares over 30 000 samples are told apart.
    expect(aboutEqual(12_000, 10_800, 30_000, 30_000)).toBe(false);
  });

  it('the second of two close findings says it is about as much as the first, in the CLI lines and the sentence the UI shows', () => {
    const v = buildVerdict(page(120, 110, 70));
    expect(v.findings.map((f) => f.kind)).toEqual(['compression', 'crypto']);
    expect(v.findings[1].tieWith).toBe(0);
    expect(findingSentence(v.findings[1], v.findings)).toMatch(/About as much as 1 \(compression\): the samples cannot tell which of the two costs more/);
    expect(verdictLines(v).find((l) => l.startsWith('2. '))).toMatch(/About as much as 1/);
    expect(findFindings(page(200, 60, 40)).findings[1].tieWith).toBeUndefined();
  });
});
