import { describe, expect, it } from 'vitest';
import { profileFromText } from '../../../shared/profile/test-support/text-profile.ts';
import { callTreeColumns } from '../analysis/engine.ts';
import { busyTotals, per1kCell } from './per1k-cell.ts';

describe('a table row\'s ms per 1 000 requests', () => {
  it('is CPU for code, and none for idle (the thread waiting)', () => {
    const per = { requests: 500, cpuPerSampledMs: 0.5 };
    expect(per1kCell(100, 'user', per)).toBe('100 ms');
    expect(per1kCell(100, 'gc', per)).toBe('100 ms');
    expect(per1kCell(12_000, 'idle', per)).toBe('–');
  });
});

describe("the Call tree's CPU per request: no idle in any row's total", () => {
  it("takes the idle under the root out of the root's total, and nothing out of a row without idle below it", () => {
    const p = profileFromText(`
      main     main     (idle)   (idle)
      handle   handle
    `);
    const cols = callTreeColumns(p, 'function');
    const busy = busyTotals(cols);
    const name = (n: number) => cols.groups[cols.group[n]].name;
    const row = (wanted: string) => Array.from({ length: cols.count }, (_, n) => n).find((n) => name(n) === wanted)!;
    // The root holds all 4 ms, 2 of them idle: 2 ms of work, 4 ms per 1 000 requests over 500 requests at 1 ms a ms.
    expect(cols.totalMs[0]).toBe(4);
    expect(busy[0]).toBe(2);
    expect(per1kCell(busy[0], cols.groups[cols.group[0]].category, { requests: 500, cpuPerSampledMs: 1 })).toBe('4.00 ms');
    expect(busy[row('main')]).toBe(2);
    expect(busy[row('handle')]).toBe(2);
  });
});
