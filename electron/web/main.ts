// `npm run web` / `node dist/node/web.js [--port N] [--no-open]`: Flambé in a browser.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createFlambeService } from '../services/service.ts';
import { startWebServer } from './server.ts';
import { openBrowser, type RedirectFile } from './open-browser.ts';
import { resolveLibraryPath } from '../services/library/library-path.ts';

function rendererDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // bundled: dist/node/web.js → dist/renderer; from source: electron/web → dist/renderer
  for (const dir of [path.resolve(here, '../renderer'), path.resolve(here, '../../dist/renderer')]) {
    if (existsSync(path.join(dir, 'index.html'))) return dir;
  }
  return path.resolve(here, '../renderer');
}

async function main() {
  let values;
  try {
    ({ values } = parseArgs({ options: { port: { type: 'string' }, library: { type: 'string' }, 'no-open': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } }));
  } catch (e) {
    process.stderr.write(`flambe web: ${(e as Error).message.split('. ')[0]}\n`);
    process.exit(1);
  }
  if (values.help) {
    process.stdout.write('Usage: npm run web -- [--port N] [--library PATH] [--no-open]\nServes Flambé on 127.0.0.1 for a browser; the printed address carries a per-run token.\n');
    return;
  }
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`flambe web: --port takes a number from 1 to 65535; "${values.port}" is not one.\n`);
    process.exit(1);
  }
  const libraryPath = resolveLibraryPath(values.library);
  const service = createFlambeService({ libraryPath, program: 'flambe web, the browser UI' });
  const token = randomBytes(24).toString('base64url');
  let server;
  try {
    server = await startWebServer({ service, token, port, staticDir: rendererDir() });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    process.stderr.write(`flambe web: ${code === 'EADDRINUSE' ? `port ${port} is already in use: choose another with --port, or leave it out for a free one.` : (e as Error).message}\n`);
    process.exit(1);
  }
  process.stdout.write(`Flambé is running at ${server.url}\nLibrary: ${libraryPath}\nKeep this terminal open; press Ctrl-C to stop.\n`);
  const status = await service.api.libraryStatus({});
  if (status.problem) process.stdout.write(`Warning: ${status.problem}\n`);
  let redirect: RedirectFile | null = null;
  if (!values['no-open'] && !process.env.CI) {
    redirect = openBrowser(server.url, { onError: () => process.stdout.write('(Could not open a browser by itself: open the address above.)\n') });
  }

  let stopping = false;
  const stop = async () => {
    if (stopping) process.exit(130);
    stopping = true;
    redirect?.remove();
    await service.dispose();
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
