// The checks `flambe record` makes on its input before anything starts, and
// the sentences it prints when something fails — kept out of record.ts so
// that file stays the flow of a recording.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeValidationError, recordRequestSchema, type LoadSettings } from '../../shared/api.ts';
import { UserError } from '../services/errors.ts';

/** The options that take a number; a negative one looks like a flag to parseArgs. */
const NUMBER_FLAGS = new Set(['-c', '--connections', '-d', '--duration', '-n', '--requests', '--timeout', '--warmup', '--sampling-interval', '--rate', '--slow-ms', '--load-threads']);

/**
 * `-d -1` makes parseArgs print three lines about an "ambiguous" argument:
 * say in one sentence what the flag takes instead.
 */
export function refuseNegativeNumbers(argv: string[]): void {
  for (let i = 0; i < argv.length - 1; i++) {
    if (argv[i] === '--') return;
    if (NUMBER_FLAGS.has(argv[i]) && /^-\d/.test(argv[i + 1])) {
      const atLeast = argv[i] === '--warmup' ? 'takes a number of 0 or more' : 'takes a number above 0';
      throw new UserError(`${argv[i]} ${atLeast}; "${argv[i + 1]}" is not one.`);
    }
  }
}

/** parseArgs' own message, first sentence of its first line. */
export function parseArgsSentence(e: unknown, command: string): string {
  const first = (e as Error).message.split('\n')[0].split('. ')[0].replace(/\.$/, '');
  return `${first} (see "flambe ${command} --help").`;
}

export function parseHostPort(raw: string): { host: string; port: number } {
  const m = /^(\[[^\]]+\]|[^:]+):(\d+)$/.exec(raw.trim());
  if (!m) throw new UserError(`--attach takes HOST:PORT, like 127.0.0.1:9229; "${raw}" is not that.`);
  const port = Number(m[2]);
  if (port < 1 || port > 65535) throw new UserError(`--attach takes a port from 1 to 65535; ${m[2]} is not one.`);
  return { host: m[1].replace(/^\[|\]$/g, ''), port };
}

export interface LoadInput {
  url: string | undefined;
  method?: string; headers: Record<string, string>; body?: string;
  connections?: number; durationSec?: number; requests?: number; timeoutSec?: number;
  warmupSec?: number; samplingIntervalUs?: number; name?: string; tags: string[];
  routes?: LoadSettings['routes']; rate?: number; threads?: number;
  /** false: do not sample allocations (--no-allocations). */
  allocations?: boolean;
  /** Find what grows (--find-growth): two heap snapshots after the burst. */
  findGrowth?: boolean;
  /** --long-pause-ok: take them even when each would pause the server over a minute. */
  longPauseOk?: boolean;
  /** --max-pause SECONDS: the longest pause accepted without --long-pause-ok. */
  maxPauseSec?: number;
}

/**
 * The record request, validated. `-n 5` with the default 10 connections would
 * be refused by the load generator: without -c, use no more connections than
 * requests (with -c, the burst itself uses fewer and the summary says so).
 * With `placeholderUrl`, checks everything but the URL (which a launched
 * script decides later) — so a bad number is refused before launching.
 */
export function checkRecordRequest(targetId: string | null, input: LoadInput, placeholderUrl = false) {
  const connections = input.connections ?? (input.requests !== undefined && input.requests >= 1 ? Math.min(10, Math.floor(input.requests)) : undefined);
  const url = placeholderUrl && (!input.url || input.url.startsWith('/')) ? 'http://127.0.0.1/' : input.url;
  const check = recordRequestSchema.safeParse({
    targetId,
    load: {
      url, method: input.method?.toUpperCase(), headers: input.headers, body: input.body,
      connections, durationSec: input.durationSec, requests: input.requests, timeoutSec: input.timeoutSec,
      routes: input.routes, rate: input.rate, threads: input.threads,
    },
    warmupSec: input.warmupSec,
    samplingIntervalUs: input.samplingIntervalUs,
    ...(input.allocations === false ? { allocations: false } : {}),
    ...(input.findGrowth ? { findGrowth: true } : {}),
    ...(input.longPauseOk ? { longPauseOk: true } : {}),
    ...(input.maxPauseSec !== undefined ? { maxPauseSec: input.maxPauseSec } : {}),
    name: input.name,
    tags: input.tags,
  });
  if (!check.success) throw new UserError(describeValidationError(check.error));
  return check.data;
}

/** Where a recording the library refused goes: beside --out (as .flambe), else in the current folder. */
export function bundleFallbackPath(out: string | undefined, id: string): string {
  if (!out) return path.resolve(`flambe-${id.slice(0, 8)}.flambe`);
  const resolved = path.resolve(out);
  const bundle = resolved.replace(/\.[^./\\]*$/, '') + '.flambe';
  return bundle === resolved ? `${resolved.replace(/\.flambe$/, '')}.recording.flambe` : bundle;
}

/**
 * Writes the bundle of a recording the library refused, where bundleFallbackPath
 * says; where that folder cannot be written either (a read-only current folder),
 * in the system's temporary folder. Returns the file written.
 */
export function writeFallbackBundle(out: string | undefined, id: string, bundle: string): string {
  const first = bundleFallbackPath(out, id);
  try {
    writeFileSync(first, bundle, { mode: 0o600 }); // the library's row, secrets kept: owner-only as the library is
    return first;
  } catch (e) {
    const second = path.join(os.tmpdir(), path.basename(first));
    try {
      writeFileSync(second, bundle, { mode: 0o600 });
      return second;
    } catch {
      throw new UserError(`Could not write the recording to ${first} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}) nor to ${second}: give --out a folder you can write to.`);
    }
  }
}

/** A library problem without the app's promise to keep recordings in memory (the CLI keeps nothing). */
export function withoutMemoryPromise(message: string): string {
  return message.replace(/ (Recordings are|It is) kept in memory.*$/s, '');
}

/** The one JSON object of --json when the run failed before there was a result. */
export function jsonFailure(target: { nodeVersion: string; pid: number } | null, error: string): string {
  return JSON.stringify({ target, load: null, profile: null, error }) + '\n';
}
