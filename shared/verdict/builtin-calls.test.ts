// A function's time in the built-ins it calls (builtin-calls.ts), on the cases issue 35 found.
import { describe, expect, it } from 'vitest';
import { findFindings } from './findings.ts';
import { profileFromText } from '../profile/test-support/text-profile.ts';

const CART = 'file:///app/cart.ts';
/** A profile from stacks given as "a / b / c" strings, one per sample (as findings.test.ts builds them). */
function fromStacks(stacks: string[], opts: Parameters<typeof profileFromText>[1] = {}) {
  const parts = stacks.map((s) => s.split(' / '));
  const depth = Math.max(...parts.map((p) => p.length));
  const width = Math.max(...parts.flat().map((t) => t.length)) + 2;
  const rows: string[] = [];
  for (let d = 0; d < depth; d++) rows.push(parts.map((p) => (p[d] ?? '').padEnd(width)).join(''));
  return profileFromText(rows.join('\n'), opts);
}

describe('built-ins charged to the caller', () => {
  it('structuredClone (node:internal/worker/js_transferable) is the caller\'s built-in time, named at the line that calls it', () => {
    const clone = 'handle[server.ts:2] / totalCart[cart.ts:20] / structuredClone[node:internal/worker/js_transferable] / structuredClone[native]';
    const p = fromStacks([
      ...Array(60).fill(clone), ...Array(10).fill('handle[server.ts:2] / totalCart[cart.ts:20]'), ...Array(30).fill('(idle)'),
    ], { leafLines: [...Array(60).fill(0), ...Array(6).fill(22), ...Array(4).fill(23), ...Array(30).fill(0)], sourceLines: { [CART]: { '22': 'for (const item of c.items) {', '23': 'const line = structuredClone(item);' } } });
    const f = findFindings(p, { requests: 100 }).findings[0];
    expect(f).toMatchObject({ kind: 'function', function: 'totalCart', line: 23, lineText: 'const line = structuredClone(item);', percent: 70 });
    expect(f.split).toMatchObject({ builtinMs: 60, callee: 'structuredClone in node:internal/worker/js_transferable' });
    expect(f.advice).toMatch(/copy only what changes/);
  });

  it("a worker's MessagePort (node:internal/worker/io) stays Node's I/O, no one's built-in", () => {
    const p = fromStacks([...Array(50).fill('send[pool.js:4] / postMessage[node:internal/worker/io]'), ...Array(50).fill('(idle)')]);
    expect(findFindings(p).findings.filter((f) => f.function === 'send')).toEqual([]);
  });
});

describe('an anonymous callback named by the function that passes it on', () => {
  it("the arrow parseCsv passes to map is '(anonymous) in parseCsv (the callback passed to map)'", () => {
    const p = fromStacks([
      ...Array(50).fill('handle[csv.js:20] / parseCsv[csv.js:8] / map[native] / (anonymous)[csv.js:11]'),
      ...Array(50).fill('(idle)'),
    ]);
    const f = findFindings(p).findings[0];
    expect(f).toMatchObject({ kind: 'function', function: '(anonymous)', host: { function: 'parseCsv', via: 'map' } });
    expect(f.advice).toMatch(/^The time is in \(anonymous\) in parseCsv \(the callback passed to map\)'s own code/);
  });
});

describe('a callback over lines of its own goes with the function that passes it on', () => {
  it('parseCsv with the arrow it passes to map: one finding, named parseCsv, both shares', () => {
    const p = fromStacks([
      ...Array(50).fill('handle[csv.js:20] / parseCsv[csv.js:8] / map[native] / (anonymous)[csv.js:11]'),
      ...Array(10).fill('handle[csv.js:20] / parseCsv[csv.js:8]'),
      ...Array(40).fill('(idle)'),
    ]);
    const [f, ...rest] = findFindings(p).findings;
    expect(f).toMatchObject({ kind: 'function', function: 'parseCsv', percent: 60, callback: { function: '(anonymous)', callee: 'map', passed: true, percent: 50 } });
    expect(rest.filter((x) => x.kind === 'function')).toEqual([]);
    expect(f.advice).toMatch(/^The time is in parseCsv and the callback it passes on to map, which runs once per item/);
  });
});
