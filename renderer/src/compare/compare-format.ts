// Numbers and words of the Compare screen (pure, tested): signed changes,
// how sure, and the diff flamegraph's tooltip.
import { ofCpuWords, signed, signedPercent } from '../../../shared/compare/words.ts';
import type { DiffFlameNode } from '../../../shared/profile/views/diff-flame.ts';
import type { DiffFlame } from './compute.ts';
import { formatBytes, formatReadable, groupThousands } from '../../../shared/number-format.ts';

export { signed, signedPercent, surenessOf, surenessWords, type Sureness } from '../../../shared/compare/words.ts';

/** CPU ms per 1000 requests, with sensible digits. */
export function msPer1k(x: number | null): string {
  if (x === null) return '—';
  return formatReadable(x);
}

/** A node's numbers in the chart's unit, for A and B, whichever shape is shown. */
export function nodeNumbers(flame: DiffFlame, shape: 'a' | 'b', n: DiffFlameNode): { a: number; b: number } {
  const k = flame.unit === 'per1k' ? 1000 : flame.unit === 'bytes' ? 1 : 100;
  const v = (ms: number) => (flame.denominator > 0 ? (ms / flame.denominator) * k : 0);
  // The shape's side is "after" in the tree; the other side is "before", rescaled to it.
  return shape === 'b' ? { a: v(n.beforeTotalMs), b: v(n.afterTotalMs) } : { a: v(n.afterTotalMs), b: v(n.beforeTotalMs) };
}

export function flameTooltip(flame: DiffFlame, shape: 'a' | 'b', n: DiffFlameNode): string {
  if (flame.unit === 'bytes') return allocationTooltip(flame, shape, n);
  const { a, b } = nodeNumbers(flame, shape, n);
  // The tables' unit: ms of CPU from the OS clock, or sampled time where a side has none (compute.ts).
  const unit = flame.unit === 'per1k' ? ` ms ${ofCpuWords(flame)} per 1 000 requests` : '% of its own time';
  const fmt = (x: number) => (flame.unit === 'per1k' ? msPer1k(x) : groupThousands(x, 1));
  const rel = a > 0 ? ` (${signedPercent((b / a - 1) * 100)})` : b > 0 ? ' (new in B)' : '';
  const where = n.location ? `\n${n.location}` : '';
  // The tree's "new" means only in the shape's side ("after"), "gone" only in the other.
  const [only, other] = shape === 'b' ? ['B', 'A'] : ['A', 'B'];
  const status = n.status === 'new' ? ` — only in ${only}` : n.status === 'gone' ? ` — only in ${other}` : '';
  return `${n.name}${status}${where}\nA: ${fmt(a)}${unit}\nB: ${fmt(b)}${unit}\nChange: ${flame.unit === 'per1k' ? signed(b - a, 2) : signed(b - a)}${flame.unit === 'per1k' ? ' ms' : ' points'}${rel}`;
}

/** "+1.9 MB", "−16 kB", "0 bytes": a change of bytes, signed as signed() signs the screen's other changes. */
export function signedBytes(x: number): string {
  return `${x > 0 ? '+' : x < 0 ? '−' : ''}${formatBytes(Math.abs(x))}`;
}

/** The allocation flame's tooltip: bytes allocated per request in A and B (the frame and what it calls), and the change. */
function allocationTooltip(flame: DiffFlame, shape: 'a' | 'b', n: DiffFlameNode): string {
  const { a, b } = nodeNumbers(flame, shape, n);
  const rel = a > 0 ? ` (${signedPercent((b / a - 1) * 100)})` : b > 0 ? ' (new in B)' : '';
  const where = n.location ? `\n${n.location}` : '';
  const [only, other] = shape === 'b' ? ['B', 'A'] : ['A', 'B'];
  const status = n.status === 'new' ? ` — only in ${only}` : n.status === 'gone' ? ` — only in ${other}` : '';
  return `${n.name}${status}${where}\nA: ${formatBytes(a)} allocated per request\nB: ${formatBytes(b)} allocated per request\nChange: ${signedBytes(b - a)}${rel}`;
}
