// flambe record: launch or attach, load, profile — the app's recording flow in a terminal.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  describeValidationError, recordRequestSchema, type FlambeEvents, type RecordingProgress, type RecordingResult, type TargetInfo,
} from '../../shared/api.ts';
import { resolveLibraryPath } from '../services/library/paths.ts';
import { cpuSplitOf } from '../services/library/split.ts';
import { UserError } from '../services/errors.ts';
import { createFlambeService } from '../services/service.ts';
import { formatLoadSummary, ProgressLine } from './format.ts';
import { checksJson, findingsJson, formatVerdict, recordingVerdict } from './verdict.ts';

export const RECORD_HELP = `Usage:
  flambe record (--launch SCRIPT [--node PATH] [--cwd DIR] [--env K=V]... [-- ARGS...] | --attach HOST:PORT)
                --url URL [-c N] [-d SECONDS | -n REQUESTS] [-m METHOD] [-H "K: V"]... [-b BODY]
                [--warmup SECONDS] [--sampling-interval US] [--no-profile] [--out FILE.cpuprofile] [--json]
                [--save [--name N] [--tag T]... [--library PATH]]

Target (one of):
  --launch SCRIPT         start SCRIPT with node --inspect and profile it (stopped when flambe ends)
    --node PATH           the node program to use (default: node on PATH)
    --cwd DIR             working directory of the script
    --env K=V             environment variable for the script (repeatable)
    -- ARGS...            arguments for the script
  --attach HOST:PORT      profile a process already running with --inspect
    --allow-remote        attach to a host that is not this computer (it can run any code there)
  --no-profile            no target: load the URL only (a plain load test)

Load:
  --url URL               the URL to load (default with --launch: the first port the script listens on;
                          a path alone, like /json, loads that path on that port)
  -c, --connections N     concurrent connections (default 10)
  -d, --duration SECONDS  length of the burst (default 10)
  -n, --requests N        stop after N requests instead of a duration
  -m, --method METHOD     HTTP method (default GET)
  -H, --header "K: V"     request header (repeatable)
  -b, --body BODY         request body
  --timeout SECONDS       per-request timeout (default 10)
  --warmup SECONDS        load without profiling first (default 2; 0 to skip)
  --sampling-interval US  CPU sampling interval in microseconds (default 1000)

Output:
  --out FILE              write the CPU profile to FILE (.cpuprofile)
  --json                  print one JSON object on stdout instead of a summary
  --save                  keep the recording in the library (see "flambe library --help")
    --name N              its name (default "<METHOD path> · <date time>")
    --tag T               a tag (repeatable)
    --library PATH        the library file (default $FLAMBE_LIBRARY, else the platform's data folder)
`;

function num(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n)) throw new UserError(`${flag} takes a number; "${value}" is not one.`);
  return n;
}

function splitPair(raw: string, sep: string, flag: string, example: string): [string, string] {
  const i = raw.indexOf(sep);
  if (i <= 0) throw new UserError(`${flag} takes ${example}; "${raw}" has no "${sep.trim()}".`);
  return [raw.slice(0, i).trim(), raw.slice(i + sep.length).trim()];
}

function parseHostPort(raw: string): { host: string; port: number } {
  const m = /^(\[[^\]]+\]|[^:]+):(\d+)$/.exec(raw.trim());
  if (!m) throw new UserError(`--attach takes HOST:PORT, like 127.0.0.1:9229; "${raw}" is not that.`);
  return { host: m[1].replace(/^\[|\]$/g, ''), port: Number(m[2]) };
}

export async function recordCommand(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      tokens: true,
      options: {
        launch: { type: 'string' }, node: { type: 'string' }, cwd: { type: 'string' }, env: { type: 'string', multiple: true },
        attach: { type: 'string' }, 'allow-remote': { type: 'boolean' }, 'no-profile': { type: 'boolean' },
        url: { type: 'string' }, connections: { type: 'string', short: 'c' }, duration: { type: 'string', short: 'd' },
        requests: { type: 'string', short: 'n' }, method: { type: 'string', short: 'm' }, header: { type: 'string', short: 'H', multiple: true },
        body: { type: 'string', short: 'b' }, timeout: { type: 'string' }, warmup: { type: 'string' },
        'sampling-interval': { type: 'string' }, out: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' },
        save: { type: 'boolean' }, name: { type: 'string' }, tag: { type: 'string', multiple: true }, library: { type: 'string' },
      },
    });
  } catch (e) {
    throw new UserError(`${(e as Error).message.split('. ')[0].replace(/\.$/, '')} (see "flambe record --help").`);
  }
  const { values: o, tokens } = parsed;
  if (o.help) {
    process.stdout.write(RECORD_HELP);
    return 0;
  }
  const terminator = tokens.findIndex((t) => t.kind === 'option-terminator');
  const stray = tokens.find((t, i) => t.kind === 'positional' && (terminator < 0 || i < terminator));
  if (stray && stray.kind === 'positional') throw new UserError(`Unexpected argument "${stray.value}": put the script's own arguments after "--".`);
  const scriptArgs = terminator < 0 ? [] : tokens.slice(terminator + 1).flatMap((t) => (t.kind === 'positional' ? [t.value] : []));

  const modes = [o.launch !== undefined, o.attach !== undefined, !!o['no-profile']].filter(Boolean).length;
  if (modes === 0) throw new UserError('Say what to record: --launch SCRIPT, --attach HOST:PORT, or --no-profile for a load test only.');
  if (modes > 1) throw new UserError('Use only one of --launch, --attach and --no-profile.');
  if (o['no-profile'] && !o.url) throw new UserError('--no-profile needs --url: the address to load.');
  if (o.attach !== undefined && !o.url) throw new UserError('--attach needs --url: the address of the server to load.');

  const env: Record<string, string> = {};
  for (const pair of o.env ?? []) {
    const [k, v] = splitPair(pair, '=', '--env', 'KEY=VALUE');
    env[k] = v;
  }
  const headers: Record<string, string> = {};
  for (const h of o.header ?? []) {
    const [k, v] = splitPair(h, ':', '--header', '"Name: value"');
    headers[k] = v;
  }

  if (!o.save && (o.name !== undefined || o.tag !== undefined || o.library !== undefined)) {
    throw new UserError('--name, --tag and --library go with --save.');
  }
  const service = createFlambeService({ libraryPath: o.save ? resolveLibraryPath(o.library) : null, cpuSplit: cpuSplitOf });
  if (o.save) {
    const status = await service.api.libraryStatus({});
    if (status.problem) {
      await service.dispose();
      throw new UserError(status.problem.split(' Recordings are kept')[0]);
    }
  }
  const out = process.stderr;
  const json = !!o.json;
  const line = new ProgressLine(out, !json);
  let handleSignal = () => {};
  const onSigint = () => handleSignal();
  process.on('SIGINT', onSigint);
  process.on('SIGTERM', onSigint);
  let interrupted = false;
  let recording = false;

  try {
    let target: TargetInfo | null = null;
    if (o.launch !== undefined) {
      line.status(`Launching ${o.launch}`);
      const unsubscribe = service.onEvent((e) => {
        // The script's own output goes to stderr, so stdout stays clean for --json.
        // During the burst a logging server would flood the terminal: its startup output is enough.
        if (e.name === 'targetOutput' && !json && !recording) line.passThrough(e.payload.text);
      });
      handleSignal = () => { interrupted = true; void service.dispose().then(() => process.exit(130)); };
      target = await service.api.launchTarget({ script: o.launch, args: scriptArgs, cwd: o.cwd, env, nodePath: o.node });
      if (json) unsubscribe();
    } else if (o.attach !== undefined) {
      const { host, port } = parseHostPort(o.attach);
      line.status(`Attaching to ${host}:${port}`);
      target = await service.api.attachTarget({ host, port, confirmRemote: !!o['allow-remote'] });
    }

    let url = o.url;
    if ((!url || url.startsWith('/')) && target) {
      // No URL, or only a path (--url /json): the port the script listens on, and that path.
      const found = await waitForSuggestedUrl(service.api.getTarget, target.targetId, line);
      url = url ? new URL(url, found).href : found;
    }

    const check = recordRequestSchema.safeParse({
      targetId: target?.targetId ?? null,
      load: {
        url, method: o.method?.toUpperCase(), headers, body: o.body,
        connections: num(o.connections, '--connections'), durationSec: num(o.duration, '--duration'),
        requests: num(o.requests, '--requests'), timeoutSec: num(o.timeout, '--timeout'),
      },
      warmupSec: num(o.warmup, '--warmup'),
      samplingIntervalUs: num(o['sampling-interval'], '--sampling-interval'),
      name: o.name,
      tags: o.tag ?? [],
    });
    if (!check.success) throw new UserError(describeValidationError(check.error));

    const finished = new Promise<FlambeEvents['recordingDone']>((resolve) => {
      service.onEvent((e) => {
        if (e.name === 'recordingProgress') line.progress(e.payload as RecordingProgress);
        if (e.name === 'recordingDone') resolve(e.payload);
      });
    });
    recording = true;
    const { recordingId } = await service.api.startRecording(check.data);
    handleSignal = () => {
      if (interrupted) { void service.dispose().then(() => process.exit(130)); return; }
      interrupted = true;
      line.status('Stopping (Ctrl-C again to quit now)');
      void service.api.stopRecording({ id: recordingId });
    };
    const outcome = await finished;
    const result = await service.api.getRecording({ id: outcome.recordingId });
    line.clear();
    if (o.save && !outcome.saved) {
      // The library refused the write: the profile must not be lost with this process.
      const fallback = path.resolve(o.out ?? `flambe-${result.id.slice(0, 8)}.flambe`);
      if (!o.out) writeFileSync(fallback, JSON.stringify({ format: 'flambe-bundle', version: 1, recording: result }));
      out.write(`flambe: ${outcome.saveError?.split(' It is kept')[0]} It was written to ${fallback} instead.\n`);
    }

    let file: string | null = null;
    if (o.out && result.profile) {
      file = path.resolve(o.out);
      try {
        writeFileSync(file, JSON.stringify(result.profile));
      } catch (e) {
        throw new UserError(`Could not write the profile to ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}.`);
      }
    }
    report(result, file, json, o.save && outcome.saved ? result.id : null);
    if (result.error) {
      out.write(`flambe: ${result.error}\n`);
      return interrupted ? 130 : 1;
    }
    return interrupted ? 130 : 0;
  } finally {
    line.clear();
    process.off('SIGINT', onSigint);
    process.off('SIGTERM', onSigint);
    await service.dispose();
  }
}

async function waitForSuggestedUrl(getTarget: (r: { targetId: string }) => Promise<TargetInfo>, targetId: string, line: ProgressLine): Promise<string> {
  line.status('Waiting for the script to listen on a port');
  const deadline = Date.now() + 10_000;
  for (;;) {
    const t = await getTarget({ targetId });
    if (t.suggestedUrls.length) return t.suggestedUrls[0];
    if (!t.running) throw new UserError(`The script exited before it opened a server${t.lastError ? `: ${t.lastError}` : '.'}`);
    if (Date.now() > deadline) throw new UserError('The script has not opened a server after 10 seconds: give the address to load with --url.');
    await new Promise((r) => setTimeout(r, 250));
  }
}

function profileStats(profile: unknown): { samples: number; durationMs: number } | null {
  const p = profile as { samples?: unknown[]; startTime?: number; endTime?: number } | null;
  if (!p || !Array.isArray(p.samples)) return null;
  return { samples: p.samples.length, durationMs: Math.round(((p.endTime ?? 0) - (p.startTime ?? 0)) / 10) / 100 };
}

function report(result: RecordingResult, file: string | null, json: boolean, savedId: string | null): void {
  const stats = profileStats(result.profile);
  const verdict = recordingVerdict(result);
  if (json) {
    const l = result.load;
    const obj = {
      target: result.target ? { nodeVersion: result.target.nodeVersion, pid: result.target.pid } : null,
      load: l ? {
        requests: l.requests, rps: l.rps, latencyMs: { p50: l.latencyMs.p50, p90: l.latencyMs.p90, p99: l.latencyMs.p99, max: l.latencyMs.max },
        errors: l.errors, timeouts: l.timeouts, non2xx: l.non2xx,
      } : null,
      profile: stats ? { ...stats, file } : null,
      findings: verdict ? findingsJson(verdict) : [],
      checks: verdict ? checksJson(verdict) : [],
      error: result.error,
      ...(savedId ? { id: savedId } : {}),
    };
    process.stdout.write(JSON.stringify(obj) + '\n');
    return;
  }
  const lines: string[] = [];
  if (result.target) lines.push(`Target   ${result.target.label} (pid ${result.target.pid}, Node ${result.target.nodeVersion})`);
  if (result.settings) lines.push(`URL      ${result.settings.load.method} ${result.settings.load.url}`);
  if (result.load) lines.push(...formatLoadSummary(result.load));
  if (stats) lines.push(`Profile  ${stats.samples} samples over ${(stats.durationMs / 1000).toFixed(2)} s${file ? ` → ${file}` : ' (use --out FILE to keep it)'}`);
  if (savedId) lines.push(`Saved    ${result.name} (id ${savedId})`);
  if (verdict) lines.push('', ...formatVerdict(verdict));
  process.stdout.write(lines.join('\n') + '\n');
}
