// "Where did the time go", in the words of the flamegraph legend: the
// user's own code, dependencies from node_modules, Node's own JavaScript
// (node:…) and native/V8 frames (no script: builtins, GC, idle, program).
import type { Frame } from '../../../shared/profile/model.ts';

export type FrameClass = 'app' | 'dependency' | 'node' | 'native' | 'folded';

export const FRAME_CLASSES: { key: FrameClass; label: string }[] = [
  { key: 'app', label: 'Your code' },
  { key: 'dependency', label: 'node_modules' },
  { key: 'node', label: 'Node internals (node:)' },
  { key: 'native', label: 'Native / V8' },
  { key: 'folded', label: 'Small frames, grouped' },
];

export function classifyFrame(frame: Pick<Frame, 'kind' | 'url'>): FrameClass {
  if (frame.kind !== 'js') return 'native';
  const url = frame.url;
  if (url.startsWith('node:') || url.startsWith('internal/')) return 'node';
  if (/[\\/]node_modules[\\/]/.test(url)) return 'dependency';
  return 'app';
}

// Hue, saturation and a lightness range per class; the name picks a
// lightness inside the range so neighbouring frames stay distinguishable.
const PALETTE: Record<FrameClass, [number, number, number, number]> = {
  app: [24, 90, 62, 74],
  dependency: [205, 70, 66, 78],
  node: [140, 45, 60, 72],
  native: [265, 22, 70, 80],
  folded: [0, 0, 78, 82],
};

function nameHash(name: string): number {
  let h = 0;
  for (let i = 0; i < name.length && i < 24; i++) h = (h * 31 + name.charCodeAt(i)) >>> 0;
  return (h % 1000) / 1000;
}

export function frameColor(cls: FrameClass, name: string): string {
  const [hue, sat, lo, hi] = PALETTE[cls];
  const light = lo + (hi - lo) * nameHash(name);
  return `hsl(${hue} ${sat}% ${light.toFixed(1)}%)`;
}

export function legendColor(cls: FrameClass): string {
  const [hue, sat, lo, hi] = PALETTE[cls];
  return `hsl(${hue} ${sat}% ${((lo + hi) / 2).toFixed(1)}%)`;
}
