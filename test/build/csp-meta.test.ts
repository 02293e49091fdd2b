import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../shared/csp.ts';
import { injectCsp } from '../../renderer/csp-meta.ts';

describe('the CSP meta tag of index.html', () => {
  it('is the shared policy, written in at build time', () => {
    const html = injectCsp(readFileSync(new URL('../../renderer/index.html', import.meta.url), 'utf8'));
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1];
    expect(meta).toBe(contentSecurityPolicy({ meta: true }));
    expect(meta).toContain("object-src 'none'");
    expect(meta).not.toContain('frame-ancestors'); // ignored (with a console warning) in a meta tag
  });
});
