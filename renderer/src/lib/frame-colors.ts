// Flamegraph colours and legend, one hue per category of shared/profile's
// classifyFrame (the one classification every view uses): your code,
// dependencies, Node internals, V8 and native, GC, idle, program — plus the
// grey of "N small frames" nodes the flame tree folds.
import { CATEGORY_LABELS, categoryTitle, classifyFrame, type CategoryKind, type Frame } from '../../../shared/profile/index.ts';
import type { CpuSplit } from '../../../shared/api.ts';

export type LegendClass = CategoryKind | 'folded';

// The legend speaks shared/profile's one category vocabulary (CATEGORY_LABELS).
const LEGEND_ORDER: CategoryKind[] = ['user', 'dependency', 'node', 'native', 'gc', 'idle', 'program'];
export const LEGEND: { key: LegendClass; label: string }[] = [
  ...LEGEND_ORDER.map((key) => ({ key, label: categoryTitle(key) })),
  { key: 'folded', label: 'Small frames, grouped' },
];

export function legendClass(frame: Frame): LegendClass {
  return classifyFrame(frame).kind;
}

/** "your code", "dependency express", "Node internals"… for tooltips. */
export function categoryWords(frame: Frame): string {
  const c = classifyFrame(frame);
  return c.kind === 'dependency' ? `dependency: ${c.packageName}` : CATEGORY_LABELS[c.kind];
}

// Hue, saturation and a lightness range per class; the name picks a
// lightness inside the range so neighbouring frames stay distinguishable.
const PALETTE: Record<LegendClass, [number, number, number, number]> = {
  user: [24, 90, 62, 74],
  dependency: [205, 70, 66, 78],
  node: [140, 45, 60, 72],
  native: [265, 22, 70, 80],
  gc: [350, 65, 70, 76],
  idle: [190, 12, 84, 88],
  program: [45, 12, 74, 80],
  folded: [0, 0, 78, 82],
};

function nameHash(name: string): number {
  let h = 0;
  for (let i = 0; i < name.length && i < 24; i++) h = (h * 31 + name.charCodeAt(i)) >>> 0;
  return (h % 1000) / 1000;
}

export function frameColor(cls: LegendClass, name: string): string {
  const [hue, sat, lo, hi] = PALETTE[cls];
  const light = lo + (hi - lo) * nameHash(name);
  return `hsl(${hue} ${sat}% ${light.toFixed(1)}%)`;
}

export function legendColor(cls: LegendClass): string {
  const [hue, sat, lo, hi] = PALETTE[cls];
  return `hsl(${hue} ${sat}% ${((lo + hi) / 2).toFixed(1)}%)`;
}

/**
 * The Library's CPU split bar speaks the flamegraph's palette: each part in its category's colour, so a colour means
 * one thing on every screen (the bar once drew GC in the purple the flamegraph uses for V8 and native code).
 * "Other" is V8 and native code with (program): native's colour.
 */
export const SPLIT_CATEGORY: Record<keyof CpuSplit, CategoryKind> = {
  yourCode: 'user', dependencies: 'dependency', node: 'node', gc: 'gc', other: 'native', idle: 'idle',
};

export function splitColor(key: keyof CpuSplit): string {
  return legendColor(SPLIT_CATEGORY[key]);
}

const DARK_LABEL = '#1b1b1b';
const LIGHT_LABEL = '#ffffff';

/** WCAG's relative luminance of an "rgb(r, g, b)" or "#rrggbb" colour; null for anything else (hsl(): the caller keeps its default). */
function luminance(color: string): number | null {
  const rgb = /^rgb\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)/.exec(color)?.slice(1).map(Number)
    ?? /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color)?.slice(1).map((h) => parseInt(h, 16));
  if (!rgb) return null;
  const [r, g, b] = rgb.map((v) => { const c = v / 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * The label colour that reads on a frame's fill: dark on a light fill, white on a dark one — whichever contrasts
 * more. The differential flamegraph's deep blue ("B spends less") under the default dark label was unreadable in
 * the dark theme (issue 38's walk).
 */
export function labelColorOn(fill: string): string {
  const l = luminance(fill);
  if (l === null) return DARK_LABEL;
  const onDark = 1.05 / (l + 0.05); // white text: luminance 1
  const onLight = (l + 0.05) / (luminance(DARK_LABEL)! + 0.05);
  return onDark > onLight ? LIGHT_LABEL : DARK_LABEL;
}
