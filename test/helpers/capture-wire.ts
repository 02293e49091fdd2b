// Captures the bytes real drivers write to real servers, for the wire-protocol
// readers' tests (shared/request-time/test-support/wire-captures/): a TCP proxy
// between the driver and the server keeps what the client sent, chunk by chunk.
// Run: npx node test/helpers/capture-wire.ts pg|maria|redis|ioredis|mongodb|memcached > file.json
// MongoDB's server is not to be had here (not a Debian package: its licence keeps it out of Debian), so the real
// `mongodb` driver writes to a stand-in that answers just enough of the protocol (mongoStandIn below) — the bytes are
// the driver's own, never hand-typed.
// The planted value 's3cr3t-plant' is bound as a parameter or stored as a value:
// the tests check it never comes out of the readers.
import net from 'node:net';
import { startPostgres, startMariadb, startRedis, startMemcached } from './databases.ts';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
/** A TCP proxy to `port` that keeps each chunk the client sent; `p` is its own port. */
function proxy(port: number, chunks: Buffer[]): Promise<{ p: number; close: () => void }> {
  return new Promise((ok) => {
    const s = net.createServer((c) => { const u = net.connect(port, '127.0.0.1'); c.on('data', (d) => { chunks.push(Buffer.from(d)); u.write(d); }); u.pipe(c); c.on('close', () => u.destroy()); u.on('close', () => c.destroy()); });
    s.listen(0, '127.0.0.1', () => ok({ p: (s.address() as net.AddressInfo).port, close: () => s.close() }));
  });
}
/**
 * A stand-in for mongod: answers the driver's handshake (OP_QUERY hello, as a driver sends it before it knows the
 * server) with OP_REPLY and every OP_MSG command with `ok: 1` (an empty cursor for find and aggregate), serialised
 * by the driver's own BSON library. Keeps what each connection sent; `conns` in connection order.
 */
function mongoStandIn(conns: Buffer[][]): Promise<{ p: number; close: () => void }> {
  const BSON = require('bson');
  const header = (length: number, responseTo: number, opCode: number) => { const h = Buffer.alloc(16); h.writeInt32LE(length, 0); h.writeInt32LE(1, 4); h.writeInt32LE(responseTo, 8); h.writeInt32LE(opCode, 12); return h; };
  const hello = () => ({ ismaster: true, isWritablePrimary: true, helloOk: true, maxWireVersion: 21, minWireVersion: 0, maxBsonObjectSize: 16777216,
    maxMessageSizeBytes: 48000000, maxWriteBatchSize: 100000, localTime: new Date(), logicalSessionTimeoutMinutes: 30, connectionId: 1, ok: 1 });
  const answer = (cmd: Record<string, unknown>) => {
    const name = Object.keys(cmd)[0];
    if (name === 'hello' || name === 'isMaster' || name === 'ismaster') return hello();
    if (name === 'find' || name === 'aggregate') return { cursor: { id: BSON.Long.fromNumber(0), ns: `${String(cmd.$db)}.${String(cmd[name])}`, firstBatch: [] }, ok: 1 };
    if (name === 'insert' || name === 'update' || name === 'delete') return { n: 1, ok: 1 };
    return { ok: 1 };
  };
  const reply = (msg: Buffer): Buffer => {
    const requestId = msg.readInt32LE(4);
    if (msg.readInt32LE(12) === 2004) { // OP_QUERY: flags, collection name, skip, return, then the command
      const docAt = msg.indexOf(0, 20) + 9;
      const body = BSON.serialize(answer(BSON.deserialize(msg.subarray(docAt, docAt + msg.readInt32LE(docAt)))));
      const fixed = Buffer.alloc(20); fixed.writeInt32LE(1, 16);
      return Buffer.concat([header(16 + 20 + body.length, requestId, 1), fixed, body]);
    }
    const body = BSON.serialize(answer(BSON.deserialize(msg.subarray(21, 21 + msg.readInt32LE(21)))));
    return Buffer.concat([header(16 + 5 + body.length, requestId, 2013), Buffer.alloc(5), body]);
  };
  return new Promise((ok) => {
    const s = net.createServer((c) => {
      const sent: Buffer[] = [];
      conns.push(sent);
      let pending = Buffer.alloc(0);
      c.on('data', (d) => {
        sent.push(Buffer.from(d));
        pending = Buffer.concat([pending, d]);
        while (pending.length >= 4 && pending.length >= pending.readInt32LE(0)) {
          const msg = pending.subarray(0, pending.readInt32LE(0));
          pending = pending.subarray(msg.length);
          if (msg.readInt32LE(12) === 2004 || (msg.readInt32LE(16) & 2) === 0) c.write(reply(msg)); // moreToCome: no answer
        }
      });
      c.on('error', () => undefined);
    });
    s.listen(0, '127.0.0.1', () => ok({ p: (s.address() as net.AddressInfo).port, close: () => s.close() }));
  });
}
const which = process.argv[2];
const chunks: Buffer[] = [];
if (which === 'pg') {
  const db = await startPostgres();
  try {
    const px = await proxy(db.port, chunks);
    const { Pool } = require('pg');
    const pool = new Pool({ host: '127.0.0.1', port: px.p, user: 'postgres', database: 'postgres', max: 1 });
    await pool.query('CREATE TABLE invoices (id serial primary key, account_id int, note text)');
    await pool.query("INSERT INTO invoices (account_id, note) VALUES (1, 'x'), (2, 'y')");
    const o = {}; Error.captureStackTrace(o);
    await pool.query('SELECT * FROM invoices   WHERE account_id = $1', [2]);
    await pool.query({ name: 'by-id', text: 'SELECT note FROM invoices WHERE id = $1', values: [1] });
    await pool.query({ name: 'by-id', text: 'SELECT note FROM invoices WHERE id = $1', values: ['s3cr3t-plant'] }).catch(() => 0);
    await pool.end(); px.close();
  } finally { await db.stop(); }
}
if (which === 'maria') {
  const db = await startMariadb();
  try {
    const px = await proxy(db.port, chunks);
    const mysql = require('mysql2/promise');
    const c = await mysql.createConnection({ host: '127.0.0.1', port: px.p, user: 'root' });
    await c.query('CREATE DATABASE shop'); await c.query('USE shop');
    await c.query('CREATE TABLE products (id int primary key, name text)');
    await c.query("INSERT INTO products VALUES (1, 'a'), (2, 'b')");
    await c.query('SELECT * FROM products WHERE id = ?', [2]);
    await c.execute('SELECT name FROM products WHERE id = ?', [1]);
    await c.execute('SELECT name FROM products WHERE id = ?', ['s3cr3t-plant']);
    await c.end(); px.close();
  } finally { await db.stop(); }
}
if (which === 'redis' || which === 'ioredis') {
  const db = await startRedis();
  try {
    const px = await proxy(db.port, chunks);
    if (which === 'redis') {
      const { createClient } = require('redis');
      const c = createClient({ url: `redis://127.0.0.1:${px.p}` }); await c.connect();
      await c.set('cart:1234', 's3cr3t-plant'); await c.get('cart:1234'); await c.keys('cart:*');
      await c.multi().incr('hits:42').get('cart:1234').exec();
      await Promise.all([c.get('a:1'), c.get('a:2')]);
      await c.quit();
    } else {
      const Redis = require('ioredis');
      const c = new Redis(px.p, '127.0.0.1'); 
      await c.set('cart:1234', 's3cr3t-plant'); await c.keys('cart:*');
      await c.pipeline().get('cart:1').get('cart:2').hgetall('user:9f8e7d6c-1111-2222-3333-444455556666').exec();
      await c.multi().incr('hits:42').exec();
      await c.quit();
    }
    px.close();
  } finally { await db.stop(); }
}
if (which === 'memcached') {
  const db = await startMemcached();
  try {
    const px = await proxy(db.port, chunks);
    const { MemcacheClient } = require('memcache-client');
    const c = new MemcacheClient({ server: `127.0.0.1:${px.p}` });
    await c.version();
    await c.set('session:9f8e7d6c', 's3cr3t-plant');
    await c.get('session:9f8e7d6c');
    await c.get(['user:1', 'user:2', 'user:3']);
    // A value with the protocol's own line end inside: skipped by its length, never read as a command.
    await c.set('page:home', 'a\r\nget s3cr3t-plant\r\n'.repeat(100));
    const got = await c.gets('page:home');
    await c.cas('page:home', 'b', { casUniq: got.casUniq });
    await c.add('lock:42', 1);
    await c.replace('lock:42', 2);
    await c.set('log:7', 'first');
    await c.append('log:7', 'more');
    await c.set('hits:7', '1');
    await c.incr('hits:7', 5);
    await c.decr('hits:7', 2);
    await c.touch('hits:7', 100);
    await c.delete('lock:42');
    // Fire and forget (the server answers nothing), then a get whose answer is the next the socket reads.
    await c.set('seen:7', 's3cr3t-plant', { noreply: true });
    await c.touch('seen:7', 100, { noreply: true });
    await c.get('seen:7');
    c.shutdown(); px.close();
  } finally { await db.stop(); }
}
if (which === 'mongodb') {
  const conns: Buffer[][] = [];
  const standIn = await mongoStandIn(conns);
  const { MongoClient } = require('mongodb');
  // One connection for the app's commands (maxPoolSize 1) beside the driver's monitor; no retries, no compression.
  const client = new MongoClient(`mongodb://127.0.0.1:${standIn.p}/?directConnection=true&maxPoolSize=1&retryWrites=false&retryReads=false`);
  await client.connect();
  const orders = client.db('shop').collection('orders');
  await orders.insertOne({ customerId: 7, note: 's3cr3t-plant' });
  await orders.find({ customerId: 7 }).toArray();
  await orders.findOne({ note: 's3cr3t-plant' });
  await orders.aggregate([{ $match: { customerId: 7 } }, { $group: { _id: '$status', n: { $sum: 1 } } }]).toArray();
  await orders.updateOne({ customerId: 7 }, { $set: { note: 's3cr3t-plant' } });
  await client.db('shop').collection('users').countDocuments({ email: 's3cr3t-plant' });
  await client.close();
  standIn.close();
  // The app's connection: the one that carried a find (the monitor only says hello).
  chunks.push(...(conns.find((c) => Buffer.concat(c).includes('find')) ?? []));
}
console.log(JSON.stringify(chunks.map((c) => c.toString('hex'))));
