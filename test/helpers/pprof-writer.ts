// A minimal pprof (profile.proto) writer for tests that need hostile pprof
// files built in the test: stacks as lists of function names, leaf last.
import { gzipSync } from 'node:zlib';

function varint(out: number[], v: number): void {
  while (v > 0x7f) {
    out.push((v & 0x7f) | 0x80);
    v = Math.floor(v / 128);
  }
  out.push(v);
}

/** A 64-bit varint from a bigint (pprof values are int64). */
function varint64(out: number[], v: bigint): void {
  let x = BigInt.asUintN(64, v);
  while (x > 0x7fn) {
    out.push(Number(x & 0x7fn) | 0x80);
    x >>= 7n;
  }
  out.push(Number(x));
}

function field(out: Buffer[], no: number, body: Uint8Array): void {
  const head: number[] = [];
  varint(head, (no << 3) | 2);
  varint(head, body.length);
  out.push(Buffer.from(head), Buffer.from(body.buffer, body.byteOffset, body.byteLength));
}

function ints(...pairs: [number, number][]): Uint8Array {
  const out: number[] = [];
  for (const [no, v] of pairs) {
    varint(out, no << 3);
    varint(out, v);
  }
  return Uint8Array.from(out);
}

export interface PprofSample {
  /** Function names, outermost first. */
  stack: string[];
  /** Nanoseconds of CPU (an int64: a bigint for values past 2^53). */
  value: number | bigint;
}

/** profile.proto bytes: one cpu/nanoseconds sample type; a function and a location per distinct name. */
export function writePprof(samples: PprofSample[], opts: { gzip?: boolean } = {}): Uint8Array {
  const strings = ['', 'cpu', 'nanoseconds', 'app.js'];
  const fnOf = new Map<string, number>();
  for (const s of samples) {
    for (const name of s.stack) {
      if (!fnOf.has(name)) {
        fnOf.set(name, fnOf.size + 1);
        strings.push(name);
      }
    }
  }
  const out: Buffer[] = [];
  field(out, 1, ints([1, 1], [2, 2]));
  for (const s of samples) {
    const body: Buffer[] = [];
    const ids: number[] = [];
    for (let k = s.stack.length - 1; k >= 0; k--) varint(ids, fnOf.get(s.stack[k])!); // leaf first
    field(body, 1, Uint8Array.from(ids));
    const values: number[] = [];
    varint64(values, BigInt(s.value));
    field(body, 2, Uint8Array.from(values));
    field(out, 2, Buffer.concat(body));
  }
  for (const [, id] of fnOf) {
    const loc: Buffer[] = [Buffer.from(ints([1, id]))];
    field(loc, 4, ints([1, id], [2, 1]));
    field(out, 4, Buffer.concat(loc));
    field(out, 5, ints([1, id], [2, 3 + id], [4, 3]));
  }
  for (const str of strings) field(out, 6, Buffer.from(str));
  const bytes = new Uint8Array(Buffer.concat(out));
  return opts.gzip ? gzipSync(bytes, { level: 9 }) : bytes;
}
