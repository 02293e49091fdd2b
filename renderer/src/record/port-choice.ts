// A launched script that listens on several ports (an upstream stub on N+1
// opened before its server on N): which one is the server is the user's to
// say, never Flambé's to guess (issue 23 item 8; the CLI refuses a path alone
// the same way, shared/load/listening-ports.ts). A URL Flambé filled in is a
// guess; one the user chose or typed is an answer.
import type { LoadFormState } from '../lib/forms.ts';

/** The question to ask before Record, or null when the URL is the user's choice (or there is one port). */
export function portQuestion(form: Pick<LoadFormState, 'url' | 'urlFromSuggestion'>, addresses: readonly string[]): string | null {
  if (addresses.length < 2) return null;
  if (form.url.trim() !== '' && !form.urlFromSuggestion) return null;
  const ports = addresses.map((a) => portOf(a)).join(', ');
  return `This script listens on ${addresses.length} ports (${ports}): choose the one to load under Load — Flambé will not guess, since a recording of the wrong server reads like a right one.`;
}

export function portOf(address: string): string {
  try {
    const u = new URL(address);
    return u.port || (u.protocol === 'https:' ? '443' : '80');
  } catch {
    return address;
  }
}

/** The form once the user picked an address: its origin, with the path the form had (the address's own when none). */
export function choosePort(form: LoadFormState, address: string): LoadFormState {
  let path = '/';
  try {
    const u = new URL(form.url);
    path = `${u.pathname}${u.search}`;
  } catch {
    // no URL yet: the address's root
  }
  return { ...form, url: new URL(path, address).href, urlFromSuggestion: false };
}

/** A suggestion that arrives: with several addresses, a URL Flambé had filled in is taken back rather than replaced by one of them. */
export function withSeveralAddresses(form: LoadFormState): LoadFormState {
  return form.urlFromSuggestion && form.url !== '' ? { ...form, url: '' } : form;
}
