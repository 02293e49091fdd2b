// Reads what an app asks a database or cache from the bytes its driver writes
// to a socket — any driver, any port: PostgreSQL (simple and extended query),
// MySQL/MariaDB (COM_QUERY, prepared statements), Redis (RESP commands,
// pipelines, MULTI/EXEC), MongoDB (OP_MSG: command and collection) and
// memcached (text). The protocol is recognised from the bytes themselves, not
// the port. Each statement comes out with its literals replaced ("… WHERE id
// = ?"): bound values and literals are data, never kept.
//
// The request collector (electron/services/request-time/request-collector.ts)
// runs this inside the target: createWireReader is written to be carried as
// source (`String(createWireReader)`) — it closes over nothing and imports
// nothing. It looks only at message headers and the first bytes of a
// statement, skipping the rest by the lengths the protocol gives: a big insert
// costs no more than a small one, and nothing is buffered beyond a header cut
// between two writes.
//
// Specs: https://www.postgresql.org/docs/current/protocol-message-formats.html,
// https://mariadb.com/kb/en/clientserver-protocol/, https://redis.io/docs/latest/develop/reference/protocol-spec/,
// https://www.mongodb.com/docs/manual/reference/mongodb-wire-protocol/, memcached's protocol.txt.

/**
 * What one write asked for: the server kind ('postgres', 'mysql', 'redis', 'mongodb', 'memcached') and the statement,
 * literals replaced. `noreply`: the server sends no answer to it (memcached's `noreply`, a quiet meta mutation), so
 * nothing waits for it: the next read on the socket answers another command.
 */
export interface WireCommand { server: string; text: string; noreply?: true }

/** Per socket: what has been learned of its protocol so far. */
export interface WireState {
  proto: string;
  skip: number;
  carry: Uint8Array | null;
  names: Map<string, string>;
  [more: string]: unknown;
}

export interface WireReader {
  /** A fresh state for a socket (protocol not yet known). */
  state(): WireState;
  /** The commands a write starts (none for a write that continues one, e.g. PostgreSQL's Bind/Execute/Sync after Parse). */
  written(st: WireState, bytes: Uint8Array): WireCommand[];
  /** Bytes the server sent: read only to learn a MySQL prepared statement's id. */
  read(st: WireState, bytes: Uint8Array): void;
  /** "SELECT * FROM t WHERE a = 'x' AND b = 2" → "SELECT * FROM t WHERE a = ? AND b = ?" (whitespace collapsed, cut). */
  sql(text: string, doubleQuotedIsString: boolean): string;
  /** "cart:1234" → "cart:?": segments holding ids or data replaced. */
  key(text: string): string;
}

/** Self-contained: carried into the target as source. Uses nothing outside its own body. */
export function createWireReader(): WireReader {
  const MAX_TEXT = 200;
  const MAX_READ = 1024;
  const MAX_NAMES = 500;
  const utf8 = new TextDecoder('utf-8', { fatal: false });
  const text = (b: Uint8Array, from: number, to: number) => utf8.decode(b.subarray(from, Math.min(to, from + MAX_READ, b.length)));
  const u32be = (b: Uint8Array, i: number) => ((b[i] << 24) >>> 0) + (b[i + 1] << 16) + (b[i + 2] << 8) + b[i + 3];
  const u32le = (b: Uint8Array, i: number) => b[i] + (b[i + 1] << 8) + (b[i + 2] << 16) + ((b[i + 3] << 24) >>> 0);
  const cstringEnd = (b: Uint8Array, from: number, to: number) => { for (let i = from; i < to; i++) if (b[i] === 0) return i; return -1; };
  const cut = (s: string) => (s.length > MAX_TEXT ? s.slice(0, MAX_TEXT - 1).trimEnd() + '…' : s);

  // Literals out: strings (an unterminated one, cut by MAX_READ, to its end), numbers, comments; `IN (?, ?, ?)` as one list.
  const normalizeSql = (s: string, dq: boolean): string => {
    let out = '';
    let i = 0;
    while (i < s.length) {
      const c = s[i];
      const next = s[i + 1];
      if (c === '-' && next === '-') { const nl = s.indexOf('\n', i); i = nl < 0 ? s.length : nl; out += ' '; continue; }
      if (c === '/' && next === '*') { const e = s.indexOf('*/', i + 2); i = e < 0 ? s.length : e + 2; out += ' '; continue; }
      if (c === '\'' || (dq && c === '"')) {
        let j = i + 1;
        while (j < s.length) { if (s[j] === '\\' && dq) j += 2; else if (s[j] === c && s[j + 1] === c) j += 2; else if (s[j] === c) break; else j++; }
        out += '?';
        i = j + 1;
        continue;
      }
      if (c === '$' && (next === '$' || /[A-Za-z_]/.test(next ?? ''))) {
        const tagEnd = s.indexOf('$', i + 1);
        const tag = tagEnd > 0 ? s.slice(i, tagEnd + 1) : '';
        if (tag && /^\$[A-Za-z_0-9]*\$$/.test(tag)) { const e = s.indexOf(tag, tagEnd + 1); out += '?'; i = e < 0 ? s.length : e + tag.length; continue; }
      }
      if (/[0-9]/.test(c) && !/[A-Za-z0-9_$.]/.test(s[i - 1] ?? ' ')) {
        let j = i;
        while (j < s.length && /[0-9a-fA-FxX.eE_]/.test(s[j])) j++;
        out += '?';
        i = j;
        continue;
      }
      if (/[A-Za-z_]/.test(c) && /[A-Za-z0-9_$]/.test(s[i - 1] ?? ' ') === false) {
        let j = i;
        while (j < s.length && /[A-Za-z0-9_$]/.test(s[j])) j++;
        const word = s.slice(i, j);
        // E'…', X'…', B'…', N'…': the prefix is part of the literal.
        if (word.length === 1 && s[j] === '\'' && /[EeXxBbNn]/.test(word)) { i = j; continue; }
        out += word;
        i = j;
        continue;
      }
      out += c;
      i++;
    }
    const spaced = out.replace(/\s+/g, ' ').trim().replace(/ ?, ?/g, ', ').replace(/\( /g, '(').replace(/ \)/g, ')');
    return cut(spaced.replace(/\b(IN) \(\?(?:, \?)+\)/gi, '$1 (?, …)'));
  };
  // A driver writes the same statement text again and again (a parameterized query, each request): its normal form
  // is kept, but only when it held no literal (a text with values in it is never kept, even in the target).
  const normalized = new Map<string, string>();
  const marks = (x: string) => x.split('?').length; // a literal replaced adds a `?`; a list of them folded removes some
  const sql = (s: string, dq: boolean): string => {
    const known = normalized.get(s);
    if (known !== undefined) return known;
    const out = normalizeSql(s, dq);
    // No quote in it: how double quotes are read (dq) made no difference, and the text alone is the key.
    if (marks(out) === marks(s) && !/['"`]|--|\/\*/.test(s)) {
      if (normalized.size >= MAX_NAMES) normalized.clear();
      normalized.set(s, out);
    }
    return out;
  };

  const key = (k: string): string => cut(k.split(':').map((seg) => (/[0-9@]/.test(seg) || seg.length > 24 ? (seg.includes('*') ? seg.replace(/[^*]+/g, '?') : '?') : seg)).join(':'));

  // ---- PostgreSQL: [type][int32 length incl. itself][body]; the startup message has no type byte.
  const PG_TYPES = 'QPBDESCHFdcfp';
  const pgLooks = (b: Uint8Array, i: number) => i + 5 <= b.length && PG_TYPES.includes(String.fromCharCode(b[i])) && u32be(b, i + 1) >= 4 && u32be(b, i + 1) < 1 << 30;
  const pgStartup = (b: Uint8Array) => b.length >= 8 && b[0] === 0 && [196608, 80877103, 80877104].includes(u32be(b, 4));
  const pg = (st: WireState, b: Uint8Array, out: WireCommand[]) => {
    let i = 0;
    while (i < b.length) {
      if (st.skip > 0) { const n = Math.min(st.skip, b.length - i); st.skip -= n; i += n; continue; }
      if (i + 5 > b.length) { st.carry = b.slice(i); return; } // a header cut between writes
      const type = String.fromCharCode(b[i]);
      const len = u32be(b, i + 1);
      const end = i + 1 + len;
      if (end > b.length && b.length - i < MAX_READ) { st.carry = b.slice(i); return; } // cut between writes: read it whole with the next
      const bodyEnd = Math.min(end, b.length);
      if (type === 'Q') out.push({ server: 'postgres', text: sql(text(b, i + 5, bodyEnd - 1), false) });
      else if (type === 'P') {
        const nameEnd = cstringEnd(b, i + 5, bodyEnd);
        const name = nameEnd > 0 ? text(b, i + 5, nameEnd) : '';
        const textEnd = cstringEnd(b, nameEnd + 1, bodyEnd);
        const statement = sql(text(b, nameEnd + 1, textEnd < 0 ? bodyEnd : textEnd), false);
        if (name) { if (st.names.size >= MAX_NAMES) st.names.clear(); st.names.set(name, statement); }
        out.push({ server: 'postgres', text: statement });
        st.parsed = true;
      } else if (type === 'B') {
        // A Bind right after its Parse is that query; alone it runs a statement prepared earlier (by its name).
        if (!st.parsed) {
          const portalEnd = cstringEnd(b, i + 5, bodyEnd);
          const nameEnd = portalEnd < 0 ? -1 : cstringEnd(b, portalEnd + 1, bodyEnd);
          const name = nameEnd > 0 ? text(b, portalEnd + 1, nameEnd) : '';
          out.push({ server: 'postgres', text: st.names.get(name) ?? (name ? `prepared statement ${name.slice(0, 40)}` : 'prepared statement') });
        }
      } else if (type === 'S') st.parsed = false;
      i = bodyEnd;
      st.skip = end - bodyEnd;
    }
  };

  // An execute of a statement whose prepare was never read says 'prepared statement' (UNSEEN_PREPARED in statements.ts,
  // which puts it in words: prepared before recording began); PostgreSQL's with the app's name for it after a space.

  // ---- MySQL/MariaDB: [3-byte length][sequence][command][body]; a command starts with sequence 0.
  const MY_COMMANDS = [0x01, 0x02, 0x03, 0x0e, 0x16, 0x17, 0x19, 0x1a, 0x1f];
  const myLooks = (b: Uint8Array) => b.length >= 5 && b[3] === 0 && MY_COMMANDS.includes(b[4]) && b[0] + (b[1] << 8) + (b[2] << 16) + 4 >= b.length - 0;
  const myHandshake = (b: Uint8Array) => b.length > 36 && b[3] === 1 && b[0] + (b[1] << 8) + (b[2] << 16) + 4 === b.length && (u32le(b, 4) & 0x200) !== 0;
  const my = (st: WireState, b: Uint8Array, out: WireCommand[]) => {
    let i = 0;
    while (i < b.length) {
      if (st.skip > 0) { const n = Math.min(st.skip, b.length - i); st.skip -= n; i += n; continue; }
      if (i + 5 > b.length) { st.carry = b.slice(i); return; }
      const len = b[i] + (b[i + 1] << 8) + (b[i + 2] << 16);
      const end = i + 4 + len;
      if (end > b.length && b.length - i < MAX_READ) { st.carry = b.slice(i); return; }
      const bodyEnd = Math.min(end, b.length);
      if (b[i + 3] === 0) {
        const cmd = b[i + 4];
        st.preparing = undefined;
        if (cmd === 0x03 || cmd === 0x16) {
          const statement = sql(text(b, i + 5, bodyEnd), true);
          out.push({ server: 'mysql', text: statement });
          if (cmd === 0x16) st.preparing = statement;
        } else if (cmd === 0x17 && i + 9 <= bodyEnd) {
          const id = String(u32le(b, i + 5));
          out.push({ server: 'mysql', text: st.names.get(id) ?? 'prepared statement' });
        } else if (cmd === 0x02) out.push({ server: 'mysql', text: 'USE ?' });
        else if (cmd === 0x0e) out.push({ server: 'mysql', text: 'PING' });
      }
      i = bodyEnd;
      st.skip = end - bodyEnd;
    }
  };
  // COM_STMT_PREPARE's answer: [len 12][seq 1][0x00][statement id, 4 bytes LE]…, or an error [seq 1][0xFF]. Other reads
  // before it (a new connection's login OK, when the driver sent the prepare without waiting for it) are passed over.
  const myRead = (st: WireState, b: Uint8Array) => {
    if (typeof st.preparing !== 'string' || b.length < 5 || b[3] !== 1) return;
    if (b[4] === 0x00 && b.length >= 9 && b[0] === 12 && b[1] === 0 && b[2] === 0) { if (st.names.size >= MAX_NAMES) st.names.clear(); st.names.set(String(u32le(b, 5)), st.preparing); }
    if (b[4] === 0x00 || b[4] === 0xff) st.preparing = undefined;
  };

  // ---- Redis (RESP): "*N\r\n" then N × "$len\r\n<bytes>\r\n". Name and key only; values are skipped by length.
  const NO_KEY = new Set(['AUTH', 'HELLO', 'PING', 'ECHO', 'SELECT', 'INFO', 'MULTI', 'EXEC', 'DISCARD', 'QUIT', 'FLUSHALL', 'FLUSHDB', 'DBSIZE',
    'TIME', 'EVAL', 'EVALSHA', 'EVAL_RO', 'EVALSHA_RO', 'FCALL', 'FCALL_RO', 'SCAN', 'SWAPDB', 'WAIT', 'SAVE', 'BGSAVE', 'LASTSAVE', 'ROLE', 'READONLY', 'RESET', 'MONITOR', 'UNWATCH']);
  const SUBCOMMAND = new Set(['CLIENT', 'CONFIG', 'CLUSTER', 'SCRIPT', 'COMMAND', 'MEMORY', 'OBJECT', 'XINFO', 'XGROUP', 'FUNCTION', 'ACL', 'LATENCY', 'SLOWLOG', 'MODULE', 'DEBUG', 'PUBSUB']);
  const redisText = (parts: string[]) => {
    const name = (parts[0] ?? '').toUpperCase().replace(/[^A-Z_.|-]/g, '').slice(0, 40) || '?';
    if (parts.length < 2 || NO_KEY.has(name)) return name;
    if (SUBCOMMAND.has(name)) return /^[A-Za-z-]{1,20}$/.test(parts[1]) ? `${name} ${parts[1].toUpperCase()}` : name;
    return `${name} ${key(parts[1])}`;
  };
  const redisLine = (b: Uint8Array, i: number) => { for (let j = i; j + 1 < b.length && j < i + 24; j++) if (b[j] === 13 && b[j + 1] === 10) return j; return -1; };
  const redisCommand = (st: WireState, parts: string[], out: WireCommand[]) => {
    const t = redisText(parts);
    const multi = st.multi as string[] | undefined;
    if (t === 'MULTI') { st.multi = []; return; }
    if (multi && t === 'EXEC') { st.multi = undefined; out.push({ server: 'redis', text: cut(`MULTI (${[...new Set(multi)].slice(0, 4).join(', ')}${new Set(multi).size > 4 ? ', …' : ''}) EXEC`) }); return; }
    if (multi && t === 'DISCARD') { st.multi = undefined; return; }
    if (multi) { if (multi.length < 100) multi.push(t); return; }
    out.push({ server: 'redis', text: t });
  };
  const redis = (st: WireState, b: Uint8Array, out: WireCommand[]) => {
    let i = 0;
    const parts = (st.parts ??= []) as string[];
    while (i < b.length) {
      if (st.skip > 0) { const n = Math.min(st.skip, b.length - i); st.skip -= n; i += n; if (st.skip === 0 && st.left === 0 && st.done) { st.done = false; redisCommand(st, parts.slice(), out); } continue; }
      if (st.done) { st.done = false; redisCommand(st, parts.slice(), out); }
      const eol = redisLine(b, i);
      if (eol < 0) { if (b.length - i < 24) st.carry = b.slice(i); return; } // a header cut between writes
      const n = Number(text(b, i + 1, eol));
      if (b[i] === 42 /* * */) { st.left = n; parts.length = 0; i = eol + 2; if (n <= 0) st.left = 0; continue; }
      if (b[i] !== 36 /* $ */ || !((st.left as number) > 0) || !(n >= 0)) return; // not RESP after all: stop reading this write
      const from = eol + 2;
      const keep = parts.length < 2 ? Math.min(n, 120) : 0;
      if (from + keep > b.length) { st.carry = b.slice(i); return; } // a name or key cut between writes: read it whole with the next
      parts.push(text(b, from, from + keep));
      st.skip = n + 2;
      i = from;
      st.left = (st.left as number) - 1;
      // The command is complete once its last value is passed (it may end in a later write).
      if (st.left === 0) st.done = true;
    }
  };
  const redisLooks = (b: Uint8Array) => b.length >= 6 && b[0] === 42 && b[1] >= 49 && b[1] <= 57 && redisLine(b, 0) > 0 && b[redisLine(b, 0) + 2] === 36;

  // ---- MongoDB OP_MSG: [int32 length][requestId][responseTo][opCode 2013][flags][kind 0][BSON: first key is the command, its value the collection].
  // A driver's first message on a connection is its handshake as OP_QUERY (2004: it does not know the server's version
  // yet): recognised, and passed over like the handshake and authentication commands — no statement of the app's.
  const MONGO_HANDSHAKE = ['hello', 'isMaster', 'ismaster', 'saslStart', 'saslContinue', 'authenticate', 'getnonce'];
  const mongoLooks = (b: Uint8Array) => b.length >= 21 && (u32le(b, 12) === 2013 || u32le(b, 12) === 2004) && u32le(b, 0) >= 21;
  const mongo = (st: WireState, b: Uint8Array, out: WireCommand[]) => {
    let i = 0;
    while (i < b.length) {
      if (st.skip > 0) { const n = Math.min(st.skip, b.length - i); st.skip -= n; i += n; continue; }
      if (i + 26 > b.length) { st.carry = b.slice(i); return; }
      const len = u32le(b, i);
      if (i + len > b.length && b.length - i < MAX_READ) { st.carry = b.slice(i); return; }
      if (u32le(b, i + 12) === 2013 && b[i + 20] === 0) {
        const type = b[i + 25];
        const nameEnd = cstringEnd(b, i + 26, Math.min(b.length, i + 26 + 64));
        if (nameEnd > 0) {
          const command = text(b, i + 26, nameEnd);
          const coll = type === 2 && nameEnd + 5 < b.length ? text(b, nameEnd + 5, Math.max(nameEnd + 5, cstringEnd(b, nameEnd + 5, Math.min(b.length, nameEnd + 5 + 120)))) : '';
          if (!MONGO_HANDSHAKE.includes(command)) out.push({ server: 'mongodb', text: cut(coll && !/[\0]/.test(coll) ? `${command} ${key(coll)}` : command) });
        }
      }
      const bodyEnd = Math.min(i + len, b.length);
      st.skip = i + len - bodyEnd;
      i = bodyEnd;
    }
  };

  // ---- memcached text: "<command> <key>* …\r\n", one line; storage commands (and the meta "ms") carry their data after
  // it, "<bytes>" long, skipped by that length (a value may hold "\r\n get …": it is never read as a command).
  // get/gets take several keys ("get user:1 user:2": named by the first key's pattern and "…"), gat/gats an expiry first.
  const MC_KEYED = ['get', 'gets', 'gat', 'gats', 'set', 'add', 'replace', 'append', 'prepend', 'cas', 'delete', 'incr', 'decr', 'touch', 'mg', 'ms', 'md', 'ma'];
  const MC_BARE = ['version', 'stats', 'flush_all', 'verbosity', 'quit', 'mn'];
  const MC_DATA: Record<string, number> = { set: 4, add: 4, replace: 4, append: 4, prepend: 4, cas: 4, ms: 2 };
  const MC_LINE = 300; // a key is at most 250 bytes
  const mcFirstWord = (b: Uint8Array, i: number) => { let j = i; while (j < b.length && j < i + 10 && b[j] > 32) j++; return text(b, i, j); };
  const mcLooks = (b: Uint8Array) => { const w = mcFirstWord(b, 0); const nl = b.indexOf(10); return (MC_KEYED.includes(w) || MC_BARE.includes(w)) && nl > 0 && nl < MC_LINE; };
  const mcText = (words: string[]) => {
    const cmd = words[0];
    if (MC_BARE.includes(cmd)) return cmd;
    const keys = words.slice(cmd === 'gat' || cmd === 'gats' ? 2 : 1, cmd.startsWith('get') || cmd.startsWith('gat') ? undefined : 2).filter((k) => k);
    return keys.length === 0 ? cmd : `${cmd} ${key(keys[0])}${keys.length > 1 ? ' …' : ''}`;
  };
  // No answer comes: a text command ending in "noreply"; a meta mutation (ms, md, ma) with the q flag answers only a
  // failure. (A quiet meta get answers a hit and not a miss: it cannot be told, so it is read as answered.)
  const mcQuiet = (words: string[]) => words[words.length - 1] === 'noreply' || (['ms', 'md', 'ma'].includes(words[0]) && words.slice(2).includes('q'));
  const mc = (st: WireState, b: Uint8Array, out: WireCommand[]) => {
    let i = 0;
    while (i < b.length) {
      if (st.skip > 0) { const n = Math.min(st.skip, b.length - i); st.skip -= n; i += n; continue; }
      const nl = b.indexOf(10, i);
      if (nl < 0 || nl - i > MC_LINE) { if (nl < 0 && b.length - i < MC_LINE) st.carry = b.slice(i); return; } // a line cut between writes
      const words = text(b, i, nl).trim().split(/ +/);
      const cmd = words[0];
      if (!MC_KEYED.includes(cmd) && !MC_BARE.includes(cmd)) return; // not a command: stop reading this write
      out.push(mcQuiet(words) ? { server: 'memcached', text: mcText(words), noreply: true } : { server: 'memcached', text: mcText(words) });
      i = nl + 1;
      if (MC_DATA[cmd] !== undefined) st.skip = Number(words[MC_DATA[cmd]]) + 2 || 0;
    }
  };

  const readers: Record<string, (st: WireState, b: Uint8Array, out: WireCommand[]) => void> = { postgres: pg, mysql: my, redis, mongodb: mongo, memcached: mc };
  /** The protocol from a write's first bytes; '' when not (yet) known. A TLS ClientHello says: encrypted, nothing to read. */
  const recognise = (st: WireState, b: Uint8Array): string => {
    if (b[0] === 0x16 && b[1] === 3) return 'tls';
    if (pgStartup(b)) { st.skip = u32be(b, 0); return u32be(b, 4) === 196608 ? 'postgres' : 'postgres-tls?'; }
    if (myHandshake(b)) { st.skip = b.length; return 'mysql'; }
    if (redisLooks(b)) return 'redis';
    if (mongoLooks(b)) return 'mongodb';
    if (pgLooks(b, 0) && u32be(b, 1) + 1 <= b.length + (1 << 20) && (b[0] === 81 || b[0] === 80 || b[0] === 66)) return 'postgres';
    if (myLooks(b)) return 'mysql';
    if (mcLooks(b)) return 'memcached';
    return '';
  };

  return {
    state: () => ({ proto: '', skip: 0, carry: null, names: new Map() }),
    written(st, bytes) {
      const out: WireCommand[] = [];
      if (bytes.length === 0 || st.proto === 'tls' || st.proto === 'unknown') return out;
      // What a write cut short is read with the head of the next one (never more than ~1 kB of it copied).
      while (st.carry && bytes.length) {
        const head = bytes.subarray(0, Math.min(bytes.length, MAX_READ + 64));
        const joined = new Uint8Array(st.carry.length + head.length);
        joined.set(st.carry);
        joined.set(head, st.carry.length);
        st.carry = null;
        readers[st.proto]?.(st, joined, out);
        bytes = bytes.subarray(head.length);
      }
      if (bytes.length === 0) return out;
      if (!st.proto || st.proto === 'postgres-tls?') {
        const was = st.proto;
        st.proto = recognise(st, bytes);
        // PostgreSQL's SSLRequest: encrypted from here on when the next write is a TLS hello.
        if (was === 'postgres-tls?' && !st.proto) st.proto = 'postgres';
        if (st.skip > 0) { const n = Math.min(st.skip, bytes.length); st.skip -= n; bytes = bytes.subarray(n); }
        if (!st.proto) { st.seen = ((st.seen as number) ?? 0) + 1; if ((st.seen as number) >= 3) st.proto = 'unknown'; return out; }
      }
      const reader = readers[st.proto];
      if (reader) reader(st, bytes, out);
      return out;
    },
    read(st, bytes) { if (st.proto === 'mysql') myRead(st, bytes); },
    sql,
    key,
  };
}
