// Browser mode: the server prints an address with ?token=…. The token is
// kept in sessionStorage (reloads keep working, a new tab needs the printed
// address again) and taken out of the visible URL, so it does not end up in
// screenshots, bookmarks or the history.

export const TOKEN_KEY = 'flambe.token';

export interface TokenEnvironment {
  location: { href: string };
  history: { state: unknown; replaceState(data: unknown, unused: string, url?: string | URL | null): void };
  sessionStorage: Pick<Storage, 'getItem' | 'setItem'>;
}

export function takeToken(env: TokenEnvironment): string | null {
  const url = new URL(env.location.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl) {
    try {
      env.sessionStorage.setItem(TOKEN_KEY, fromUrl);
    } catch {
      // Storage can be disabled: the token still works for this page load.
    }
    url.searchParams.delete('token');
    env.history.replaceState(env.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    return fromUrl;
  }
  try {
    return env.sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}
