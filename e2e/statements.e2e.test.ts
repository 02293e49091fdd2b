// The statements a request waits on, on the result screen: an Express 4 app on
// a real PostgreSQL (test/fixtures/wire/billing.cjs), launched from the Record
// screen with the database's port in its environment, its N+1 route recorded.
// Each statement is a row of its own in the time table (two queries to one
// server are two rows), with its calls per request and the user's function,
// file and line, and the library that sent it. Screenshot at 1024×700 in e2e/artifacts/.
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type RunningDatabase } from '../test/helpers/databases.ts';
import { artifacts, browserSession, hasChromium, repo, waitForLaunchedTarget } from './helpers.ts';

interface PgClient { connect(): Promise<void>; query(sql: string): Promise<unknown>; end(): Promise<void> }
const { Client } = createRequire(import.meta.url)('pg') as { Client: new (options: object) => PgClient };
const title = hasChromium ? 'statements on the result screen' : 'statements on the result screen (skipped: no Chromium at /usr/bin/chromium)';

describe.skipIf(!hasChromium)(title, () => {
  let db: RunningDatabase | null = null;
  beforeAll(async () => {
    db = await startPostgres();
    const c = new Client({ host: '127.0.0.1', port: db.port, user: 'postgres', database: 'postgres' });
    await c.connect();
    await c.query(`CREATE TABLE products AS SELECT g AS id, 'product ' || g AS name, g * 2 AS price FROM generate_series(1, 1000) g;
      ALTER TABLE products ADD PRIMARY KEY (id);
      CREATE TABLE cart_items AS SELECT 1 AS cart_id, g AS product_id FROM generate_series(1, 20) g; ANALYZE;`);
    await c.end();
  }, 60_000);
  afterAll(async () => { await db?.stop(); });
  const session = browserSession({ width: 1024, height: 700 });

  it('shows each statement as its own row: calls per request, from the user’s line, via the driver', async () => {
    const { page } = session;
    await page.goto(session.web.url);
    await page.getByTestId('launch-script-input').fill(path.join(repo, 'test/fixtures/wire/billing.cjs'));
    await page.getByText('Arguments, working directory, environment and Node').click();
    await page.locator('#launch-env').fill(`PGPORT=${db!.port}`);
    await page.getByTestId('launch-button').click();
    await waitForLaunchedTarget(page);
    const base = new URL(await page.getByTestId('url-input').inputValue());
    await page.getByTestId('url-input').fill(`${base.origin}/cart`);
    await page.getByTestId('duration-input').fill('2');
    await page.getByTestId('warmup-input').fill('1');
    await page.getByTestId('connections-input').fill('2');
    await page.getByTestId('record-button').click();
    await page.getByTestId('result-screen').waitFor({ timeout: 60_000 });
    const table = page.getByTestId('request-time-parts');
    await table.waitFor({ timeout: 20_000 });
    const server = `127.0.0.1:${db!.port} (postgres)`;
    const row = (statement: string) => table.locator(`tr[data-statement="${statement}"]`);
    const product = row('SELECT id, name, price FROM products WHERE id = $1');
    const cart = row('SELECT product_id FROM cart_items WHERE cart_id = $1');
    // One row each: two queries to one server are two parts, told apart by their statement.
    expect(await product.count()).toBe(1);
    expect(await cart.count()).toBe(1);
    const cells = async (r: typeof product) => (await r.locator('td').allTextContents()).map((t) => t.trim());
    const [pLabel, , , pCalls, pFrom] = await cells(product);
    expect(pLabel).toBe(`SELECT id, name, price FROM products WHERE id = $1 — ${server}`);
    expect(pCalls).toBe('20');
    expect(pFrom).toBe('loadProduct, billing.cjs:27, via pg');
    const [cLabel, , , cCalls, cFrom] = await cells(cart);
    expect(cLabel).toBe(`SELECT product_id FROM cart_items WHERE cart_id = $1 — ${server}`);
    expect(cCalls).toBe('1');
    expect(cFrom).toBe('loadCart, billing.cjs:34, via pg');
    // The verdict says the N+1 in words with the same statement.
    await expect.poll(() => page.getByTestId('verdict').textContent(), { timeout: 20_000 })
      .toMatch(/one after another: `SELECT id, name, price FROM products WHERE id = \$1` ×20 from loadProduct \(billing\.cjs:27, via pg\)/);
    await table.scrollIntoViewIfNeeded();
    // The table fits the window: no statement pushes it wider than its card.
    const widths = await table.evaluate((t) => ({ table: t.scrollWidth, card: t.parentElement!.clientWidth }));
    expect(widths.table).toBeLessThanOrEqual(widths.card + 1);
    await page.screenshot({ path: path.join(artifacts, 'statements-1024x700.png') });
  }, 120_000);
});
