// Issue 32, item 6: messages that blamed the wrong thing, each against a real
// misbehaving server or program: a malformed HTTP answer is not "Could not
// reach"; an https-only server is found by its handshake (and loaded over
// https); a 70 000-character URL is refused by its length, not echoed; a node
// program that fails is not the script; a TypeScript script on a Node that
// does not strip types gets a hint.
import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import http from 'node:http';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { demoScript, runFlambe } from '../helpers/demo.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'flambe-wrong-blame-'));
const servers: { close(): void }[] = [];
afterAll(() => {
  for (const s of servers) s.close();
  rmSync(dir, { recursive: true, force: true });
});

function listen(server: net.Server): Promise<number> {
  servers.push(server);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)));
}

/** A self-signed certificate for 127.0.0.1, made by openssl; null where there is no openssl. */
function selfSigned(): { key: string; cert: string } | null {
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  const r = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=127.0.0.1', '-keyout', key, '-out', cert, '-days', '1'], { stdio: 'ignore' });
  return r.status === 0 ? { key, cert } : null;
}
const tlsFiles = selfSigned();

/** The sentence: progress lines ("connecting: …") come before it on a stderr that is not a terminal. */
const lastLine = (text: string) => text.trim().split('\n').at(-1);

describe('messages that name what happened (item 6)', () => {
  it('a server that answers with malformed HTTP: "answered, but not with valid HTTP", not "Could not reach"', { timeout: 60_000 }, async () => {
    const port = await listen(net.createServer((socket) => socket.once('data', () => socket.end('HTTP/1.1 abc\r\n\r\n'))));
    const r = await runFlambe(['record', '--no-profile', '--url', `http://127.0.0.1:${port}/`, '-n', '10']);
    expect(r.code).toBe(1);
    expect(lastLine(r.stderr)).toBe(`flambe: The server at http://127.0.0.1:${port}/ answered, but not with valid HTTP: its status line is not an HTTP status line. Is that port an HTTP server, and does it write its answer by hand?`);
  });

  it('an endless body: "answered at once, but its body did not end", not "No answer came back"', { timeout: 60_000 }, async () => {
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const port = await listen(http.createServer((q, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const write = () => { while (!res.destroyed && res.write(chunk)); };
      res.on('drain', write);
      write();
    }));
    const r = await runFlambe(['record', '--no-profile', '--url', `http://127.0.0.1:${port}/`, '-d', '3', '-c', '1']);
    expect(r.code).toBe(1);
    expect(lastLine(r.stderr)).toMatch(new RegExp(`^flambe: The server at http://127\\.0\\.0\\.1:${port}/ answered at once \\(status 200\\), but its body did not end: [\\d.]+ MiB arrived in [\\d.]+ s and more kept coming\\. A burst counts requests that end`));
    expect(r.stderr).not.toMatch(/No answer came back/);
  });

  it('a 70 000-character URL is refused by its length, in one short line', { timeout: 60_000 }, async () => {
    const r = await runFlambe(['record', '--no-profile', '--url', `http://127.0.0.1:9/${'a'.repeat(70_000)}`, '-n', '10']);
    expect(r.code).toBe(1);
    expect(r.stderr.length).toBeLessThan(400);
    expect(r.stderr.trim()).toBe("flambe: The URL is 70,019 characters long: servers refuse a request line that long (Node's limit is 16 KiB, other servers' 8 KiB). Shorten it, or send the data as a body (-b).");
  });

  it('--node /bin/false: the node program exited, not the script', { timeout: 60_000 }, async () => {
    const r = await runFlambe(['record', '--launch', demoScript, '--node', '/bin/false', '-n', '10']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('flambe: The Node.js program "/bin/false" exited with code 1 before it ran the script, and printed nothing. Is it Node.js (run "/bin/false --version")?');
    expect(r.stderr).not.toMatch(/The script exited/);
  });

  // The machine's own node is 20 (no type stripping); Flambé itself runs on 24.
  // (npm puts Node 24 first on PATH for the tests: the system's is looked for where systems keep it.)
  const systemNode = ['/usr/bin/node', '/usr/local/bin/node'].find((n) => spawnSync(n, ['-v']).status === 0) ?? null;
  const oldNode = systemNode ? spawnSync(systemNode, ['-e', 'process.stdout.write(process.versions.node)'], { encoding: 'utf8' }) : { stdout: '', status: 1 };
  const major = Number(oldNode.stdout?.split('.')[0]);
  const old = oldNode.status === 0 && major < 22 ? systemNode : null;
  it.skipIf(!old)(`a TypeScript script on Node ${oldNode.stdout} (no type stripping) gets a hint of which Node runs it`, { timeout: 60_000 }, async () => {
    const script = path.join(dir, 'server.ts');
    writeFileSync(script, 'const port: number = 0;\nrequire("http").createServer((q: unknown, s: { end(t: string): void }) => s.end("hi")).listen(port);\n');
    const r = await runFlambe(['record', '--launch', script, '--node', old!, '-n', '10']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/flambe: The script exited with code 1 as it started: SyntaxError: .*\. This Node cannot run TypeScript: Node 22\.18 and later and 23\.6 and later strip types by default \(22\.6 to 22\.17 with --experimental-strip-types\)\. Choose a newer Node/);
  });

  describe.skipIf(!tlsFiles)('an https-only server', () => {
    const source = (files: { key: string; cert: string }) => `const fs = require('fs');
require('https').createServer({ key: fs.readFileSync(${JSON.stringify(files.key)}), cert: fs.readFileSync(${JSON.stringify(files.cert)}) }, (q, s) => s.end('secure')).listen(0, '127.0.0.1');`;

    it('an http:// URL to it: it speaks TLS, said, with the https address to load', { timeout: 60_000 }, async () => {
      const { readFileSync } = await import('node:fs');
      const server = https.createServer({ key: readFileSync(tlsFiles!.key), cert: readFileSync(tlsFiles!.cert) }, (q, s) => s.end('secure'));
      const port = await listen(server);
      const r = await runFlambe(['record', '--no-profile', '--url', `http://127.0.0.1:${port}/hello`, '-n', '10']);
      expect(r.code).toBe(1);
      expect(lastLine(r.stderr)).toBe(`flambe: The server at http://127.0.0.1:${port}/hello speaks HTTPS (TLS) on that port, not plain HTTP: load https://127.0.0.1:${port}/hello instead.`);
    });

    it('a launched https server with a path-only --url is loaded over https', { timeout: 120_000 }, async () => {
      const script = path.join(dir, 'secure.js');
      writeFileSync(script, source(tlsFiles!));
      const r = await runFlambe(['record', '--launch', script, '--url', '/hello', '-n', '50', '--warmup', '0', '--json']);
      expect(r.stderr).not.toMatch(/closed the connection/);
      expect(r.code).toBe(0);
      const out = JSON.parse(r.stdout);
      expect(out.error).toBeNull();
      expect(out.load.requests).toBeGreaterThanOrEqual(50);
      // Every answer a 2xx over TLS (a plain-HTTP burst would have no answer at all).
      expect(out.load.non2xx).toBe(0);
      expect(out.load.errors).toBe(0);
    });
  });
});
