// Waits named by what the app asked a real MariaDB, read from the wire
// (the MySQL protocol), on a port that is not 3306: a Fastify app on mysql2
// (test/fixtures/wire/orders.cjs) — a prepared statement (execute) and a query
// whose value the driver inlines. Held to the server's general log (calls per
// request), to its slow log (its own time per statement, beside Flambé's) and
// to the app's own timing around each driver call.
import { readFileSync } from 'node:fs';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementBlocks } from '../../../shared/report/report-parts.ts';
import { partLabel, waitingSentence } from '../../../shared/request-time/sentence.ts';
import { UNSEEN_PREPARED } from '../../../shared/request-time/statements.ts';
import { startMariadb, type RunningDatabase } from '../../helpers/databases.ts';
import { attachRecordedApp, expectWithin20Percent, fresh, launchRecordedApp, loadNow, meanOf, msOnServer, routeOf, timedDuring, type RecordedApp } from '../../helpers/recorded-app.ts';

let db: RunningDatabase | null = null;
let app: RecordedApp | null = null;

beforeAll(async () => {
  db = await startMariadb();
  const c = await mysql.createConnection({ host: '127.0.0.1', port: db.port, user: 'root', multipleStatements: true });
  await c.query(`CREATE DATABASE shop; USE shop;
    CREATE TABLE orders (id INT PRIMARY KEY, customer_id INT, status VARCHAR(20), total DECIMAL(10, 2));
    INSERT INTO orders SELECT seq, seq % 1000, IF(seq % 3 = 0, 'shipped', 'open'), seq * 1.5 FROM seq_1_to_200000;`);
  await c.end();
  app = await launchRecordedApp('test/fixtures/wire/orders.cjs', { MYSQL_PORT: String(db.port) });
}, 60_000);

afterAll(async () => {
  await app?.stop();
  await db?.stop();
});

/** Statements the server's general log has, since `from` characters, by their text ("Execute" and "Query" lines). */
function loggedSince(from: number, pattern: RegExp): number {
  return [...readFileSync(db!.logFile, 'utf8').slice(from).matchAll(pattern)].length;
}
const logLength = () => readFileSync(db!.logFile, 'utf8').length;
const slowLogLength = () => readFileSync(db!.slowLogFile!, 'utf8').length;

/** MariaDB's own time for the statements starting with `prefix` since `from` characters of its slow log (long_query_time=0: every one): calls and ms in all. */
function ownTime(from: number, prefix: string): { calls: number; ms: number } {
  let calls = 0;
  let ms = 0;
  for (const m of readFileSync(db!.slowLogFile!, 'utf8').slice(from).matchAll(/# Query_time: ([\d.]+)[^\n]*\n(?:#[^\n]*\n)*SET timestamp=\d+;\n([^\n]*)/g)) {
    if (!m[2].startsWith(prefix)) continue;
    calls++;
    ms += Number(m[1]) * 1000;
  }
  return { calls, ms };
}

describe('MariaDB over mysql2, on a port of its own', () => {
  it('names a prepared statement run by execute, from the user’s function, as many as the server logged, its ms per call', async () => {
    const before = await app!.stats();
    const logFrom = logLength();
    const slowFrom = slowLogLength();
    const rec = await app!.record('/orders', 2);
    expect(rec.error).toBeNull();
    const after = await app!.stats();
    const appCalls = fresh(before, after, 'orders');
    const statement = 'SELECT id, total FROM orders WHERE customer_id = ?';
    // Opening a connection (the handshake's round trips) is a wait with no statement: left out here.
    const route = routeOf(rec, '/orders');
    const parts = route.parts.filter((p) => p.kind === 'socket' && p.statement);
    const named = parts.find((p) => p.statement === statement)!;
    expect(named).toMatchObject({ target: `127.0.0.1:${db!.port} (mysql/mariadb)`, server: 'mysql', from: { function: 'ordersOf', line: 15 } });
    // Every execute shows its text: the pool's first connection prepares on Flambé's probe, which the collector
    // watches too (before, that connection's executes said "prepared statement": half of them, on two connections).
    expect(parts.map((p) => p.statement)).toEqual(parts.map(() => statement));
    const calls = parts.reduce((t, p) => t + p.callsPerRequest, 0);
    // A connection's first execute prepares the statement: one more round trip, logged as Prepare. The log also holds
    // the probe's request (Flambé's first, before the burst, in no figure of the recording): the app's very first,
    // on a fresh pool, so one Prepare and one Execute — taken out, with its call of the app's. It holds too the
    // requests the burst's end cut off, which Flambé does not count (beside a load of 21: 5 recorded of 7), so the
    // two agree per request within one call over the recorded requests (1.2 against 1.14 then), not call for call.
    const logged = loggedSince(logFrom, / (?:Execute|Prepare)\tSELECT id, total FROM orders WHERE customer_id = /g);
    const loggedPerRequest = (logged - 2) / (appCalls.length - 1);
    console.log(`execute: ${calls} calls per request (${named.callsPerRequest} named) over ${route.requests} requests; ${loggedPerRequest.toFixed(3)} logged per request (load ${loadNow()})`);
    expect(Math.abs(calls - loggedPerRequest)).toBeLessThanOrEqual(1 / route.requests + 0.01);
    // One driver call per request as the app times it (a connection's first also prepares, and a new connection's
    // also opens it): Flambé's time on the server per request against the app's per call, for the burst's calls.
    expectWithin20Percent('execute', msOnServer(route, db!.port), meanOf(timedDuring(rec, after, 'orders')), loadNow());
    // MariaDB's own time for the statement beside it (its slow log, every statement with its time): the execution,
    // without the round trip, the prepare or mysql2's code. A full scan of 200 000 rows is nearly all of the call, so
    // the two agree within 20 % (313 ms per request by Flambé, 303 ms per execute by MariaDB, load 25) — though the
    // log's executes also hold the probe's and those the burst's end cut off.
    const own = ownTime(slowFrom, 'SELECT id, total FROM orders WHERE customer_id = ');
    const ownMs = own.ms / own.calls;
    console.log(`execute: MariaDB's own execution ${ownMs.toFixed(1)} ms per execute over ${own.calls} (slow log), ${msOnServer(route, db!.port).toFixed(1)} ms per request on the server by Flambé (load ${loadNow()})`);
    expect(own.calls).toBeGreaterThan(0);
    expect(ownMs).toBeGreaterThan(msOnServer(route, db!.port) * 0.8);
    expect(ownMs).toBeLessThan(msOnServer(route, db!.port) * 1.2);
    expect(waitingSentence(rec.requestTime!)).toMatch(new RegExp(`waiting on 127\\.0\\.0\\.1:${db!.port} \\(mysql/mariadb\\) for \`SELECT id, total FROM orders WHERE customer_id = \\?\` \\(from ordersOf, orders\\.cjs:15, via mysql2\\)`));
  }, 60_000);

  it('names the statement of calls that waited for a free connection: more requests at once than the pool holds', async () => {
    // Eight requests at once on a pool of four: mysql2 hands a freed connection to the request queued for it a tick
    // after it read another request's answer, still under that other request's context. The call is the queued one's.
    const before = await app!.stats();
    const logFrom = logLength();
    const rec = await app!.record('/orders', 8);
    expect(rec.error).toBeNull();
    const after = await app!.stats();
    const statement = 'SELECT id, total FROM orders WHERE customer_id = ?';
    const route = routeOf(rec, '/orders');
    const waits = route.parts.filter((p) => p.kind === 'socket');
    const named = waits.filter((p) => p.statement === statement);
    const unnamed = waits.filter((p) => !p.statement).reduce((t, p) => t + p.msPerRequest, 0);
    const all = waits.reduce((t, p) => t + p.msPerRequest, 0);
    const calls = named.reduce((t, p) => t + p.callsPerRequest, 0);
    // The log's round trips per request the app served (the probe's included, as its request is in the app's count):
    // executes, and a connection's first prepare (one more round trip, a call of its own in Flambé's count).
    const loggedPerRequest = loggedSince(logFrom, / (?:Execute|Prepare)\tSELECT id, total FROM orders WHERE customer_id = /g) / fresh(before, after, 'orders').length;
    console.log(`pool queue: ${calls.toFixed(2)} calls per request named (${loggedPerRequest.toFixed(3)} logged), ${unnamed.toFixed(1)} of ${all.toFixed(1)} ms on the database without a statement (load ${loadNow()})`);
    console.log(named.map((p) => `${p.callsPerRequest.toFixed(2)} calls, ${p.msPerRequest.toFixed(1)} ms from ${p.from?.function ?? '?'}`).join('; '));
    expect(named[0]).toMatchObject({ server: 'mysql', from: { function: 'ordersOf', line: 15 }, via: 'mysql2' });
    expect(calls).toBeCloseTo(loggedPerRequest, 0);
    // Before, the queued requests' calls were charged to the request whose answer freed the connection, and the
    // queued request's wait had no statement. What is left unnamed is the pool opening its connections (no warm-up).
    expect(unnamed).toBeLessThan(all * 0.1);
    // Each request's wait as the app timed it: the pool's queue and the round trip.
    expectWithin20Percent('pool queue', msOnServer(route, db!.port), meanOf(timedDuring(rec, after, 'orders')), loadNow());
  }, 60_000);

  it('names a query whose value the driver inlined with the value out', async () => {
    const rec = await app!.record('/count', 2);
    expect(rec.error).toBeNull();
    const top = routeOf(rec, '/count').parts[0];
    expect(top).toMatchObject({ kind: 'socket', statement: 'SELECT COUNT(*) AS n FROM orders WHERE status = ?', from: { function: 'countOrders' }, callsPerRequest: 1 });
    expect(JSON.stringify(rec.requestTime)).not.toContain('shipped');
  }, 60_000);

  it('still names every execute in a later recording, on connections that prepared in an earlier one', async () => {
    // mysql2 prepares once per pooled connection: this recording's executes run statements prepared while another
    // collector (the first recording's, since taken out) watched. What it read stays with the socket.
    const logFrom = logLength();
    const rec = await app!.record('/orders', 2);
    expect(rec.error).toBeNull();
    expect(loggedSince(logFrom, / Prepare\tSELECT id, total FROM orders/g)).toBe(0); // nothing was prepared again
    const parts = routeOf(rec, '/orders').parts.filter((p) => p.kind === 'socket' && p.statement);
    expect(parts.length).toBeGreaterThan(0);
    expect(parts.map((p) => p.statement)).toEqual(parts.map(() => 'SELECT id, total FROM orders WHERE customer_id = ?'));
  }, 60_000);

  it('says in words what a statement prepared before Flambé attached is, and why its text is unknown, wherever it shows', async () => {
    // The same app started apart and used before anyone watched: eight requests at once open the pool's four
    // connections and prepare the statement on each (mysql2 keeps it per connection). Then Flambé attaches.
    const running = await attachRecordedApp('test/fixtures/wire/orders.cjs', { MYSQL_PORT: String(db!.port) }, async (base) => {
      await Promise.all(Array.from({ length: 8 }, () => fetch(new URL('/orders', base)).then((r) => r.text())));
    });
    try {
      const logFrom = logLength();
      const rec = await running.record('/orders', 2);
      expect(rec.error).toBeNull();
      expect(loggedSince(logFrom, / Prepare\t/g)).toBe(0); // nothing was prepared while Flambé watched
      expect(loggedSince(logFrom, / Execute\tSELECT id, total FROM orders WHERE customer_id = /g)).toBeGreaterThan(0);
      const parts = routeOf(rec, '/orders').parts.filter((p) => p.kind === 'socket' && p.statement);
      expect(parts.map((p) => p.statement)).toEqual([UNSEEN_PREPARED]);
      expect(parts[0]).toMatchObject({ from: { function: 'ordersOf', line: 15 }, via: 'mysql2' });
      const sentence = waitingSentence(rec.requestTime!);
      console.log(sentence);
      expect(sentence).toContain(`waiting on 127.0.0.1:${db!.port} (mysql/mariadb) for a prepared statement whose text Flambé could not see (its text was sent when the app prepared it, before recording began; each run sends only its id) (from ordersOf, orders.cjs:15, via mysql2)`);
      expect(sentence).toContain('launch the server from Flambé and record again');
      // The time table's row, the report's statements table.
      expect(partLabel(parts[0])).toBe(`prepared statement, text unknown (prepared before recording began) — 127.0.0.1:${db!.port} (mysql/mariadb)`);
      expect(JSON.stringify(statementBlocks(rec.requestTime))).toContain('"prepared statement, text unknown (prepared before recording began)"');
    } finally {
      await running.stop();
    }
  }, 90_000);
});
