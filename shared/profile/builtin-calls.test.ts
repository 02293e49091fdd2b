import { describe, expect, it } from 'vitest';
import { builtinCalls, builtinName } from '../verdict/builtin-calls.ts';
import { COLLECTOR_URL } from './classify.ts';
import { profileFromText } from './test-support/text-profile.ts';
import type { Profile } from './model.ts';

/** The frames named `wrapper…` become the request collector's (its script has no scheme the text format keeps). */
function withCollector(p: Profile): Profile {
  for (const f of p.frames) if (f.name.startsWith('wrapper')) Object.assign(f, { name: f.name.slice('wrapper'.length), url: COLLECTOR_URL });
  return p;
}

describe('built-in calls through the request collector’s wrappers', () => {
  it('a socket write wrapped by the collector is Node’s I/O, never "Socket.write in flambe-request-collector.js"', () => {
    const p = withCollector(profileFromText(`
      cacheGet                                   cacheGet
      wrapperSocket.write                        wrapperSocket.write
      Writable.write[node:internal/streams/writable]  writeGeneric[node:internal/stream_base_commons]
    `));
    const cacheGet = p.frames.findIndex((f) => f.name === 'cacheGet');
    expect(builtinCalls(p).ms[cacheGet]).toBe(0);
  });

  it('fetch wrapped by the collector is undici’s fetch, owned by the function that called it', () => {
    const p = withCollector(profileFromText(`
      loadPrice                                    loadPrice
      wrapperfetch                                 wrapperfetch
      fetch[node:internal/deps/undici/undici]      fetch[node:internal/deps/undici/undici]
    `));
    const loadPrice = p.frames.findIndex((f) => f.name === 'loadPrice');
    const calls = builtinCalls(p);
    expect(calls.ms[loadPrice]).toBe(2);
    expect(builtinName(p, calls.callees.get(loadPrice)![0].frame)).toBe('fetch in node:internal/deps/undici/undici');
  });
});
