// Where a wait was started, from the stack the collector captured, and what a
// socket's well-known port says it is.
import type { CodePlace } from '../recording/request-time.ts';

const FRAME = /^(?:async )?(?:(.*?) \()?((?:[a-z]+:\/\/\/?)?[^()]+?):(\d+):(\d+)\)?$/;

/** The first frame of the user's own code ("fetchQuote (file:///srv/quotes.js:17:9)"), skipping node_modules; null when there is none. */
export function placeOfStack(frames: readonly string[]): CodePlace | null {
  const parsed = frames.map((f) => FRAME.exec(f)).filter((m): m is RegExpExecArray => m !== null);
  const own = parsed.filter((m) => !m[2].includes('/node_modules/'));
  const first = own[0] ?? parsed[0];
  if (!first) return null;
  // An arrow function has no name: the next named frame in the same file says whose it is.
  const named = [first, ...own.slice(1).filter((m) => m[2] === first[2])].find((m) => m[1] && !m[1].endsWith('<anonymous>'));
  const fn = (named?.[1] ?? first[1] ?? '(anonymous)').replace(/^(Server|Object|Socket|Timeout)\.</, '<');
  return { function: fn, url: first[2], line: Number(first[3]) };
}

const WELL_KNOWN_PORTS: Record<number, string> = {
  5432: 'postgres', 3306: 'mysql', 6379: 'redis', 27017: 'mongodb', 11211: 'memcached', 9200: 'elasticsearch',
  5672: 'rabbitmq', 9092: 'kafka', 1433: 'sql server', 1521: 'oracle', 9042: 'cassandra', 4222: 'nats', 2181: 'zookeeper',
};

/** How a server whose protocol the collector read is named ("mysql" covers MariaDB: the same protocol). */
const SERVER_NAMES: Record<string, string> = { postgres: 'postgres', mysql: 'mysql/mariadb', redis: 'redis', mongodb: 'mongodb', memcached: 'memcached', tls: 'encrypted, TLS' };

/**
 * "127.0.0.1:6390" → "127.0.0.1:6390 (redis)": the server its bytes said it is (`server`, from the collector's
 * wire reading), else what its well-known port says, else the address as it is.
 */
export function socketName(address: string, server?: string): string {
  const kind = (server && SERVER_NAMES[server]) || WELL_KNOWN_PORTS[Number(address.slice(address.lastIndexOf(':') + 1))];
  return kind ? `${address} (${kind})` : address;
}

/** The library that wrote to the socket: the package of the innermost frame in node_modules ("pg", "@redis/client"); null when none. */
export function libraryOfStack(frames: readonly string[]): string | null {
  for (const f of frames) {
    const m = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(f.slice(f.lastIndexOf('node_modules/') - 1));
    if (m) return m[1];
  }
  return null;
}

/** "fetchQuote, quotes.js:17" — the file's last segment, as the verdict names places. */
export function placeText(p: CodePlace): string {
  const file = p.url.slice(p.url.lastIndexOf('/') + 1) || p.url;
  return `${p.function}, ${file}:${p.line}`;
}
