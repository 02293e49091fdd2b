// Real PostgreSQL, MariaDB, Redis and memcached for the tests, each on a free,
// non-default port with its own data folder in /tmp, stopped (and its folder
// removed) by stop() — call it in afterAll, it also runs on a failed start.
// PostgreSQL refuses to run as root: it runs as the `postgres` user.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const PG_BIN = '/usr/lib/postgresql/15/bin';

export interface RunningDatabase {
  kind: 'postgres' | 'mariadb' | 'redis' | 'memcached';
  port: number;
  /** Where the server writes its log (PostgreSQL's statement log with log_statement=all). */
  logFile: string;
  /** MariaDB's slow query log, every statement with its own time (long_query_time=0): "# Query_time: 0.000123 …" then the statement. */
  slowLogFile?: string;
  stop(): Promise<void>;
}

/** A port nothing listens on now, never a database's usual one. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((ok, fail) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => { const p = (s.address() as net.AddressInfo).port; s.close(() => ok(p)); });
      s.on('error', fail);
    });
    if (![5432, 3306, 6379, 27017, 11211].includes(port)) return port;
  }
}

async function untilListening(port: number, child: ChildProcess, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode} before listening`);
    const ok = await new Promise<boolean>((done) => {
      const c = net.connect(port, '127.0.0.1', () => { c.destroy(); done(true); });
      c.on('error', () => done(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not listen on ${port} within ${timeoutMs} ms`);
}

function stopper(child: ChildProcess, dir: string): () => Promise<void> {
  return async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((ok) => child.once('exit', ok));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await gone;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
}

async function started(kind: RunningDatabase['kind'], port: number, child: ChildProcess, dir: string, logFile: string): Promise<RunningDatabase> {
  const stop = stopper(child, dir);
  try {
    await untilListening(port, child, kind);
  } catch (e) {
    await stop();
    throw e;
  }
  return { kind, port, logFile, stop };
}

/**
 * PostgreSQL with every statement logged (log_statement=all), trust auth for user `postgres`, database `postgres`;
 * pg_stat_statements loaded (CREATE EXTENSION to read each statement's own execution time).
 */
export async function startPostgres(): Promise<RunningDatabase> {
  const dir = mkdtempSync(path.join(tmpdir(), 'flambe-pg-'));
  const data = path.join(dir, 'data');
  execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  execFileSync('runuser', ['-u', 'postgres', '--', `${PG_BIN}/initdb`, '-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync'], { stdio: 'ignore' });
  const port = await freePort();
  const logFile = path.join(dir, 'statements.log');
  const child = spawn('runuser', ['-u', 'postgres', '--', `${PG_BIN}/postgres`, '-D', data, '-p', String(port), '-k', dir, '-h', '127.0.0.1',
    '-c', 'log_statement=all', '-c', 'shared_preload_libraries=pg_stat_statements', '-c', 'logging_collector=off', '-c', 'fsync=off', '-c', `log_line_prefix=%p `], { stdio: ['ignore', 'ignore', 'pipe'] });
  const log = createWriteStream(logFile);
  child.stderr!.pipe(log);
  const db = await started('postgres', port, child, dir, logFile);
  // It listens before it accepts sessions ("the database system is starting up"): pg_isready says when it does.
  for (const deadline = Date.now() + 30_000; spawnSync(`${PG_BIN}/pg_isready`, ['-h', '127.0.0.1', '-p', String(port)]).status !== 0;) {
    if (Date.now() > deadline) { await db.stop(); throw new Error(`PostgreSQL on ${port} did not accept sessions within 30 s`); }
    await new Promise((r) => setTimeout(r, 100));
  }
  return db;
}

/** MariaDB as root, database `test`, user root without a password over TCP; every statement in the general log and, with its own time, in the slow log. */
export async function startMariadb(): Promise<RunningDatabase> {
  const dir = mkdtempSync(path.join(tmpdir(), 'flambe-maria-'));
  const data = path.join(dir, 'data');
  execFileSync('mariadb-install-db', ['--user=root', `--datadir=${data}`, '--auth-root-authentication-method=normal', '--skip-test-db'], { stdio: 'ignore' });
  const port = await freePort();
  const logFile = path.join(dir, 'general.log');
  const slowLogFile = path.join(dir, 'slow.log');
  const child = spawn('/usr/sbin/mariadbd', ['--no-defaults', '--user=root', `--datadir=${data}`, `--port=${port}`, '--bind-address=127.0.0.1',
    `--socket=${path.join(dir, 'sock')}`, `--pid-file=${path.join(dir, 'pid')}`, '--skip-grant-tables', '--innodb-buffer-pool-size=16M',
    '--general-log=1', `--general-log-file=${logFile}`, '--skip-log-bin',
    '--slow-query-log=1', `--slow-query-log-file=${slowLogFile}`, '--long-query-time=0'], { stdio: 'ignore' });
  return { ...await started('mariadb', port, child, dir, logFile), slowLogFile };
}

/** Redis without persistence. */
export async function startRedis(): Promise<RunningDatabase> {
  const dir = mkdtempSync(path.join(tmpdir(), 'flambe-redis-'));
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' });
  return started('redis', port, child, dir, '');
}

/** memcached (text protocol; UDP off), with a folder of its own only for stop() to remove; `args` added (`-I 8m`: bigger items). */
export async function startMemcached(args: readonly string[] = []): Promise<RunningDatabase> {
  const dir = mkdtempSync(path.join(tmpdir(), 'flambe-memcached-'));
  const port = await freePort();
  // -u root: it refuses to run as root without being told which user to run as.
  const child = spawn('/usr/bin/memcached', ['-p', String(port), '-U', '0', '-l', '127.0.0.1', '-m', '64', '-u', 'root', ...args], { stdio: 'ignore' });
  return started('memcached', port, child, dir, '');
}
