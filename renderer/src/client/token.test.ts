import { describe, expect, it } from 'vitest';
import { TOKEN_KEY, takeToken, type TokenEnvironment } from './token.ts';

function env(href: string, stored: Record<string, string> = {}) {
  const storage = new Map(Object.entries(stored));
  const replaced: string[] = [];
  const e: TokenEnvironment = {
    location: { href },
    history: { state: null, replaceState: (_d, _u, url) => replaced.push(String(url)) },
    sessionStorage: { getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => storage.set(k, v) },
  };
  return { e, storage, replaced };
}

describe('takeToken', () => {
  it('takes the token from the URL, keeps it and hides it', () => {
    const { e, storage, replaced } = env('http://127.0.0.1:4000/?token=abc&x=1#top');
    expect(takeToken(e)).toBe('abc');
    expect(storage.get(TOKEN_KEY)).toBe('abc');
    expect(replaced).toEqual(['/?x=1#top']);
  });
  it('finds the kept token after a reload', () => {
    const { e, replaced } = env('http://127.0.0.1:4000/', { [TOKEN_KEY]: 'abc' });
    expect(takeToken(e)).toBe('abc');
    expect(replaced).toEqual([]);
  });
  it('returns null without any token', () => {
    expect(takeToken(env('http://127.0.0.1:4000/').e)).toBeNull();
  });
});
