// Number formatting for the UI, in the one number style of shared/number-format.ts
// (thousands grouped with a space, a point before decimals): the screens, the
// sentences the services write and the CLI read alike, on every machine.
import { formatBytes as formatSharedBytes, formatCount, groupThousands } from '../../../shared/number-format.ts';

const isNumber = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n);

/** 12345 → "12 345". */
export function formatInt(n: number | null | undefined): string {
  return isNumber(n) ? formatCount(n) : '–';
}

/** A number with `digits` decimals: (1234.56, 1) → "1 234.6". */
export function formatNumber(n: number | null | undefined, digits = 0): string {
  return isNumber(n) ? groupThousands(n, digits) : '–';
}

/** A latency's number alone, for a column whose header says "ms": 1132.5431 → "1 132.543". */
export function formatMsNumber(ms: number | null | undefined): string {
  return isNumber(ms) ? groupThousands(ms, 3) : '–';
}

/** Latency: always three decimals, i.e. microsecond resolution. 1.23456 → "1.235 ms"; 1132.5431 → "1 132.543 ms". */
export function formatMs(ms: number | null | undefined): string {
  return isNumber(ms) ? `${formatMsNumber(ms)} ms` : '–';
}

/** Profile time: three significant-ish digits, compact. */
export function formatTimeMs(ms: number | null | undefined): string {
  if (!isNumber(ms)) return '–';
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  if (ms >= 100) return `${ms.toFixed(0)} ms`;
  if (ms >= 10) return `${ms.toFixed(1)} ms`;
  return `${ms.toFixed(2)} ms`;
}

/** Requests per second: one decimal below 100, whole numbers above. */
export function formatRate(perSec: number | null | undefined): string {
  if (!isNumber(perSec)) return '–';
  return perSec < 100 ? perSec.toFixed(1) : formatInt(perSec);
}

/** 0.1234 → "12.3%". */
export function formatPercent(fraction: number | null | undefined, digits = 1): string {
  return isNumber(fraction) ? `${(fraction * 100).toFixed(digits)}%` : '–';
}

/** Bytes by the one rule (shared/number-format.ts: binary, KiB/MiB); "–" when there is no figure. */
export function formatBytes(bytes: number | null | undefined): string {
  return isNumber(bytes) ? formatSharedBytes(bytes) : '–';
}

/** 9.98 → "10.0 s"; 75 → "1 min 15 s". */
export function formatDuration(sec: number | null | undefined): string {
  if (!isNumber(sec)) return '–';
  if (sec < 60) return `${sec.toFixed(1)} s`;
  const min = Math.floor(sec / 60);
  const rest = Math.round(sec - min * 60);
  return rest ? `${min} min ${rest} s` : `${min} min`;
}

/** "exited with code 1" / "was ended by SIGTERM". */
export function describeExit(code: number | null, signal: string | null): string {
  if (signal) return `was ended by ${signal}`;
  return `exited with code ${code ?? 'unknown'}`;
}
