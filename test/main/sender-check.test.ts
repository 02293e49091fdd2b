import { describe, expect, it } from 'vitest';
import { isAppUrl, isTrustedSender } from '../../electron/main/sender-check.ts';

const ours = { frameUrl: 'app://flambe/index.html', isMainFrame: true, isOurWindow: true };

describe('isTrustedSender: only our window\'s main frame on app://flambe/', () => {
  it('trusts our page', () => {
    expect(isTrustedSender(ours)).toBe(true);
    expect(isTrustedSender({ ...ours, frameUrl: 'app://flambe/index.html#/recording/3' })).toBe(true);
  });
  it.each([
    ['another webContents', { ...ours, isOurWindow: false }],
    ['an iframe', { ...ours, isMainFrame: false }],
    ['a destroyed frame', { ...ours, frameUrl: null }],
    ['a remote page', { ...ours, frameUrl: 'https://example.com/' }],
    ['a local file', { ...ours, frameUrl: 'file:///home/me/evil.html' }],
    ['a look-alike host', { ...ours, frameUrl: 'app://flambe.evil/index.html' }],
    ['credentials in the URL', { ...ours, frameUrl: 'app://flambe@evil/index.html' }],
    ['the bare origin', { ...ours, frameUrl: 'app://flambe' }],
  ])('refuses %s', (_what, facts) => {
    expect(isTrustedSender(facts)).toBe(false);
  });
  it('isAppUrl refuses non-strings', () => {
    expect(isAppUrl(undefined)).toBe(false);
    expect(isAppUrl('')).toBe(false);
  });
});
