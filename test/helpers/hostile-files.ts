// Small files that describe huge profiles, built in the test (issue 20).
import { gzipSync } from 'node:zlib';
import { writePprof } from './pprof-writer.ts';

/** The 9 KB pprof: 40 samples whose stacks are 200 000 frames deep (8 million call-tree nodes once built). */
export function deepPprof(samples = 40, depth = 200_000): Uint8Array {
  return writePprof(Array.from({ length: samples }, (_, s) => ({ stack: [`main${s}`, ...Array<string>(depth - 1).fill('f')], value: 10_000_000 })), { gzip: true });
}

/** A pprof of 25 stacks 45 000 frames deep, each under its own root function: 1 125 000 call-tree nodes. */
export function widePprof(): Uint8Array {
  return deepPprof(25, 45_000);
}

/**
 * The 400 KB gzip: a JSON array of zeros that unpacks to `mb` MB. Built from
 * concatenated gzip members (gunzip reads them as one stream), so the test
 * never holds the unpacked text.
 */
export function zerosBomb(mb = 400): Uint8Array {
  const chunk = gzipSync(Buffer.alloc(1 << 20, '0,'), { level: 9 });
  return new Uint8Array(Buffer.concat([gzipSync('['), ...Array<Buffer>(mb).fill(chunk), gzipSync('0]')]));
}
