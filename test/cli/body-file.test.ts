// Issue 32, item 9: -b @FILE sends a file's content as the body (a 1 MB body
// cannot be a command-line argument: "Argument list too long"), and the help
// of sweep and overhead lists --env and --node, which both accept.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runFlambe } from '../helpers/demo.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'flambe-body-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('-b @FILE (item 9)', () => {
  it('sends the whole file as each request\'s body', { timeout: 60_000 }, async () => {
    const received: number[] = [];
    const server = http.createServer((req, res) => {
      let bytes = 0;
      req.on('data', (d: Buffer) => (bytes += d.length));
      req.on('end', () => { received.push(bytes); res.end('ok'); });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const file = path.join(dir, 'big.json');
      const body = JSON.stringify({ items: 'x'.repeat(1024 * 1024) });
      writeFileSync(file, body);
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/upload`;
      const r = await runFlambe(['record', '--no-profile', '--url', url, '-m', 'POST', '-H', 'content-type: application/json', '-b', `@${file}`, '-n', '20', '-c', '2', '--json']);
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout).load.requests).toBeGreaterThanOrEqual(20);
      expect(received.length).toBeGreaterThanOrEqual(20);
      expect(new Set(received)).toEqual(new Set([Buffer.byteLength(body)]));
    } finally {
      server.close();
    }
  });

  it('a file that is not there is one sentence', { timeout: 60_000 }, async () => {
    const missing = path.join(dir, 'missing.json');
    const r = await runFlambe(['record', '--no-profile', '--url', 'http://127.0.0.1:9/', '-m', 'POST', '-b', `@${missing}`, '-n', '5']);
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe(`flambe: -b @${missing}: the file ${missing} cannot be read (ENOENT).`);
  });

  it.each(['sweep', 'overhead'])('%s --help lists --env, --node and -b @FILE', async (command) => {
    const r = await runFlambe([command, '--help']);
    expect(r.code).toBe(0);
    for (const flag of ['--env K=V', '--node PATH', '-b @FILE']) expect(r.stdout).toContain(flag);
  });
});
