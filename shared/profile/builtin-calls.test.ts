import { describe, expect, it } from 'vitest';
import { builtinCalls, builtinName } from '../verdict/builtin-calls.ts';
import { profileFromText } from './test-support/text-profile.ts';

describe('built-in calls through the request collector’s wrappers', () => {
  it('a socket write wrapped by the collector is Node’s I/O, never "Socket.write in flambe-request-collector.js"', () => {
    const p = profileFromText(`
      cacheGet                                   cacheGet
      write[flambe-request-collector.js]         write[flambe-request-collector.js]
      Writable.write[node:internal/streams/writable]  writeGeneric[node:internal/stream_base_commons]
    `);
    const cacheGet = p.frames.findIndex((f) => f.name === 'cacheGet');
    expect(builtinCalls(p).ms[cacheGet]).toBe(0);
  });

  it('fetch wrapped by the collector is undici’s fetch, owned by the function that called it', () => {
    const p = profileFromText(`
      loadPrice                                    loadPrice
      fetch[flambe-request-collector.js]           fetch[flambe-request-collector.js]
      fetch[node:internal/deps/undici/undici]      fetch[node:internal/deps/undici/undici]
    `);
    const loadPrice = p.frames.findIndex((f) => f.name === 'loadPrice');
    const calls = builtinCalls(p);
    expect(calls.ms[loadPrice]).toBe(2);
    expect(builtinName(p, calls.callees.get(loadPrice)![0].frame)).toBe('fetch in node:internal/deps/undici/undici');
  });
});
