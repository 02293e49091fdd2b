// The load URL follows the target (issue 9 item 16): a URL that pointed at a
// previous target's port moves to the new target's, keeping its path.
import { describe, expect, it } from 'vitest';
import { defaultLoadForm } from '../lib/forms.ts';
import { retargetUrl } from './retarget-url.ts';

const form = (url: string, urlFromSuggestion = false) => ({ ...defaultLoadForm, url, urlFromSuggestion });

describe('retargetUrl', () => {
  it('fills an empty URL or replaces a suggested one', () => {
    expect(retargetUrl(form(''), new Set(), 'http://127.0.0.1:4000/').url).toBe('http://127.0.0.1:4000/');
    expect(retargetUrl(form('http://127.0.0.1:3000/', true), new Set(), 'http://127.0.0.1:4000/').url).toBe('http://127.0.0.1:4000/');
  });

  it('moves a URL that named an earlier target\'s port to the new port, keeping the route', () => {
    const known = new Set(['http://127.0.0.1:3000']);
    const next = retargetUrl(form('http://127.0.0.1:3000/json?x=1'), known, 'http://127.0.0.1:4000/');
    expect(next.url).toBe('http://127.0.0.1:4000/json?x=1');
  });

  it('keeps a URL the user typed for another server', () => {
    const known = new Set(['http://127.0.0.1:3000']);
    expect(retargetUrl(form('http://127.0.0.1:8080/api'), known, 'http://127.0.0.1:4000/').url).toBe('http://127.0.0.1:8080/api');
    expect(retargetUrl(form('not a url'), known, 'http://127.0.0.1:4000/').url).toBe('not a url');
  });
});
