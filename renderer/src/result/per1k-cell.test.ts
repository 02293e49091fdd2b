import { describe, expect, it } from 'vitest';
import { per1kCell } from './per1k-cell.ts';

describe('a table row\'s ms per 1 000 requests', () => {
  it('is CPU for code, and none for idle (the thread waiting)', () => {
    const per = { requests: 500, cpuPerSampledMs: 0.5 };
    expect(per1kCell(100, 'user', per)).toBe('100 ms');
    expect(per1kCell(100, 'gc', per)).toBe('100 ms');
    expect(per1kCell(12_000, 'idle', per)).toBe('–');
  });
});
