import { describe, expect, it } from 'vitest';
import { adviceFor } from '../verdict/advice.ts';

const split = (callee: string) => ({ ownMs: 2, builtinMs: 10, callee });

describe('advice for a function’s built-in time fits what the built-in is', () => {
  it('a clock polled in a loop is a busy-wait', () => {
    const a = adviceFor('function', { name: 'busyWait', split: split('now in node:internal/perf/performance') });
    expect(a).toMatch(/busy-wait/);
  });

  it('fetch is the CPU of making a call, never a busy-wait', () => {
    const a = adviceFor('function', { name: 'loadPrice', split: split('fetch in node:internal/deps/undici/undici') });
    expect(a).toMatch(/CPU of making the call/);
    expect(a).toMatch(/fewer calls per request/);
    expect(a).not.toMatch(/busy-wait|clock/);
  });

  it('anything else gets the general question, busy-wait among the causes', () => {
    const a = adviceFor('function', { name: 'render', split: split('format in node:internal/url') });
    expect(a).toMatch(/^Most of it is in the built-ins render calls directly — the heaviest is format in node:internal\/url/);
    expect(a).toMatch(/computed once and kept/);
    // node:buffer's built-ins make Buffers (shared/verdict/advice.test.ts): their own advice.
    expect(adviceFor('function', { name: 'render', split: split('from in node:buffer') })).toMatch(/making and filling Buffers/);
  });
});
