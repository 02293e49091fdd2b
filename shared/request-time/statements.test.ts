// A statement the wire readers could not read (prepared before Flambé
// watched) is said in words wherever a statement shows: the sentence, the
// time table's label, the report's table and the compare line.
import { describe, expect, it } from 'vitest';
import type { RequestTimePart } from '../recording/request-time.ts';
import { createWireReader } from './wire-protocols.ts';
import { partLabel, waitingSentence } from './sentence.ts';
import { statementAdvice, statementInText, statementLabel, UNSEEN_PREPARED } from './statements.ts';

const socket = (statement: string, more: Partial<RequestTimePart> = {}): RequestTimePart => ({
  kind: 'socket', target: '127.0.0.1:3307 (mysql/mariadb)', msPerRequest: 90, share: 0.9, callsPerRequest: 1, from: { function: 'ordersOf', url: 'file:///srv/orders.cjs', line: 15 },
  statement, server: 'mysql', via: 'mysql2', ...more,
});

describe('a prepared statement whose text was never read', () => {
  it('is what the reader says for an execute of an id it never saw prepared', () => {
    const reader = createWireReader();
    const st = reader.state();
    // COM_STMT_EXECUTE (0x17) of statement id 7, on a connection whose prepare Flambé never saw.
    const execute = new Uint8Array([10, 0, 0, 0, 0x17, 7, 0, 0, 0, 0, 1, 0, 0, 0]);
    expect(reader.written(st, execute)).toEqual([{ server: 'mysql', text: UNSEEN_PREPARED }]);
  });

  it('says what it is and why its text is unknown, in the sentence, the label and the advice', () => {
    const p = socket(UNSEEN_PREPARED);
    const sentence = waitingSentence({ requests: 10, perRequestMs: { p50: 100, mean: 100 }, serverMs: { p50: 100, p99: 100, mean: 100 }, parts: [p, { ...socket(''), kind: 'cpu', target: '', statement: undefined, msPerRequest: 10, share: 0.1, callsPerRequest: 0, from: null }], byRoute: [], dropped: 0 })!;
    expect(sentence).toContain('waiting on 127.0.0.1:3307 (mysql/mariadb) for a prepared statement whose text Flambé could not see (its text was sent when the app prepared it, before recording began; each run sends only its id) (from ordersOf, orders.cjs:15, via mysql2)');
    expect(sentence).toContain('launch the server from Flambé and record again to see which statement this is');
    expect(sentence).not.toContain('`prepared statement`');
    expect(partLabel(p)).toBe('prepared statement, text unknown (prepared before recording began) — 127.0.0.1:3307 (mysql/mariadb)');
  });

  it('keeps PostgreSQL’s name for it (the app’s, not data)', () => {
    expect(statementLabel(`${UNSEEN_PREPARED} by-id`)).toBe('prepared statement "by-id", text unknown (prepared before recording began)');
    expect(statementInText(`${UNSEEN_PREPARED} by-id`)).toMatch(/^a prepared statement \("by-id"\) whose text Flambé could not see/);
  });

  it('leaves a statement that was read as it is', () => {
    expect(statementLabel('SELECT 1')).toBe('SELECT 1');
    expect(statementInText('SELECT id FROM t WHERE a = ?')).toBe('`SELECT id FROM t WHERE a = ?`');
    expect(statementAdvice('SELECT id FROM t WHERE a = ?', 'mysql', false)).toContain('an index on the column it filters by (a)');
  });
});

describe('the way out of an N+1, as SQL that runs', () => {
  it('says MySQL\'s list and PostgreSQL\'s array (an unseen mysql2 shop read `WHERE order_id = IN (?)`: a syntax error)', () => {
    expect(statementAdvice('SELECT id, sku FROM items WHERE order_id = ?', 'mysql', true)).toBe('Fetch them in one query (`WHERE order_id IN (?)`) or run them together.');
    expect(statementAdvice('SELECT id FROM products WHERE id = $1', 'postgres', true)).toBe('Fetch them in one query (`WHERE id = ANY($1)`) or run them together.');
  });
});
