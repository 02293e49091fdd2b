import { describe, expect, it } from 'vitest';
import { apiInputSchemas, apiMethods, createApiProxy, describeValidationError, recordRequestSchema } from './api.ts';

describe('the API contract', () => {
  it('fills in the documented defaults', () => {
    const r = recordRequestSchema.parse({ targetId: null, load: { url: 'http://127.0.0.1:3000/' } });
    expect(r).toMatchObject({ warmupSec: 2, samplingIntervalUs: 1000, load: { method: 'GET', connections: 10, durationSec: 10 } });
  });
  it('refuses bad input with a sentence a student can act on', () => {
    const bad = recordRequestSchema.safeParse({ targetId: null, load: { url: 'localhost:3000' } });
    expect(bad.success).toBe(false);
    expect(describeValidationError(bad.error!)).toMatch(/full URL/);
    const zero = recordRequestSchema.safeParse({ targetId: null, load: { url: 'http://x/', connections: 0 } });
    expect(describeValidationError(zero.error!)).toBe('Use at least 1 connection.');
  });
  it('has a schema for every method and a proxy that forwards each by name', async () => {
    const calls: [string, unknown][] = [];
    const api = createApiProxy(async (m, a) => { calls.push([m, a]); return m; });
    for (const m of apiMethods) expect(apiInputSchemas[m]).toBeDefined();
    expect(await api.getRecording({ id: 'x' })).toBe('getRecording');
    expect(calls).toEqual([['getRecording', { id: 'x' }]]);
  });
});
