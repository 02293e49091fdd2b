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

/** "127.0.0.1:5432" → "127.0.0.1:5432 (postgres)"; other ports as they are. */
export function socketName(address: string): string {
  const kind = WELL_KNOWN_PORTS[Number(address.slice(address.lastIndexOf(':') + 1))];
  return kind ? `${address} (${kind})` : address;
}

/** "fetchQuote, quotes.js:17" — the file's last segment, as the verdict names places. */
export function placeText(p: CodePlace): string {
  const file = p.url.slice(p.url.lastIndexOf('/') + 1) || p.url;
  return `${p.function}, ${file}:${p.line}`;
}
