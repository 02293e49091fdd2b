// What to do, as the verdict says it: the advice must hold wherever the
// server's output went (the Output line says where: a pipe, a terminal, a file).
import { describe, expect, it } from 'vitest';
import { adviceFor } from './advice.ts';

describe('adviceFor', () => {
  it('logging: says the write is synchronous only to a terminal or a file, not to a pipe (the Output line and its bullet say "asynchronous" there)', () => {
    const advice = adviceFor('logging');
    expect(advice).not.toMatch(/^console\.log and friends write synchronously/);
    expect(advice).toMatch(/to a terminal or a file .*synchronous/);
    expect(advice).toMatch(/pino/);
  });

  it('a function whose time is in the built-ins it calls: advice that fits the built-in (a Buffer route is no busy-wait)', () => {
    const split = (callee: string) => adviceFor('function', { name: 'send', split: { ownMs: 1, builtinMs: 9, callee } });
    expect(split('allocUnsafe in node:buffer')).toMatch(/making and filling Buffers: allocate less per request/);
    expect(split('allocUnsafe in node:buffer')).not.toMatch(/busy-wait/);
    expect(split('now in node:internal/perf/performance')).toMatch(/A loop that polls the clock \(a busy-wait\)/);
    // Anything else: first what is most likely (a call whose result could be kept), the busy-wait only as a case.
    expect(split('parse in node:url')).toMatch(/Look at why it calls them so often .*: a call whose result could be computed once and kept; or, when it reads the clock or a value in a loop, a busy-wait/);
  });

  it('regex: a literal is compiled once already — no "compile it once"; a chain of plain replace-alls is told to make one pass', () => {
    const chain = "return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');";
    expect(adviceFor('regex', { lineText: chain })).toMatch(/3 \.replace calls: each walks the whole text again/);
    expect(adviceFor('regex', { lineText: chain })).not.toMatch(/Compile the pattern once/);
    expect(adviceFor('regex', { lineText: 'return /^(\\w+)@example\\.com$/.test(s);' })).not.toMatch(/Compile the pattern once/);
    expect(adviceFor('regex', { lineText: 'return new RegExp(term, "i").test(s);' })).toMatch(/^Compile the pattern once/);
  });

  it('kinds checked against the line: JSON per item of a list is not "a big object"; split and Number is parsing text', () => {
    const search = 'return records.filter((r) => Object.values(r).some((v) => JSON.stringify(v).toLowerCase().includes(needle)));';
    expect(adviceFor('json', { lineText: search })).toMatch(/once per item of a list/);
    expect(adviceFor('json', { lineText: search })).not.toMatch(/big object on every request/);
    expect(adviceFor('json', { lineText: 'res.end(JSON.stringify(items.map((i) => i.id)));' })).toMatch(/^Serialising a big object/);
    const csv = "const cells = line.split(',');";
    expect(adviceFor('function', { name: 'parseCsv', lineText: csv })).toMatch(/parses text by hand \(split\)/);
    expect(adviceFor('function', { name: 'sum', lineText: 'for (let i = 0; i < n; i++) total += i * i;' })).toMatch(/a loop over many items/);
  });
});
