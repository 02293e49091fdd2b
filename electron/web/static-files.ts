// The built UI's files (dist/renderer), public: they hold no secret, so the
// page reloads without its token. Nothing outside that folder is served.
import type { ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { contentTypeFor } from '../../shared/http.ts';
import type { Reply } from './reply.ts';

export async function serveStatic(staticDir: string, pathname: string, res: ServerResponse, { send }: Reply): Promise<void> {
  let rel: string;
  try {
    rel = pathname === '/' ? 'index.html' : decodeURIComponent(pathname.slice(1));
  } catch {
    return send(res, 400, 'Bad request: the address has a malformed %-escape.\n', 'text/plain');
  }
  const file = path.resolve(staticDir, rel);
  if (file !== staticDir && !file.startsWith(staticDir + path.sep)) return send(res, 403, 'Forbidden\n', 'text/plain');
  let body: Buffer;
  try {
    body = await readFile(file);
  } catch {
    if (rel === 'index.html') return send(res, 500, 'The UI is not built: run "npm run build".\n', 'text/plain');
    return send(res, 404, 'Not found\n', 'text/plain');
  }
  send(res, 200, body, contentTypeFor(file));
}
