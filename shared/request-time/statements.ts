// What one database or cache call asked, in words, from the statements the
// collector read off the wire for it (shared/request-time/wire-protocols.ts):
// one statement as it is; several sent before the first answer (a pipeline,
// a batch) as one call that names them.

/** The most distinct statements a pipeline's name lists. */
const LISTED = 3;

/** ["GET cart:?", "GET cart:?", "HGETALL user:?"] → "pipeline of 3: GET cart:? ×2, HGETALL user:?"; null when none were read. */
export function callStatement(statements: readonly string[]): string | null {
  if (statements.length === 0) return null;
  if (statements.length === 1) return statements[0];
  const counts = new Map<string, number>();
  for (const s of statements) counts.set(s, (counts.get(s) ?? 0) + 1);
  const listed = [...counts].slice(0, LISTED).map(([s, n]) => (n > 1 ? `${s} ×${n}` : s));
  return `pipeline of ${statements.length}: ${listed.join(', ')}${counts.size > LISTED ? ', …' : ''}`;
}

/**
 * What the wire readers say for a statement run by its id whose text they never read (wire-protocols.ts: "prepared
 * statement", PostgreSQL's with the app's name for it after a space): the app prepared it before Flambé watched.
 */
export const UNSEEN_PREPARED = 'prepared statement';
/** Is this what a reader says for a statement whose text it never read? */
export const unseenPrepared = (statement: string) => statement === UNSEEN_PREPARED || statement.startsWith(`${UNSEEN_PREPARED} `);
const preparedName = (statement: string) => statement.slice(UNSEEN_PREPARED.length + 1);
const WHY_UNSEEN = 'its text was sent when the app prepared it, before recording began; each run sends only its id';

/** A statement as a table shows it: its text, or what a prepared statement whose text was never read is. */
export function statementLabel(statement: string): string {
  if (!unseenPrepared(statement)) return statement;
  const name = preparedName(statement);
  return `prepared statement${name ? ` "${name}"` : ''}, text unknown (prepared before recording began)`;
}

/** A statement in a sentence: its text as code, or in words what a prepared statement whose text was never read is. */
export function statementInText(statement: string): string {
  if (!unseenPrepared(statement)) return `\`${statement}\``;
  const name = preparedName(statement);
  return `a prepared statement${name ? ` ("${name}")` : ''} whose text Flambé could not see (${WHY_UNSEEN})`;
}

/** What one call of this server is called in a sentence: "queries", "commands". */
export function callNoun(server: string | undefined, n: number): string {
  const one = server === 'postgres' || server === 'mysql' ? 'query' : server === 'redis' || server === 'memcached' || server === 'mongodb' ? 'command' : 'call';
  return n === 1 ? one : one === 'query' ? 'queries' : `${one}s`;
}

/**
 * Advice that fits the statement a request waits on most: an N+1 → one query for all; KEYS → SCAN or a set;
 * a slow single statement on a WHERE column → an index.
 */
export function statementAdvice(statement: string, server: string | undefined, repeated: boolean): string {
  const sql = server === 'postgres' || server === 'mysql';
  if (unseenPrepared(statement)) {
    return `${repeated ? 'Fetch them in one query, or run them together. ' : ''}Flambé reads a statement's text when the app prepares it: launch the server from Flambé and record again to see which statement this is.`;
  }
  if (repeated) {
    if (sql && /\bWHERE\b.*?(\w+) = (\$\d+|\?)/i.test(statement)) {
      const col = /\bWHERE\b.*?(\w+) = (?:\$\d+|\?)/i.exec(statement)![1];
      // PostgreSQL takes the ids as one array parameter; MySQL's IN takes a list (`= IN (?)` is a syntax error).
      return `Fetch them in one query (\`WHERE ${col} ${server === 'postgres' ? '= ANY($1)' : 'IN (?)'}\`) or run them together.`;
    }
    if (server === 'redis') return 'Send them in one command (MGET, HMGET) or one pipeline.';
    if (server === 'memcached') return 'Fetch them in one `get` with several keys (`get key1 key2 …`), or run them together.';
    return 'Fetch them in one call, or run them together.';
  }
  if (server === 'redis' && /^KEYS\b/.test(statement)) return 'KEYS walks every key in the database and blocks the server: iterate with SCAN, or keep the keys in a set.';
  if (sql && /\bWHERE\b/i.test(statement)) {
    const col = /\bWHERE\b\s+(?:\w+\.)?(\w+)\s*(?:=|<|>|IN\b|LIKE\b)/i.exec(statement)?.[1];
    return `If that statement reads the whole table, an index on the column it filters by${col ? ` (${col})` : ''} makes it fast (EXPLAIN says); else cache its answer.`;
  }
  return 'Make that query faster, cache its answer, or send it alongside other work.';
}
