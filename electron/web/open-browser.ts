// Opens the user's browser on the browser-mode address without putting the
// token on a command line (every local user can read those with `ps`): the
// command gets a redirect page instead, written 0600 into a private (0700)
// temporary folder, as Jupyter does.
import { spawn as nodeSpawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface RedirectFile {
  file: string;
  /** Removes the file and its folder (the server is gone: the token is dead anyway). */
  remove(): void;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function writeRedirectFile(url: string, parent = tmpdir()): RedirectFile {
  const dir = mkdtempSync(path.join(parent, 'flambe-')); // created 0700
  const file = path.join(dir, 'open-flambe.html');
  const href = escapeHtml(url);
  writeFileSync(
    file,
    `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="referrer" content="no-referrer">` +
      `<meta http-equiv="refresh" content="0;url=${href}"><title>Opening Flambé…</title></head>\n` +
      `<body><p>Opening Flambé… If nothing happens, <a href="${href}">open Flambé</a>.</p></body></html>\n`,
    { mode: 0o600 },
  );
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

type Spawn = (cmd: string, args: string[], opts: { stdio: 'ignore'; detached: true }) => { on(e: 'error', f: () => void): unknown; unref(): void };

/** The command that opens `target` (a file path) in the default browser. */
export function openCommand(target: string, platform: NodeJS.Platform = process.platform): [string, string[]] {
  if (platform === 'darwin') return ['open', [target]];
  if (platform === 'win32') return ['cmd', ['/c', 'start', '""', target]];
  return ['xdg-open', [target]];
}

/** Opens the browser on `url` through a redirect file; returns that file (to remove on exit), or null when it could not. */
export function openBrowser(url: string, opts: { spawn?: Spawn; platform?: NodeJS.Platform; onError?: () => void; parent?: string } = {}): RedirectFile | null {
  let redirect: RedirectFile;
  try {
    redirect = writeRedirectFile(url, opts.parent);
  } catch {
    opts.onError?.();
    return null;
  }
  const [cmd, args] = openCommand(redirect.file, opts.platform);
  try {
    const child = (opts.spawn ?? (nodeSpawn as unknown as Spawn))(cmd, args, { stdio: 'ignore', detached: true });
    child.on('error', () => opts.onError?.());
    child.unref();
  } catch {
    opts.onError?.();
  }
  return redirect;
}
