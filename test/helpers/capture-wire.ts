// Captures the bytes real drivers write to real servers, for the wire-protocol
// readers' tests (shared/request-time/test-support/wire-captures/): a TCP proxy
// between the driver and the server keeps what the client sent, chunk by chunk.
// Run: npx node test/helpers/capture-wire.ts pg|maria|redis|ioredis > file.json
// The planted value 's3cr3t-plant' is bound as a parameter or stored as a value:
// the tests check it never comes out of the readers.
import net from 'node:net';
import { startPostgres, startMariadb, startRedis } from './databases.ts';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
/** A TCP proxy to `port` that keeps each chunk the client sent; `p` is its own port. */
function proxy(port: number, chunks: Buffer[]): Promise<{ p: number; close: () => void }> {
  return new Promise((ok) => {
    const s = net.createServer((c) => { const u = net.connect(port, '127.0.0.1'); c.on('data', (d) => { chunks.push(Buffer.from(d)); u.write(d); }); u.pipe(c); c.on('close', () => u.destroy()); u.on('close', () => c.destroy()); });
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
console.log(JSON.stringify(chunks.map((c) => c.toString('hex'))));
