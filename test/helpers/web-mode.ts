// Browser mode's server in-process, over a service of the test's own, with a
// placeholder page: for tests that call its API while the service works.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { FlambeService } from '../../electron/services/service.ts';
import { startWebServer, type WebServer } from '../../electron/web/server.ts';

/** Starts the server before the file's tests and stops it (and the service) after them; `port()` once started. */
export function webServerFor(service: FlambeService, token: string): { port(): number } {
  let server: WebServer;
  const staticDir = mkdtempSync(path.join(tmpdir(), 'flambe-static-'));
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Flambé</title>');
  beforeAll(async () => { server = await startWebServer({ service, token, staticDir }); });
  afterAll(async () => { await server.close(); await service.dispose(); });
  return { port: () => server.port };
}
