import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, loopbackWebSocketOrigins } from './csp.ts';

const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `));

describe('contentSecurityPolicy', () => {
  it('is strict: own scripts only, no plugins, no <base>, no framing, connections to ourselves', () => {
    const p = contentSecurityPolicy();
    expect(directive(p, 'script-src')).toBe("script-src 'self'");
    expect(directive(p, 'object-src')).toBe("object-src 'none'");
    expect(directive(p, 'base-uri')).toBe("base-uri 'none'");
    expect(directive(p, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(p, 'connect-src')).toBe("connect-src 'self'");
    expect(p).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline|\bws:(?!\/\/)|\bwss:/);
  });
  it('lets browser mode connect to its own WebSocket origins and nowhere else', () => {
    const p = contentSecurityPolicy({ connect: loopbackWebSocketOrigins(4321) });
    expect(directive(p, 'connect-src')).toBe("connect-src 'self' ws://127.0.0.1:4321 ws://localhost:4321");
    // Chromium refuses an IPv6 literal in a source list and logs an error on every page load.
    expect(p).not.toContain('[::1]');
  });
});
