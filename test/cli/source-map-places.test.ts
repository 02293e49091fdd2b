// One location per function with source maps (issue 35): a TypeScript server
// compiled by tsc to dist/ with .map files (test/fixtures/ts-shop), recorded
// for real with the CLI. The findings named server.ts (mapped frames) while
// the request's wait said "from loadOrders, server.js:13", the allocation
// table "loadOrders (server.js:12)" and a route's anonymous handler its
// generated line: every place now names the file the user wrote, and the
// generated one only as "ran as".
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repo, runFlambe } from '../helpers/demo.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'flambe-ts-shop-'));
cpSync(path.join(repo, 'test/fixtures/ts-shop'), dir, { recursive: true });
symlinkSync(path.join(repo, 'node_modules'), path.join(dir, 'node_modules'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const source = readFileSync(path.join(dir, 'src/server.ts'), 'utf8').split('\n');
const lineOf = (text: string) => source.findIndex((l) => l.includes(text)) + 1;

interface Place { function: string; url: string; line: number }
interface Out {
  findings: { function: string; url: string; line: number; generated?: { location: string } }[];
  checks: { id: string; text: string }[];
  routeCauses: { route: string; text: string }[];
  memory: { allocations: { functions: Place[] } | null } | null;
  requestTime: { byRoute: { path: string; parts: { from: Place | null }[]; topFunction: string | null }[] };
}

describe('one location per function with source maps', () => {
  it('a tsc-compiled server: waits, allocations, routes and findings all name server.ts and its lines', async () => {
    execFileSync(path.join(repo, 'node_modules/.bin/tsc'), ['-p', dir], { cwd: dir });
    const routes = ['/orders', '/ranking', '/checksum'].flatMap((r) => ['--route', `GET ${r}`]);
    const r = await runFlambe(['record', '--launch', path.join(dir, 'dist/server.js'), '--url', '/', ...routes, '-d', '3', '-c', '4', '--warmup', '1', '--json'], { timeoutMs: 100_000 });
    expect(r.code, r.stderr).toBe(0);
    const o = JSON.parse(r.stdout) as Out;
    // Every sentence and every place: the generated file only where it is said to be where the code ran.
    const said = [...o.checks.map((c) => c.text), ...o.routeCauses.map((c) => c.text), ...o.findings.map((f) => `${f.url}:${f.line}`)];
    console.log(said.join('\n'));
    for (const s of said) expect(s.replace(/\(ran as [^)]*\)/g, '')).not.toMatch(/server\.js:\d+/);
    const route = (p: string) => o.requestTime.byRoute.find((x) => x.path === p)!;
    // The awaited read, from the line that awaits it.
    const from = route('/orders').parts.find((p) => p.from?.function === 'loadOrders')!.from!;
    expect(from).toMatchObject({ url: expect.stringMatching(/\/src\/server\.ts$/), line: lineOf('await readFile(storage') });
    // The allocation table's functions of the app: its .ts file, at the line each function starts.
    const allocated = (o.memory?.allocations?.functions ?? []).filter((f) => /\/(dist|src)\/server\.[jt]s$/.test(f.url));
    expect(allocated.length).toBeGreaterThan(0);
    for (const f of allocated) expect(f.url, f.function).toMatch(/\/src\/server\.ts$/);
    const loadOrders = allocated.find((f) => f.function === 'loadOrders');
    if (loadOrders) expect(loadOrders.line).toBe(lineOf('async function loadOrders'));
    // The anonymous handler doing /checksum's work is named by its place in server.ts.
    const checksum = route('/checksum').topFunction;
    console.log(`/checksum: most in ${checksum}`);
    expect(checksum).toBe(`(anonymous) (server.ts:${lineOf('http.createServer(async')})`);
  }, 150_000);
});
