// Where each HTTP/1.1 response ends on a keep-alive connection, and its
// status code: all a closed-loop burst needs from a response (its latency is
// timed by the caller). A full parser (autocannon's http-parser-js) was a
// third of the generator's CPU on a hello server (issue 36); this reads the
// status line and the three headers that frame a response (RFC 9112 §6:
// Transfer-Encoding chunked wins over Content-Length; neither means the body
// runs to the end of the connection; 1xx, 204, 304 and answers to HEAD have
// none) and skips bodies without looking at them.

/** A head longer than this is not HTTP we understand: the connection is dropped and the request counted an error. */
const MAX_HEAD_BYTES = 64 * 1024;

// Where the framer is in a response (plain numbers: Node strips types, it does not compile enums).
const State = { Head: 0, Length: 1, ChunkSize: 2, ChunkData: 3, Trailers: 4, UntilClose: 5 } as const;
type State = (typeof State)[keyof typeof State];

export type FramerResult = 'more' | 'error';

export class ResponseFramer {
  private state: State = State.Head;
  private pending: Buffer | null = null;
  private remaining = 0;
  private status = 0;
  private bytes = 0;
  private closeAfter = false;
  /** The request in flight was a HEAD: its response has no body whatever its headers say. */
  noBody = false;

  /** `onResponse(status, bytes, closes)`: a response ended; `closes` when the server said it closes the connection after it. */
  private readonly onResponse: (status: number, bytes: number, closes: boolean) => void;

  constructor(onResponse: (status: number, bytes: number, closes: boolean) => void) {
    this.onResponse = onResponse;
  }

  /** Feeds bytes read from the connection; 'error' when they are not an HTTP/1.1 response. */
  feed(chunk: Buffer): FramerResult {
    let buf = chunk;
    let at = 0;
    // Iterative on purpose: one chunk may hold the end of one response and the start of the next.
    while (at < buf.length) {
      if (this.state === State.Head) {
        // Bytes kept from the last read were counted then: `counted` of `head` are not new.
        let head = buf;
        let start = at;
        let counted = 0;
        if (this.pending) {
          counted = this.pending.length;
          head = Buffer.concat([this.pending, buf.subarray(at)]);
          start = 0;
          this.pending = null;
        }
        const end = indexOfBlankLine(head, start);
        if (end < 0) {
          if (head.length - start > MAX_HEAD_BYTES) return 'error';
          this.pending = Buffer.from(head.subarray(start));
          this.bytes += head.length - start - counted;
          return 'more';
        }
        this.bytes += end + 4 - start - counted;
        if (!this.readHead(head, start, end)) return 'error';
        buf = head;
        at = end + 4;
        if (this.state === State.Head) this.done(); // no body
        continue;
      }
      at = this.body(buf, at);
      if (at < 0) return 'error';
    }
    return 'more';
  }

  /** The connection ended: completes a body that runs to the end; true if a response was cut short. */
  end(): boolean {
    if (this.state === State.UntilClose) {
      this.done();
      return false;
    }
    return this.state !== State.Head || this.pending !== null;
  }

  /** Reads the status and how the body is framed from head bytes [start, end); false if this is not a response head. */
  private readHead(buf: Buffer, start: number, end: number): boolean {
    const h = scanHead(buf, start, end);
    if (!h) return false;
    this.closeAfter = h.close;
    if (h.status < 200) {
      // 100 Continue, 103 Early Hints…: the real response follows.
      this.state = State.Head;
      this.status = -1;
      return true;
    }
    this.status = h.status;
    if (this.noBody || h.status === 204 || h.status === 304) {
      this.state = State.Head;
    } else if (h.chunked) {
      this.state = State.ChunkSize;
      this.remaining = 0;
    } else if (h.contentLength >= 0) {
      this.remaining = h.contentLength;
      this.state = this.remaining > 0 ? State.Length : State.Head;
    } else {
      this.state = State.UntilClose;
    }
    return true;
  }

  /** Consumes body bytes from `at`; returns where it stopped, or -1 on a malformed chunk. */
  private body(buf: Buffer, at: number): number {
    switch (this.state) {
      case State.Length:
      case State.ChunkData: {
        const n = Math.min(this.remaining, buf.length - at);
        this.remaining -= n;
        this.bytes += n;
        at += n;
        if (this.remaining === 0) {
          if (this.state === State.Length) this.done();
          else this.state = State.ChunkSize;
        }
        return at;
      }
      case State.ChunkSize:
      case State.Trailers:
        return this.line(buf, at);
      default: // UntilClose
        this.bytes += buf.length - at;
        return buf.length;
    }
  }

  /** A chunk-size line or a trailer line (lines are short: kept in `pending` across reads). */
  private line(buf: Buffer, at: number): number {
    let from = buf;
    let start = at;
    let counted = 0;
    if (this.pending) {
      counted = this.pending.length;
      from = Buffer.concat([this.pending, buf.subarray(at)]);
      start = 0;
      this.pending = null;
    }
    const eol = from.indexOf('\r\n', start);
    if (eol < 0) {
      if (from.length - start > 4096) return -1;
      this.pending = Buffer.from(from.subarray(start));
      this.bytes += buf.length - at;
      return buf.length;
    }
    // How much of `buf` the line used (the part kept from the last read was counted then).
    const consumedOfBuf = eol + 2 - start - counted;
    this.bytes += consumedOfBuf;
    const text = from.toString('latin1', start, eol);
    if (this.state === State.Trailers) {
      if (text === '') this.done();
      return at + consumedOfBuf;
    }
    if (text === '') return at + consumedOfBuf; // the CRLF after a chunk's data
    const size = parseInt(text, 16);
    if (!/^[0-9a-fA-F]+/.test(text) || !Number.isFinite(size)) return -1;
    if (size === 0) this.state = State.Trailers;
    else {
      this.state = State.ChunkData;
      this.remaining = size;
    }
    return at + consumedOfBuf;
  }

  /** Forgets a response cut short (the connection is starting over). */
  reset(): void {
    this.state = State.Head;
    this.pending = null;
    this.bytes = 0;
    this.status = 0;
    this.closeAfter = false;
  }

  private done(): void {
    const status = this.status;
    const closes = this.closeAfter;
    this.state = State.Head;
    this.pending = null;
    if (status < 0) return; // an interim 1xx: wait for the real response
    const bytes = this.bytes;
    this.bytes = 0;
    this.status = 0;
    this.onResponse(status, bytes, closes);
  }
}

const CR = 13;
const LF = 10;

/** Where the head ends (its CRLFCRLF), or -1: a byte loop, cheaper than Buffer#indexOf's native call for a 100-byte head. */
function indexOfBlankLine(b: Buffer, from: number): number {
  for (let i = from; i + 3 < b.length; i++) {
    if (b[i] === CR && b[i + 1] === LF && b[i + 2] === CR && b[i + 3] === LF) return i;
  }
  return -1;
}

const HTTP1 = 'HTTP/1.';

interface Head { status: number; contentLength: number; chunked: boolean; close: boolean }

/** True if the header line at `at` is named `lowerName` (ASCII, any case), followed by ':'. */
function isHeader(b: Buffer, at: number, lineEnd: number, lowerName: string): boolean {
  const n = lowerName.length;
  if (lineEnd - at <= n || b[at + n] !== 0x3a) return false;
  for (let i = 0; i < n; i++) if ((b[at + i] | 0x20) !== lowerName.charCodeAt(i)) return false;
  return true;
}

/**
 * The status line and the framing headers of a response head, read from its
 * bytes (no string per response): Content-Length, Transfer-Encoding (chunked
 * when it is the last coding, RFC 9112 §6.1) and Connection: close. null if
 * this is not an HTTP/1.x status line.
 */
export function scanHead(b: Buffer, start: number, end: number): Head | null {
  if (end - start < 12 || b[start + 8] !== 0x20) return null;
  for (let i = 0; i < 7; i++) if (b[start + i] !== HTTP1.charCodeAt(i)) return null;
  const d = (i: number) => b[start + i] - 48;
  const status = d(9) * 100 + d(10) * 10 + d(11);
  if (!(d(9) >= 1 && d(9) <= 9 && d(10) >= 0 && d(10) <= 9 && d(11) >= 0 && d(11) <= 9)) return null;
  const head: Head = { status, contentLength: -1, chunked: false, close: b[start + 7] === 0x30 /* HTTP/1.0 */ };
  let line = start;
  while (line < end) {
    let eol = line;
    while (eol < end && b[eol] !== CR) eol++;
    if (isHeader(b, line, eol, 'content-length')) head.contentLength = digitsAfter(b, line + 15, eol);
    else if (isHeader(b, line, eol, 'transfer-encoding')) head.chunked = /chunked\s*$/i.test(b.toString('latin1', line + 18, eol));
    else if (isHeader(b, line, eol, 'connection')) head.close = /^\s*close/i.test(b.toString('latin1', line + 11, eol));
    line = eol + 2;
  }
  return head;
}

/** The decimal number after optional spaces in [from, to), or -1. */
function digitsAfter(b: Buffer, from: number, to: number): number {
  let i = from;
  while (i < to && (b[i] === 0x20 || b[i] === 0x09)) i++;
  let n = -1;
  for (; i < to && b[i] >= 48 && b[i] <= 57; i++) n = (n < 0 ? 0 : n * 10) + b[i] - 48;
  return n;
}
