// A call a connection pool queued is written later by the driver, inside another request's answer, with none of
// the asker's code on the stack: the collector names it by where the request asked (its last call into a package).
// Read from the collector's own rows in an Express 4 app on pg against a real PostgreSQL, eight requests at once
// on a pool of four: before, a queued call's stack named only pg's `Connection._send` (and a recording whose
// sampled calls were all queued said "from Connection._send").
import { fork } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTALL_COLLECTOR_JS } from '../../../electron/services/request-time/request-collector.ts';
import { collectedBatchSchema } from '../../../shared/request-time/collected.ts';
import { placeOfStack } from '../../../shared/request-time/wait-places.ts';
import { startPostgres, type RunningDatabase } from '../../helpers/databases.ts';
import { repo, waitFor } from '../../helpers/demo.ts';

interface PgClient { connect(): Promise<void>; query(sql: string): Promise<unknown>; end(): Promise<void> }
const { Client } = createRequire(import.meta.url)('pg') as { Client: new (options: object) => PgClient };
let db: RunningDatabase | null = null;
let app: ReturnType<typeof fork> | null = null;
let base = '';

beforeAll(async () => {
  db = await startPostgres();
  const c = new Client({ host: '127.0.0.1', port: db.port, user: 'postgres', database: 'postgres' });
  await c.connect();
  await c.query(`CREATE TABLE invoices (id int, account_id int, total numeric);
    CREATE TABLE products AS SELECT g AS id, 'product ' || g AS name, g * 2 AS price FROM generate_series(1, 1000) g;
    CREATE TABLE cart_items AS SELECT 1 AS cart_id, g AS product_id FROM generate_series(1, 20) g; ANALYZE;`);
  await c.end();
  const collector = path.join(mkdtempSync(path.join(tmpdir(), 'flambe-asker-')), 'collector.js');
  writeFileSync(collector, INSTALL_COLLECTOR_JS);
  app = fork(path.join(repo, 'test/fixtures/wire/billing.cjs'), {
    execArgv: ['--require', path.join(repo, 'test/fixtures/wire/with-collector.cjs')],
    env: { ...process.env, PGPORT: String(db.port), FLAMBE_COLLECTOR: collector }, stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  let out = '';
  app.stdout!.on('data', (d: Buffer) => { out += String(d); });
  base = await waitFor(() => /listening on (\d+)/.exec(out)?.[1], 15_000, 'the app listening').then((port) => `http://127.0.0.1:${port}`);
}, 60_000);

afterAll(async () => {
  app?.kill();
  await db?.stop();
});

const take = () => new Promise<unknown>((resolve) => { app!.once('message', resolve); app!.send('take'); });

describe('a call a pool queued', () => {
  it('is named by where its request asked, not by the driver that wrote it later', async () => {
    // Eight at a time, 100 carts (2 000 product calls) or 20 s: most calls wait for one of the pool's four connections.
    // Bounded by count, not time: a busy CI machine served 24 carts in the 1.5 s this once ran for.
    const until = Date.now() + 20_000;
    let carts = 0;
    await Promise.all(Array.from({ length: 8 }, async () => { while (carts < 100 && Date.now() < until) { await (await fetch(`${base}/cart`)).text(); carts++; } }));
    const batch = collectedBatchSchema.parse(JSON.parse(String(await take())));
    const product = batch.waits.filter((w) => w[1] === 'socket' && (w[7] ?? []).some((s) => s.startsWith('SELECT id, name, price FROM products')));
    const places = product.filter((w) => w[5] >= 0).map((w) => placeOfStack(batch.stacks[w[5]])?.function ?? '(none)');
    const byFunction = new Map<string, number>();
    for (const f of places) byFunction.set(f, (byFunction.get(f) ?? 0) + 1);
    console.log(`${product.length} product calls, ${places.length} with a stack: ${[...byFunction].map(([f, n]) => `${f} ${n}`).join(', ')}`);
    // A stack is read for one stretch of code in four (and the first calls before a pool queued have none): enough to judge.
    expect(product.length).toBeGreaterThan(400);
    expect(places.length).toBeGreaterThan(50);
    // Every stack a call keeps names the user's function; a write whose tick's origin was not sampled names none.
    expect((byFunction.get('loadProduct') ?? 0) / places.length).toBeGreaterThan(0.9);
  }, 60_000);
});
