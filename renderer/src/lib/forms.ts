// From what the user typed to a request of the contract. Each builder parses
// the text fields, validates with the zod schema of shared/api.ts (the same
// one the services use), and returns the request or one sentence to show
// next to the form.
import {
  attachSpecSchema, describeValidationError, launchSpecSchema, recordRequestSchema, sweepRequestSchema,
  type LaunchSpec, type AttachSpec, type RecordRequestResolved, type SweepRequestResolved, type samplingIntervalsUs,
} from '../../../shared/api.ts';
import { isLoopbackHost } from '../../../shared/targets/hosts.ts';
import { parseRouteLines } from '../../../shared/load/route-line.ts';
import { parseEnvLines, parseHeaderLines, type Parsed } from '../../../shared/headers.ts';
import { ArgumentsError, splitArgs } from './shell-args.ts';
import { METHODS_WITH_BODY, type HttpMethod } from '../../../shared/http.ts';


export interface LoadFormState {
  url: string;
  method: HttpMethod;
  headers: string;
  body: string;
  connections: string;
  mode: 'duration' | 'requests';
  durationSec: string;
  requests: string;
  warmupSec: string;
  samplingIntervalUs: (typeof samplingIntervalsUs)[number];
  /** Run the load burst without profiling the target. */
  loadOnly: boolean;
  /** The URL was filled in from the target's suggestions (not typed): a newer suggestion may replace it. */
  urlFromSuggestion: boolean;
  /** Several routes, one "METHOD /path [weight]" per line, on the URL's origin (empty: the URL alone). */
  routes: string;
  /** A fixed rate in requests/s (empty: as fast as the connections go). */
  rate: string;
  /** Run a concurrency sweep instead of one burst. */
  sweep: boolean;
  sweepLevels: string;
  /** Which sweep levels to profile. */
  sweepProfile: 'none' | 'every' | 'one';
  sweepProfileAt: string;
  /** At each profiled level, each route alone too: CPU per request per route. */
  sweepPerRouteCpu?: boolean;
  /** Profile each route in its own burst (CPU ms per request per route). */
  perRouteCpu: boolean;
  /** The user sends the load (ab, k6, a browser): Flambé records for the duration and counts requests in the server. */
  ownLoad: boolean;
  /** Find what grows: two heap snapshots under load after the burst (they pause the process). */
  findGrowth?: boolean;
  /** Take Find what grows' snapshots even when each would pause the server over a minute (the estimate beside the checkbox says). */
  longPauseOk?: boolean;
  /** Leave out the request collector (where each request's time went), for its CPU per request; own load needs it. */
  noRequestTime?: boolean;
}

export const defaultLoadForm: LoadFormState = {
  url: '',
  method: 'GET',
  headers: '',
  body: '',
  connections: '10',
  mode: 'duration',
  durationSec: '10',
  requests: '10000',
  warmupSec: '2',
  samplingIntervalUs: 1000,
  loadOnly: false,
  ownLoad: false,
  urlFromSuggestion: false,
  routes: '',
  rate: '',
  sweep: false,
  sweepLevels: '1, 5, 8, 20',
  sweepProfile: 'none',
  sweepProfileAt: '8',
  perRouteCpu: false,
};

/** The form with a suggested URL, unless the user has typed their own. */
export function withSuggestedUrl(form: LoadFormState, url: string): LoadFormState {
  if (form.url.trim() !== '' && !form.urlFromSuggestion) return form;
  return { ...form, url, urlFromSuggestion: true };
}

type NumberField = { ok: true; value: number } | { ok: false; message: string };

export function parseNumberField(text: string, what: string, opts: { integer?: boolean } = {}): NumberField {
  const t = text.trim();
  const n = t === '' ? Number.NaN : Number(t);
  if (!Number.isFinite(n)) return { ok: false, message: `${what} must be a number.` };
  if (opts.integer && !Number.isInteger(n)) return { ok: false, message: `${what} must be a whole number.` };
  return { ok: true, value: n };
}

export function buildRecordRequest(form: LoadFormState, targetId: string | null): Parsed<RecordRequestResolved> {
  const headers = parseHeaderLines(form.headers);
  if (!headers.ok) return headers;
  const connections = parseNumberField(form.connections, 'Connections', { integer: true });
  if (!connections.ok) return connections;
  const warmup = parseNumberField(form.warmupSec, 'Warm-up', {});
  if (!warmup.ok) return warmup;

  const load: Record<string, unknown> = {
    url: form.url.trim(),
    method: form.method,
    headers: headers.value,
    connections: connections.value,
  };
  if (METHODS_WITH_BODY.includes(form.method) && form.body !== '') load.body = form.body;
  if (form.routes.trim()) {
    const routes = parseRouteLines(form.routes);
    if (!routes.ok) return routes;
    load.routes = routes.value;
  }
  if (form.rate.trim()) {
    const rate = parseNumberField(form.rate, 'The rate', {});
    if (!rate.ok) return rate;
    load.rate = rate.value;
  }
  const ownLoad = form.ownLoad && !form.loadOnly && targetId !== null;
  if (form.mode === 'duration' || ownLoad) {
    const d = parseNumberField(form.durationSec, 'Duration', {});
    if (!d.ok) return d;
    load.durationSec = d.value;
  } else {
    const r = parseNumberField(form.requests, 'The number of requests', { integer: true });
    if (!r.ok) return r;
    load.requests = r.value;
  }

  const parsed = recordRequestSchema.safeParse({
    targetId: form.loadOnly ? null : targetId,
    load,
    warmupSec: warmup.value,
    samplingIntervalUs: form.samplingIntervalUs,
    ownLoad,
    // Its snapshots need Flambé's own load and a target to take them of.
    ...(form.findGrowth && !ownLoad && !form.loadOnly && targetId !== null ? { findGrowth: true, ...(form.longPauseOk ? { longPauseOk: true } : {}) } : {}),
    // Your own load is counted by the collector: it stays on then.
    ...(form.noRequestTime && !ownLoad ? { requestTimes: false } : {}),
  });
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, message: describeValidationError(parsed.error) };
}

/** The sweep of the form: its levels, a duration per level, the warm-up before the first. */
export function buildSweepRequest(form: LoadFormState, targetId: string | null): Parsed<SweepRequestResolved> {
  const one = buildRecordRequest({ ...form, mode: 'duration' }, targetId);
  if (!one.ok) return one;
  const levels: number[] = [];
  for (const part of form.sweepLevels.split(/[\s,]+/).filter(Boolean)) {
    const n = Number(part);
    if (!Number.isInteger(n) || n < 1) return { ok: false, message: `Levels are whole numbers of connections, like 1, 5, 8, 20; "${part}" is not one.` };
    levels.push(n);
  }
  let profile: 'none' | 'every' | number = 'none';
  if (!form.loadOnly && targetId) {
    if (form.sweepProfile === 'every') profile = 'every';
    else if (form.sweepProfile === 'one') {
      const at = parseNumberField(form.sweepProfileAt, 'The level to profile', { integer: true });
      if (!at.ok) return at;
      profile = at.value;
    }
  }
  const parsed = sweepRequestSchema.safeParse({
    targetId: profile === 'none' ? null : targetId,
    load: one.value.load,
    levels,
    levelSec: one.value.load.durationSec,
    warmupSec: one.value.warmupSec,
    profile,
    samplingIntervalUs: form.samplingIntervalUs,
    perRouteCpu: !!form.sweepPerRouteCpu && profile !== 'none' && !!one.value.load.routes?.length,
  });
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, message: describeValidationError(parsed.error) };
}

export interface LaunchFormState {
  script: string;
  args: string;
  cwd: string;
  env: string;
  nodePath: string;
  /** Its stdout/stderr to a file Flambé tails (synchronous, as a terminal) instead of a pipe. */
  outputToFile?: boolean;
}

export const defaultLaunchForm: LaunchFormState = { script: '', args: '', cwd: '', env: '', nodePath: '' };

export function buildLaunchSpec(form: LaunchFormState): Parsed<LaunchSpec> {
  let args: string[];
  try {
    args = splitArgs(form.args);
  } catch (e) {
    if (e instanceof ArgumentsError) return { ok: false, message: e.message };
    throw e;
  }
  const env = parseEnvLines(form.env);
  if (!env.ok) return env;
  const spec: LaunchSpec = { script: form.script.trim(), args, env: env.value };
  if (form.cwd.trim()) spec.cwd = form.cwd.trim();
  if (form.nodePath.trim()) spec.nodePath = form.nodePath.trim();
  if (form.outputToFile) spec.outputToFile = true;
  const parsed = launchSpecSchema.safeParse(spec);
  return parsed.success ? { ok: true, value: spec } : { ok: false, message: describeValidationError(parsed.error) };
}

export interface AttachFormState {
  host: string;
  port: string;
  inspectorId: string;
  confirmRemote: boolean;
}

export const defaultAttachForm: AttachFormState = { host: '127.0.0.1', port: '9229', inspectorId: '', confirmRemote: false };

/** host and port alone, for "Find targets". */
export function buildHostPort(form: AttachFormState): Parsed<{ host: string; port: number }> {
  const host = form.host.trim();
  if (!host) return { ok: false, message: 'Enter the host the inspector listens on.' };
  const port = parseNumberField(form.port, 'The port', { integer: true });
  if (!port.ok) return port;
  if (port.value < 1 || port.value > 65535) return { ok: false, message: 'The port must be between 1 and 65535.' };
  return { ok: true, value: { host, port: port.value } };
}

export function buildAttachSpec(form: AttachFormState): Parsed<AttachSpec> {
  const hp = buildHostPort(form);
  if (!hp.ok) return hp;
  const remote = !isLoopbackHost(hp.value.host);
  if (remote && !form.confirmRemote) {
    return { ok: false, message: `Confirm that you trust ${hp.value.host}: the inspector can run any code in that process.` };
  }
  const spec: AttachSpec = { ...hp.value, confirmRemote: remote && form.confirmRemote };
  if (form.inspectorId) spec.inspectorId = form.inspectorId;
  const parsed = attachSpecSchema.safeParse(spec);
  return parsed.success ? { ok: true, value: spec } : { ok: false, message: describeValidationError(parsed.error) };
}

/** A new URL with the path (and query) of a demo route, keeping the origin of `current` or else of `fallback`. */
export function withPath(current: string, fallback: string | undefined, pathAndQuery: string): string {
  for (const base of [current, fallback]) {
    if (!base) continue;
    try {
      const u = new URL(base);
      if (u.protocol === 'http:' || u.protocol === 'https:') return new URL(pathAndQuery, u.origin).href;
    } catch {
      // not a URL yet: try the next one
    }
  }
  return current;
}
