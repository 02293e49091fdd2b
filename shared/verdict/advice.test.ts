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
});
