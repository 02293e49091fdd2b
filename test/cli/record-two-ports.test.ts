// A launched script that listens on two ports (an upstream stub opened first,
// then its server): a path-only --url is refused with the ports listed, never
// loaded on whichever port came first (issue 23, item 8).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { runFlambe } from '../helpers/demo.ts';

const script = path.join(mkdtempSync(path.join(tmpdir(), 'flambe-ports-')), 'two-ports.cjs');
writeFileSync(script, `const http = require('node:http');
const stub = http.createServer((req, res) => res.end('{"ok":true}'));
stub.listen(0, '127.0.0.1', () => {
  const app = http.createServer((req, res) => res.end('welcome'));
  setTimeout(() => app.listen(0, '127.0.0.1'), 200);
});
`);

it('refuses --url /login on a script listening on two ports, and lists both', async () => {
  const r = await runFlambe(['record', '--launch', script, '--url', '/login', '-d', '1'], { timeoutMs: 40_000 });
  expect(r.code).not.toBe(0);
  expect(r.stderr).toMatch(/The script listens on 2 ports \(\d+, \d+\): the path \/login could be on any of them\. Give the full address with --url, one of: http:\/\/127\.0\.0\.1:\d+\/login, http:\/\/127\.0\.0\.1:\d+\/login\./);
}, 60_000);
