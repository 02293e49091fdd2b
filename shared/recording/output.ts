// What the server wrote to stdout/stderr during the measured burst: lines,
// per request and per second, and the functions that wrote them. Counted in
// the target by a wrapper around process.stdout/stderr.write and fs.write(Sync)
// on fds 1 and 2 (electron/services/targets/output-counter.ts), installed for
// the burst only. One line is one "\n".
import { z } from 'zod';
import { formatCount } from '../number-format.ts';

const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const amount = z.number().min(0).max(1e12);

export const outputWriterSchema = z.object({
  /** The first function outside Node's own code on the stack of the write ("" when anonymous). */
  function: z.string().max(1000),
  url: z.string().max(10_000),
  /** 1-based. */
  line: z.number().int().min(0),
  lines: count,
});

/** What one route's requests wrote ("GET /path", no query): given write by write to the request whose code made it. */
export const outputRouteSchema = z.object({
  route: z.string().max(10_000),
  lines: count,
  bytes: count,
});
export type OutputRoute = z.infer<typeof outputRouteSchema>;

export const outputVolumeSchema = z.object({
  lines: count,
  linesPerRequest: amount.nullable(),
  linesPerSecond: amount,
  /** Most lines first, at most 10. */
  from: z.array(outputWriterSchema).max(10),
  /** Bytes written (absent in recordings from before they were counted). */
  bytes: count.optional(),
  bytesPerRequest: amount.nullable().optional(),
  /** Per route, most lines first, at most 50 (absent without the request collector, or before it was counted). */
  byRoute: z.array(outputRouteSchema).max(50).optional(),
  /** How the target's output went: 'file' (synchronous, as a terminal or a log file) or 'pipe'; null when Flambé did not launch it. */
  stdio: z.enum(['file', 'pipe']).nullable().optional(),
});
export type OutputVolume = z.infer<typeof outputVolumeSchema>;
export type OutputWriter = z.infer<typeof outputWriterSchema>;

/** Above either, the output is worth a finding. */
export const HIGH_LINES_PER_REQUEST = 1;
export const HIGH_LINES_PER_SECOND = 1000;

export function outputIsHigh(o: OutputVolume): boolean {
  return (o.linesPerRequest ?? 0) >= HIGH_LINES_PER_REQUEST || o.linesPerSecond >= HIGH_LINES_PER_SECOND;
}

const thousands = formatCount;
const fileOf = (url: string) => url.replace(/^file:\/\//, '').split(/[\\/]/).pop() ?? url;

function writerText(w: OutputWriter): string {
  return `${w.function || '(anonymous)'} in ${fileOf(w.url)}:${w.line}`;
}

/** "The server wrote 3.0 log lines per request (3 200 lines/s), from warnNoIndex in storage.js:26." */
export function outputSentence(o: OutputVolume): string {
  if (o.lines === 0) return 'The server wrote no line to stdout or stderr during the burst.';
  const per = o.linesPerRequest !== null ? `${o.linesPerRequest >= 10 ? Math.round(o.linesPerRequest) : o.linesPerRequest.toFixed(o.linesPerRequest < 0.1 ? 3 : 1)} log lines per request (${thousands(o.linesPerSecond)} lines/s)` : `${thousands(o.linesPerSecond)} log lines per second`;
  const top = o.from.slice(0, 2);
  const from = top.length ? `, from ${top.map((w) => `${writerText(w)}${o.from.length > 1 ? ` (${thousands(w.lines)})` : ''}`).join(' and ')}${o.from.length > 2 ? ' and others' : ''}` : '';
  return `The server wrote ${per}${from}.`;
}

/** The finding's advice, when the output is high. */
export function outputAdvice(o: OutputVolume): string {
  const sync = o.stdio === 'pipe'
    ? ' Here its output went to a pipe, which Node writes asynchronously: to a terminal or a file (record --output-file) each line is a synchronous write and costs more.'
    : ' Each line is a write to the terminal or the file, synchronous in Node.';
  return `${outputSentence(o)} Logging on every request costs CPU and, on a busy server, latency: log less per request, sample, or lower the level.${sync}`;
}

/** Counted writers (key "function\turl\tline" → lines) as the recording keeps them: most lines first, at most 10. */
export function outputVolume(lines: number, writers: readonly OutputWriter[], requests: number, durationSec: number, stdio: OutputVolume['stdio'],
  more: { bytes?: number; routes?: readonly OutputRoute[] } = {}): OutputVolume {
  return {
    lines,
    linesPerRequest: requests > 0 ? Math.round((lines / requests) * 1000) / 1000 : null,
    linesPerSecond: durationSec > 0 ? Math.round((lines / durationSec) * 10) / 10 : 0,
    from: [...writers].sort((a, b) => b.lines - a.lines).slice(0, 10),
    ...(more.bytes !== undefined ? { bytes: more.bytes, bytesPerRequest: requests > 0 ? Math.round((more.bytes / requests) * 10) / 10 : null } : {}),
    ...(more.routes ? { byRoute: [...more.routes].sort((a, b) => b.lines - a.lines || b.bytes - a.bytes).slice(0, 50) } : {}),
    stdio,
  };
}
