// The wire-protocol readers on bytes real drivers wrote to real servers
// (test/helpers/capture-wire.ts made the captures): each write's statements,
// literals out, the planted secret never out — whole, split across writes at
// every byte, and several captures' writes joined into one.
import { describe, expect, it } from 'vitest';
import maria from './test-support/wire-captures/maria.json?raw';
import pg from './test-support/wire-captures/pg.json?raw';
import redis from './test-support/wire-captures/redis.json?raw';
import ioredis from './test-support/wire-captures/ioredis.json?raw';
import mongodb from './test-support/wire-captures/mongodb.json?raw';
import memcached from './test-support/wire-captures/memcached.json?raw';
import { createWireReader, type WireCommand } from './wire-protocols.ts';

const CAPTURES: Record<string, string> = { maria, pg, redis, ioredis, mongodb, memcached };
const fromHex = (hex: string) => new Uint8Array((hex.match(/../g) ?? []).map((h) => parseInt(h, 16)));
const capture = (name: string): Uint8Array[] => (JSON.parse(CAPTURES[name]) as string[]).map(fromHex);
const latin1 = (bytes: readonly Uint8Array[]) => bytes.map((b) => String.fromCharCode(...b)).join('');
const joined = (bytes: readonly Uint8Array[]) => { const out = new Uint8Array(bytes.reduce((n, b) => n + b.length, 0)); let at = 0; for (const b of bytes) { out.set(b, at); at += b.length; } return out; };

const reader = createWireReader();
const texts = (cs: WireCommand[]) => cs.map((c) => `${c.server}: ${c.text}`);

/** Every command the writes start, fed as they were written. */
function decode(writes: Uint8Array[], answers: Map<number, Uint8Array> = new Map()): string[] {
  const st = reader.state();
  const out: string[] = [];
  writes.forEach((w, i) => {
    out.push(...texts(reader.written(st, w)));
    const a = answers.get(i);
    if (a) reader.read(st, a);
  });
  return out;
}

/** The same bytes cut at `at` into two writes, for every write. */
function splitEach(writes: Uint8Array[], at: (w: Uint8Array) => number): Uint8Array[] {
  return writes.flatMap((w) => { const k = Math.min(w.length, at(w)); return k > 0 && k < w.length ? [w.subarray(0, k), w.subarray(k)] : [w]; });
}

const SECRET = 's3cr3t-plant';

describe('PostgreSQL (pg)', () => {
  const writes = capture('pg');
  it('names each query once however many messages carry it, literals out', () => {
    expect(decode(writes)).toEqual([
      'postgres: CREATE TABLE invoices (id serial primary key, account_id int, note text)',
      'postgres: INSERT INTO invoices (account_id, note) VALUES (?, ?), (?, ?)',
      'postgres: SELECT * FROM invoices WHERE account_id = $1',
      'postgres: SELECT note FROM invoices WHERE id = $1',
      // The second run of a named statement is a Bind alone: named from its Parse.
      'postgres: SELECT note FROM invoices WHERE id = $1',
    ]);
  });
  it('reads the same when a message is cut between writes (after its header)', () => {
    expect(decode(splitEach(writes, () => 9))).toEqual(decode(writes));
    expect(decode(splitEach(writes, (w) => w.length - 3))).toEqual(decode(writes));
  });
  it('never gives out a bound value', () => {
    expect(JSON.stringify(decode(writes))).not.toContain(SECRET);
    expect(latin1(writes)).toContain(SECRET); // it was on the wire
  });
  it('recognises a connection already open (no startup message seen)', () => {
    expect(decode(writes.slice(3))[0]).toBe('postgres: SELECT * FROM invoices WHERE account_id = $1');
  });
});

describe('MySQL/MariaDB (mysql2)', () => {
  const writes = capture('maria');
  // The server's answer to the COM_STMT_PREPARE (write 6): OK, statement id 1.
  const prepareOk = new Uint8Array([12, 0, 0, 1, 0, 1, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0]);
  it('names COM_QUERY, the prepare and each execute of a prepared statement', () => {
    expect(decode(writes, new Map([[6, prepareOk]]))).toEqual([
      'mysql: CREATE DATABASE shop',
      'mysql: USE shop',
      'mysql: CREATE TABLE products (id int primary key, name text)',
      'mysql: INSERT INTO products VALUES (?, ?), (?, ?)',
      'mysql: SELECT * FROM products WHERE id = ?',
      'mysql: SELECT name FROM products WHERE id = ?',
      'mysql: SELECT name FROM products WHERE id = ?',
      'mysql: SELECT name FROM products WHERE id = ?',
    ]);
  });
  it('says "prepared statement" when it never saw the prepare', () => {
    expect(decode(writes.slice(7))).toEqual(['mysql: prepared statement', 'mysql: prepared statement']);
  });
  it('never gives out a bound value', () => {
    expect(JSON.stringify(decode(writes, new Map([[6, prepareOk]])))).not.toContain(SECRET);
    expect(latin1(writes)).toContain(SECRET);
  });
});

describe('Redis (redis, ioredis)', () => {
  it('names each command with its key pattern, MULTI…EXEC as one, never a value', () => {
    const cmds = decode(capture('redis'));
    expect(cmds.slice(4)).toEqual([
      'redis: SET cart:?', 'redis: GET cart:?', 'redis: KEYS cart:*', 'redis: MULTI (INCR hits:?, GET cart:?) EXEC', 'redis: GET a:?', 'redis: GET a:?', 'redis: QUIT',
    ]);
    expect(cmds[0]).toBe('redis: HELLO'); // its arguments can hold a password
    expect(JSON.stringify(cmds)).not.toContain(SECRET);
  });
  it('reads ioredis’s pipeline as its commands', () => {
    const cmds = decode(capture('ioredis'));
    expect(cmds).toContain('redis: KEYS cart:*');
    expect(cmds.filter((c) => c === 'redis: GET cart:?')).toHaveLength(2);
    expect(cmds).toContain('redis: HGETALL user:?');
    expect(cmds).toContain('redis: MULTI (INCR hits:?) EXEC');
    expect(JSON.stringify(cmds)).not.toContain(SECRET);
  });
  it('reads the same when cut anywhere in a value, and when writes come joined', () => {
    const writes = capture('ioredis');
    const whole = decode(writes);
    for (const at of [20, 30, 41, 45]) expect(decode(splitEach(writes, () => at))).toEqual(whole);
    expect(decode([joined(writes)])).toEqual(whole);
  });
});

// MongoDB's server is not to be had here (not a Debian package), so these are the bytes the real `mongodb` driver
// (7.x) wrote to a stand-in that answers its handshake and commands (test/helpers/capture-wire.ts): the driver's own
// bytes, never hand-typed, on one connection of the app's (the monitor's hellos left out).
describe('MongoDB (mongodb driver, OP_MSG)', () => {
  const writes = capture('mongodb');
  it('names each command with its collection, the handshake (OP_QUERY hello) passed over, never a value', () => {
    const cmds = decode(writes);
    expect(cmds).toEqual([
      'mongodb: insert orders', 'mongodb: find orders', 'mongodb: find orders', 'mongodb: aggregate orders', 'mongodb: update orders',
      // countDocuments is an aggregate on the wire.
      'mongodb: aggregate users',
    ]);
    expect(JSON.stringify(cmds)).not.toContain(SECRET);
    expect(latin1(writes)).toContain(SECRET); // it was on the wire
    // The handshake alone says MongoDB (the server kind is known from the connection's first write) and asks nothing.
    const st = reader.state();
    expect(reader.written(st, writes[0])).toEqual([]);
    expect(st.proto).toBe('mongodb');
  });
  it('recognises a connection already open (no handshake seen), and writes that come joined', () => {
    expect(decode(writes.slice(2))).toEqual(decode(writes).slice(1));
    expect(decode([joined(writes)])).toEqual(decode(writes));
  });
});

// memcache-client (text protocol) to a real memcached: a 2 kB value (twice what a reader reads of a message) holding "\r\nget s3cr3t-plant\r\n" again and
// again, which only its length tells from commands.
describe('memcached (memcache-client, text protocol)', () => {
  const writes = capture('memcached');
  it('names each command with its key pattern, several keys as the first one’s and "…", never a value', () => {
    const cmds = decode(writes);
    expect(cmds).toEqual([
      'memcached: version', 'memcached: set session:?', 'memcached: get session:?', 'memcached: get user:? …', 'memcached: set page:home',
      'memcached: gets page:home', 'memcached: cas page:home', 'memcached: add lock:?', 'memcached: replace lock:?', 'memcached: set log:?',
      'memcached: append log:?', 'memcached: set hits:?', 'memcached: incr hits:?', 'memcached: decr hits:?', 'memcached: touch hits:?', 'memcached: delete lock:?',
      'memcached: set seen:?', 'memcached: touch seen:?', 'memcached: get seen:?',
    ]);
    expect(JSON.stringify(cmds)).not.toContain(SECRET);
    expect(latin1(writes)).toContain(SECRET); // it was on the wire
  });
  it('marks what the server never answers (noreply, a quiet meta mutation): nothing waits for it', () => {
    // The client's last two writes: "set seen:7 … noreply" with its value, then "touch seen:7 100 noreply" and a get in one.
    const st = reader.state();
    const out = writes.flatMap((w) => reader.written(st, w));
    expect(out.slice(-3)).toEqual([
      { server: 'memcached', text: 'set seen:?', noreply: true }, { server: 'memcached', text: 'touch seen:?', noreply: true }, { server: 'memcached', text: 'get seen:?' },
    ]);
    expect(out.slice(0, -3).some((c) => c.noreply)).toBe(false);
    const meta = (line: string) => reader.written(reader.state(), new TextEncoder().encode(line));
    expect(meta('ms cart:9 2 T60 q\r\nhi\r\nmn\r\n')).toEqual([{ server: 'memcached', text: 'ms cart:?', noreply: true }, { server: 'memcached', text: 'mn' }]);
    expect(meta('mg cart:9 v q\r\n')).toEqual([{ server: 'memcached', text: 'mg cart:?' }]); // a hit is answered, a miss not: read as answered
  });
  it('recognises a connection already open, and writes that come joined', () => {
    expect(decode(writes.slice(2))).toEqual(decode(writes).slice(2));
    expect(decode([joined(writes)])).toEqual(decode(writes));
  });
});

describe('any cut', () => {
  it.each(['pg', 'maria', 'redis', 'ioredis', 'mongodb', 'memcached'])('%s: the same commands whichever byte each write is cut at', (name) => {
    const writes = capture(name);
    const whole = decode(writes);
    const longest = Math.max(...writes.map((w) => w.length));
    // Past the startup message (it is recognised whole, as drivers write it).
    for (let at = 9; at < longest; at++) expect(decode([writes[0], ...splitEach(writes.slice(1), () => at)]), `cut at ${at}`).toEqual(whole);
  });
});

describe('statements', () => {
  it('replaces literals, collapses whitespace and lists, cuts long text', () => {
    expect(reader.sql("SELECT  *\n FROM t WHERE a = 'it''s' AND b IN (1, 2, 3) -- note\n AND c = E'x' AND d = 1.5e3", false))
      .toBe('SELECT * FROM t WHERE a = ? AND b IN (?, …) AND c = ? AND d = ?');
    expect(reader.sql('SELECT "name" FROM t1 WHERE x = "secret" AND y = 0x1F', true)).toBe('SELECT ? FROM t1 WHERE x = ? AND y = ?');
    expect(reader.sql('SELECT $tag$ secret $tag$, col2 FROM t', false)).toBe('SELECT ?, col2 FROM t');
    // A literal cut by the read limit is still hidden.
    expect(reader.sql("INSERT INTO t VALUES ('secret that goes on", false)).toBe('INSERT INTO t VALUES (?');
    expect(reader.sql(`SELECT ${'a, '.repeat(200)}b FROM t`, false).length).toBeLessThanOrEqual(200);
  });
  it('reads a statement written again (kept once read) the same as the first time, each text its own', () => {
    const texts = ['SELECT id FROM products WHERE id = $1', 'SELECT id FROM customers WHERE id = $1', 'SELECT  id\n FROM products WHERE id = $1', 'SELECT id FROM t WHERE a = 5 AND b = ?'];
    const first = texts.map((t) => reader.sql(t, false));
    expect(first).toEqual(['SELECT id FROM products WHERE id = $1', 'SELECT id FROM customers WHERE id = $1', 'SELECT id FROM products WHERE id = $1', 'SELECT id FROM t WHERE a = ? AND b = ?']);
    for (let i = 0; i < 3; i++) expect(texts.map((t) => reader.sql(t, i % 2 === 0))).toEqual(first);
  });
  it('keeps key patterns, replaces ids and data', () => {
    expect(reader.key('cart:1234')).toBe('cart:?');
    expect(reader.key('session:bob@example.com:prefs')).toBe('session:?:prefs');
    expect(reader.key('cart:*')).toBe('cart:*');
  });
});

describe('what it cannot read', () => {
  it('says TLS when the first write is a TLS hello, and reads nothing from it', () => {
    const st = reader.state();
    expect(reader.written(st, new Uint8Array([0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00]))).toEqual([]);
    expect(st.proto).toBe('tls');
  });
  it('gives up on a protocol it does not know after a few writes', () => {
    const st = reader.state();
    for (let i = 0; i < 3; i++) reader.written(st, new TextEncoder().encode('row 1\n'));
    expect(st.proto).toBe('unknown');
  });
});
