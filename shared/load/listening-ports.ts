// Which address to load when a launched script listens on several ports (an
// upstream stub on N+1 opened before the server on N): a path alone
// (`--url /login`) or no URL would pick one silently — and a plausible verdict
// about the wrong server follows. With one port the path goes there; with
// several, the user is asked to say which, with the ports listed.

/** The URL to load, or the sentence that asks for a full one. `path`: the --url given as a path, or null when none. */
export function urlOnListeningPort(path: string | null, suggested: readonly string[]): { url: string } | { error: string } {
  const ports = [...new Set(suggested)];
  if (ports.length === 1) return { url: path ? new URL(path, ports[0]).href : ports[0] };
  const list = ports.map((u) => new URL(path ?? '/', u).href);
  return {
    error: `The script listens on ${ports.length} ports (${ports.map((u) => new URL(u).port).join(', ')}): ${path ? `the path ${path} could be on any of them` : 'which one to load is not clear'}. `
      + `Give the full address with --url, one of: ${list.join(', ')}.`,
  };
}
