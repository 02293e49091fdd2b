// The one number style of every screen, sentence, report and CLI table:
// thousands grouped with a space from 1 000 on ("20 391 responses", "per
// 1 000 requests", "1 132.543 ms"), a point before decimals. Not "50,655",
// not "25160": a comma reads as a decimal point in much of the world, and a
// long run of digits is miscounted. Identifiers (a pid, a port, a line
// number, a year) are not quantities and are printed as they are.

const GROUP = ' ';

/** 20391 → "20 391"; (1132.5431, 3) → "1 132.543"; -3000.5 → "-3 000.5" with one digit; not finite → "–". */
export function groupThousands(n: number, digits = 0): string {
  if (!Number.isFinite(n)) return '–';
  const fixed = Math.abs(n).toFixed(digits);
  const [whole, fraction] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP);
  // "-0" and "-0.0" are zero.
  const negative = n < 0 && /[1-9]/.test(fixed);
  return `${negative ? '-' : ''}${grouped}${fraction !== undefined ? `.${fraction}` : ''}`;
}

/** Digits for reading, not for columns: 25160.4 → "25 160", 42.17 → "42.2", 3.14159 → "3.14". */
export function formatReadable(n: number): string {
  const a = Math.abs(n);
  return groupThousands(n, a >= 100 ? 0 : a >= 10 ? 1 : 2);
}

/** A whole count: 1234567.4 → "1 234 567". */
export const formatCount = (n: number): string => groupThousands(Math.round(n));

/** Milliseconds in a sentence: 1234.5 → "1 235 ms", 42.17 → "42 ms", 0.0812 → "0.081 ms" (two significant digits below 100). */
export const formatMsInText = (ms: number): string => (ms >= 100 ? `${formatCount(ms)} ms` : `${Number(ms.toPrecision(2))} ms`);

/**
 * Where a text breaks the style: a number grouped with commas ("50,655"), or a
 * quantity of four or more digits left ungrouped ("25160 ms", "1521 ms"). For tests that
 * scan what a screen or a command shows; identifiers it cannot tell from
 * quantities (a pid, a port, a time of day, a date, an id) are the caller's to leave out.
 */
export function numbersOutOfStyle(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/(?<![\w.,:/#-])\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\w,])/g)) found.push(m[0]);
  for (const m of text.matchAll(/(?<![\w.,:/#-])\d{4,}(?:\.\d+)?(?![\w:/-])/g)) found.push(m[0]);
  return found;
}

// Bytes are binary, and labelled so: 1 KiB = 1 024 B, 1 MiB = 1 024 KiB. Every
// byte figure Flambé shows comes from Node or V8 in binary units already — the
// heap and RSS series are process.memoryUsage() ÷ 1 048 576 (stored in MiB in
// every recording), a worker's heap limit (resourceLimits, --max-old-space-size)
// is MiB, the allocation sampler's interval is 512 KiB — so one base means no
// stored figure is converted, and "MiB" says what the number is where "MB"
// (1 000 000 B) was 5 % off.

/** Bytes in one mebibyte. */
export const BYTES_PER_MIB = 1024 * 1024;
const BYTE_UNITS = ['KiB', 'MiB', 'GiB', 'TiB'] as const;

/**
 * The one bytes rule of every screen, sentence, report and CLI table:
 * 48 → "48 B", 317440 → "310 KiB", 10066330 → "9.6 MiB", -1536 → "-1.5 KiB";
 * two significant digits below 100 of a unit, whole (grouped) above; not finite → "–".
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes)) return '–';
  // The unit is chosen on the printed value, so 1 048 575 B reads "1 MiB", not "1 024 KiB".
  const shown = (x: number) => (x >= 100 ? Math.round(x) : Number(x.toPrecision(2)));
  let value = Math.abs(bytes);
  if (Math.round(value) < 1024) return `${bytes < 0 && Math.round(value) > 0 ? '-' : ''}${formatCount(value)} B`;
  let unit = 0;
  value /= 1024;
  while (shown(value) >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const n = shown(value);
  return `${bytes < 0 ? '-' : ''}${n >= 100 ? formatCount(n) : String(n)} ${BYTE_UNITS[unit]}`;
}

/** A figure already in MiB (heap, RSS, external, a worker's heap limit): 42.2 → "42 MiB", 0.5 → "512 KiB". */
export const formatMiB = (mib: number): string => formatBytes(mib * BYTES_PER_MIB);
