// The one Content-Security-Policy of Flambé's UI. The Electron app sends it
// on every app:// response (electron/main/app-protocol.ts), browser mode on
// every HTTP response (electron/web/server.ts), and the build writes it into
// renderer/index.html as a meta tag (renderer/vite.config.ts). Strict: our
// own scripts only, no plugins, no <base>, no forms, nobody may frame us, and
// connections only to our own origin (browser mode adds its own ws:// origins:
// 'self' does not cover ws: everywhere).

const directives: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['default-src', ["'self'"]],
  ['script-src', ["'self'"]],
  // d3-flame-graph and React set style attributes.
  ['style-src', ["'self'", "'unsafe-inline'"]],
  ['img-src', ["'self'", 'data:']],
  ['worker-src', ["'self'"]],
  ['connect-src', ["'self'"]],
  ['object-src', ["'none'"]],
  ['base-uri', ["'none'"]],
  ['form-action', ["'none'"]],
  ['frame-ancestors', ["'none'"]],
];

export interface CspOptions {
  /** Extra origins the page may connect to (browser mode: its own ws://host:port). */
  connect?: readonly string[];
  /** For a <meta> tag: frame-ancestors is ignored there (and logged as such), so it is left out. */
  meta?: boolean;
}

export function contentSecurityPolicy(options: CspOptions = {}): string {
  return directives
    .filter(([name]) => !(options.meta && name === 'frame-ancestors'))
    .map(([name, values]) => [name, ...values, ...(name === 'connect-src' ? options.connect ?? [] : [])].join(' '))
    .join('; ');
}

/**
 * The WebSocket origins of a browser-mode server on `port`, one per name it
 * can be reached by. Not `[::1]`: Chromium rejects an IPv6 literal in a
 * source list (it logs "invalid source" on every page load), and the server
 * listens on 127.0.0.1 only, so the page is never served from [::1].
 */
export function loopbackWebSocketOrigins(port: number): string[] {
  return ['127.0.0.1', 'localhost'].map((h) => `ws://${h}:${port}`);
}
