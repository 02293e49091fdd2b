// What Flambé agrees to read, and the one sentence for each limit. A small
// file can describe a huge profile: a 9 KB pprof whose 40 stacks are 200 000
// frames deep builds 8 million call-tree nodes; a 400 KB gzip unpacks to a
// 400 MB array of zeros that V8 cannot hold (it aborts the whole process,
// worker or not). Each budget is checked before the memory is spent, and
// each is far above what a real recording needs.

import { formatBytes, formatCount as n } from '../number-format.ts';
const mb = formatBytes;

/**
 * Bytes of profile text (after gzip). 200 MB is 5× the largest Node profile
 * we have seen, and keeps any JSON array under V8's 134-million-element
 * limit (each element takes at least two bytes, "0,").
 */
export const MAX_PROFILE_BYTES = 200 << 20;
/** Call-tree nodes: a long recording of a large app has tens of thousands. */
export const MAX_CALL_TREE_NODES = 1_000_000;
/** Frames in one stack: V8 samples at most 255 frames; deep recursion in other tools stays in the thousands. */
export const MAX_STACK_DEPTH = 50_000;
/** Samples: an hour at V8's default 1 ms interval is 3.6 million. */
export const MAX_SAMPLES = 20_000_000;

export function tooManyBytes(what: 'unpacks' | 'is', bytes: number | null): string {
  const size = what === 'unpacks' ? `unpacks to more than ${mb(MAX_PROFILE_BYTES)}` : `is ${mb(bytes ?? 0)}`;
  return `This file ${size}; Flambé reads profiles up to ${mb(MAX_PROFILE_BYTES)}: no recording of a Node server is that large. Record a shorter span, or open a part of it.`;
}

/** `claim`: "This profile has 1 200 000", "This pprof file would build up to 8 000 000" (its frames over all samples). */
export function tooManyNodes(claim: string): string {
  return `${claim} call-tree nodes; Flambé stops at ${n(MAX_CALL_TREE_NODES)}: no recording of a Node server has that many, so the file is damaged or made to exhaust memory.`;
}

export { formatCount } from '../number-format.ts';

export function tooDeep(format: string, depth: number, sample: number): string {
  return `This ${format} has a stack ${n(depth)} frames deep (sample ${sample}); Flambé stops at ${n(MAX_STACK_DEPTH)}: V8 records at most 255 frames, so the file is damaged or made to exhaust memory.`;
}

export function tooManySamples(count: number): string {
  return `This profile has ${n(count)} samples; Flambé stops at ${n(MAX_SAMPLES)} (more than 5 hours at one sample per millisecond): open a shorter recording.`;
}
