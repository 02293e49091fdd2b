// A mixed burst's headline answers each route with its own counts (issue 35):
// on a shop whose /recent makes 16 queries a request one after another and
// whose /quote makes none, the headline said "×7.5 per request" — the calls
// averaged over both routes, a number no request had. Recorded for real with
// the CLI over a plain node:http server (test/fixtures/wire/recent-shop.cjs)
// on a real PostgreSQL, held to the database's own statement log.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type RunningDatabase } from '../helpers/databases.ts';
import { repo, runFlambe } from '../helpers/demo.ts';

interface PgClient { connect(): Promise<void>; query(sql: string): Promise<unknown>; end(): Promise<void> }
const { Client } = createRequire(import.meta.url)('pg') as { Client: new (options: object) => PgClient };
const dir = mkdtempSync(path.join(tmpdir(), 'flambe-mixed-routes-'));
let db: RunningDatabase | null = null;

beforeAll(async () => {
  db = await startPostgres();
  const c = new Client({ host: '127.0.0.1', port: db.port, user: 'postgres', database: 'postgres' });
  await c.connect();
  await c.query(`CREATE TABLE orders AS SELECT g AS id, 'customer ' || (g % 300) AS customer, g * 1.5 AS total FROM generate_series(1, 5000) g;
    ALTER TABLE orders ADD PRIMARY KEY (id); ANALYZE;`);
  await c.end();
}, 60_000);

afterAll(async () => {
  await db?.stop();
  rmSync(dir, { recursive: true, force: true });
});

interface Check { id: string; text: string }
interface RouteCause { route: string; requests: number; ownMsPerRequest: number; text: string }

describe('a mixed burst: the headline gives each route its own counts', () => {
  it('a shop with an N+1 route and a CPU route: no count averaged over both, each route in one line, heaviest first', async () => {
    const truthFile = path.join(dir, 'shop.truth.json');
    const logFrom = readFileSync(db!.logFile, 'utf8').length;
    const r = await runFlambe(['record', '--launch', path.join(repo, 'test/fixtures/wire/recent-shop.cjs'), '--env', `PGPORT=${db!.port}`, '--env', `TRUTH_FILE=${truthFile}`,
      '--url', '/', '--route', 'GET /recent', '--route', 'GET /quote', '-d', '2', '-c', '4', '--warmup', '0', '--json'], { timeoutMs: 80_000 });
    expect(r.code, r.stderr).toBe(0);
    const o = JSON.parse(r.stdout) as { checks: Check[]; routeCauses: RouteCause[]; verdict: string[] };
    const truth = JSON.parse(readFileSync(truthFile, 'utf8')) as Record<string, { calls: number; cpuMs: number }>;
    const logged = [...readFileSync(db!.logFile, 'utf8').slice(logFrom).matchAll(/LOG: {2}(?:execute [^:]*|statement): SELECT id, customer, total FROM orders WHERE id = \$1/g)].length;
    const perRecent = logged / truth.recentRequests.calls;
    const waiting = o.checks.find((c) => c.id === 'waiting')?.text ?? '';
    console.log(`${waiting}\n${o.routeCauses.map((c) => `${c.route}: ${c.text}`).join('\n')}\nlogged ${logged} by-id queries over ${truth.recentRequests.calls} /recent requests (${perRecent.toFixed(2)} each)`);
    expect(perRecent).toBeCloseTo(15, 1);
    // No sentence counts calls per request over both routes: ×7.5 is a number no request had.
    for (const text of [waiting, ...o.routeCauses.map((c) => c.text)]) {
      for (const m of text.matchAll(/×([\d.]+)|([\d.]+) (?:queries|calls) per request/g)) {
        const n = Number(m[1] ?? m[2]);
        expect(n, text).toBeGreaterThan(perRecent * 0.9);
      }
    }
    // The headline is the route that waited, with its own counts; the routes follow, heaviest in all first.
    expect(waiting).toMatch(/^Each GET \/recent request \(\d+ of \d+\) took .*: .* on 16 queries per request to 127\.0\.0\.1:\d+ \(postgres\), one after another: `SELECT id, customer, total FROM orders WHERE id = \$1` ×15 from recentOrders/);
    expect(o.routeCauses.map((c) => c.route)).toEqual(['GET /recent', 'GET /quote']);
    const recent = o.routeCauses.find((c) => c.route === 'GET /recent')!;
    expect(recent.text).toMatch(/waiting on 127\.0\.0\.1:\d+ \(postgres\)/);
    // Its CPU is in recentOrders or in the server's handler, named by its place (it read "most in (anonymous)").
    expect(recent.text).toMatch(/most in (recentOrders|\(anonymous\) \(recent-shop\.cjs:35\))$/);
    expect(recent.text).toMatch(/from recentOrders, recent-shop\.cjs:19, via pg, 15 queries per request\)/);
    expect(o.routeCauses.find((c) => c.route === 'GET /quote')!.text).toMatch(/of CPU per request, most in quoteBasket/);
  }, 120_000);
});
