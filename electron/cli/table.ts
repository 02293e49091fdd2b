// Plain-text tables and numbers for the analysis commands.
import { oneLine } from '../../shared/terminal-text.ts';
import { groupThousands } from '../../shared/number-format.ts';

export function ms(x: number): string {
  return groupThousands(x, x >= 100 ? 0 : x >= 10 ? 1 : 2);
}

export function pct(x: number): string {
  return `${groupThousands(x, 1)}%`;
}

export function signedPct(x: number): string {
  const s = x.toFixed(1);
  return x > 0 && s !== '0.0' ? `+${s}` : s === '-0.0' ? '0.0' : s;
}

export function duration(msValue: number): string {
  return msValue >= 1000 ? `${groupThousands(msValue / 1000, 2)} s` : `${msValue.toFixed(1)} ms`;
}

/** Right-aligns every column but the last, which is text. Each cell is one line of visible characters. */
export function table(header: string[], rows: string[][]): string[] {
  const all = [header, ...rows].map((r) => r.map(oneLine));
  const widths = header.map((_, c) => Math.max(...all.map((r) => r[c].length)));
  return all.map((r) => r.map((cell, c) => (c === r.length - 1 ? cell : cell.padStart(widths[c]))).join('  ').trimEnd());
}
