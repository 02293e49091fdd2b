// flambe record: launch or attach, load, profile — the app's recording flow in a terminal.
import { printLines } from './terminal.ts';
import { printMaskedJson, printMaskedLines } from './masked-output.ts';
import { maskSecrets } from '../../shared/recording/secrets.ts';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { FlambeApi, FlambeEvents, RecordingProgress, RecordingResult, TargetInfo } from '../../shared/api.ts';
import { writeBundle, writeBundleWithNote } from '../../shared/formats/bundle.ts';
import { writeExportFile } from '../services/owner-only.ts';
import { urlOnListeningPort } from '../../shared/load/listening-ports.ts';
import { importThreads, type NamedProfile, type Profile } from '../../shared/profile/index.ts';
import { summarizeProfile } from '../../shared/profile/summary.ts';
import { parsePid, SIGUSR1_NOTICE } from '../../shared/targets/attach-pid.ts';
import { resolveLibraryPath } from '../services/library/library-path.ts';
import { UserError, isUserError } from '../services/errors.ts';
import { startService } from './lazy-service.ts';
import { checksJson, findingsJson, formatVerdict, memoryFindingsJson, recordingVerdict } from './verdict-lines.ts';
import { formatRequestTime, requestTimeJson } from './request-time-lines.ts';
import { OWN_LOAD_READY } from '../../shared/load/own-load.ts';
import { memoryJson, memoryLines, memoryOf } from './memory-report.ts';
import { allocationsOf, extraOf } from '../../shared/recording/profile-extras.ts';
import { servedBySentence } from '../../shared/recording/processes.ts';
import { exportHeapProfile } from '../../shared/memory/heap-profile.ts';
import { formatLoadSummary, formatRouteCpu, ProgressLine, urlLine } from './terminal-output.ts';
import { routesFromFlags } from './load-flags.ts';
import { outputSentence, type OutputVolume } from '../../shared/recording/output.ts';
import { loadJson, routeJson } from './load-json.ts';
import { DEFAULT_SLOW_P75_MS } from '../../shared/load/slow-routes.ts';
import { autocannonCommand, k6Script } from '../../shared/load/export-load.ts';
import {
  checkRecordRequest, jsonFailure, parseArgsSentence, parseHostPort, refuseNegativeNumbers, withoutMemoryPromise, writeFallbackBundle,
} from './record-input.ts';
import { RECORD_HELP } from './help/record-help.ts';
import { bodyFromFlag, envFromFlags, headersFromFlags, num } from './flag-values.ts';
import { waitForSuggestedUrls } from './suggested-urls.ts';
import type { CpuAccounting } from '../../shared/recording/cpu-accounting.ts';

/** record's flags (help/record-help.ts says what each does). */
const RECORD_OPTIONS = {
  launch: { type: 'string' }, node: { type: 'string' }, cwd: { type: 'string' }, env: { type: 'string', multiple: true },
  attach: { type: 'string' }, pid: { type: 'string' }, 'allow-remote': { type: 'boolean' }, 'no-profile': { type: 'boolean' }, 'no-load': { type: 'boolean' }, 'no-request-time': { type: 'boolean' },
  url: { type: 'string' }, connections: { type: 'string', short: 'c' }, duration: { type: 'string', short: 'd' },
  requests: { type: 'string', short: 'n' }, method: { type: 'string', short: 'm' }, header: { type: 'string', short: 'H', multiple: true },
  body: { type: 'string', short: 'b' }, timeout: { type: 'string' }, warmup: { type: 'string' },
  'sampling-interval': { type: 'string' }, out: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' },
  save: { type: 'boolean' }, name: { type: 'string' }, tag: { type: 'string', multiple: true }, library: { type: 'string' },
  route: { type: 'string', multiple: true }, routes: { type: 'string' }, rate: { type: 'string' }, 'slow-ms': { type: 'string' }, 'load-threads': { type: 'string' },
  'print-k6': { type: 'boolean' }, 'per-route-cpu': { type: 'boolean' }, 'no-allocations': { type: 'boolean' }, 'find-growth': { type: 'boolean' }, 'long-pause-ok': { type: 'boolean' }, 'max-pause': { type: 'string' }, 'heap-out': { type: 'string' }, 'output-file': { type: 'boolean' },
} as const;

export async function recordCommand(argv: string[]): Promise<number> {
  let parsed;
  refuseNegativeNumbers(argv);
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, tokens: true, options: RECORD_OPTIONS });
  } catch (e) {
    throw new UserError(parseArgsSentence(e, 'record'));
  }
  const { values: o, tokens } = parsed;
  if (o.help) {
    process.stdout.write(RECORD_HELP);
    return 0;
  }
  const { scriptArgs, pid } = checkFlags(o, tokens);

  const env = envFromFlags(o.env);
  const headers = headersFromFlags(o.header);
  const routes = routesFromFlags(o.route, o.routes);
  const slowMs = num(o['slow-ms'], '--slow-ms') ?? DEFAULT_SLOW_P75_MS;
  const loadInput = loadInputOf(o, headers, routes);
  // Every number is checked before a script is launched.
  checkRecordRequest(null, loadInput, true);
  if (o.attach !== undefined) parseHostPort(o.attach);
  // A library that cannot be used does not stop the recording: it ends in a bundle file instead (below).
  // Its work is registered beside the library even when it keeps nothing there (the app on that library sees it, and it sees the app's).
  const service = await startService({ libraryPath: o.save ? resolveLibraryPath(o.library) : null, workSharedWith: resolveLibraryPath(o.library), program: 'flambe record', keepsUnsavedInMemory: false });
  const out = process.stderr;
  const json = !!o.json;
  const line = new ProgressLine(out, !json);
  let handleSignal = () => {};
  const onSigint = () => handleSignal();
  process.on('SIGINT', onSigint);
  process.on('SIGTERM', onSigint);
  let interrupted = false;
  let recording = false;
  let launched: TargetInfo | null = null;
  let reported = false;

  try {
    // Ctrl-C while a script starts: stop it with everything else.
    if (o.launch !== undefined) handleSignal = () => { interrupted = true; void service.dispose().then(() => process.exit(130)); };
    const target = await openTarget(service, o, { scriptArgs, env, pid, line, json, recording: () => recording });
    launched = target;

    let url = await loadUrl(service, target, o.url, line);
    if (o['no-load'] && !url) url = 'http://127.0.0.1/'; // attached without --url: the requests are counted, not sent
    const request = { ...checkRecordRequest(target?.targetId ?? null, { ...loadInput, url }), ownLoad: !!o['no-load'], ...(o['no-request-time'] ? { requestTimes: false } : {}) };
    if (o['print-k6']) {
      printK6(request.load);
      return 0;
    }

    if (o['per-route-cpu']) {
      if (!target) throw new UserError('--per-route-cpu profiles each route: it needs --launch or --attach.');
      if (!routes) throw new UserError('--per-route-cpu needs the routes: --route "METHOD /path" (repeatable) or --routes FILE.');
      recording = true;
      return await profileEachRoute(service, request, line, json);
    }

    const finished = recordingDone(service, request, line, out);
    const kept = keptProfiles(service);
    recording = true;
    const { recordingId } = await service.api.startRecording(request);
    handleSignal = () => {
      if (interrupted) { void service.dispose().then(() => process.exit(130)); return; }
      interrupted = true;
      line.status('Stopping (Ctrl-C again to quit now)');
      void service.api.stopRecording({ id: recordingId });
    };
    const outcome = await finished;
    const result = await resultOf(service, outcome, kept);
    line.clear();
    if (o.save && !outcome.saved) keepRefusedRecording(result, outcome.saveError, o.out);

    const file = o.out ? writeOut(o.out, result) : null;
    const heapFile = o['heap-out'] ? writeHeapProfile(o['heap-out'], result.profile) : null;
    report(result, file, json, o.save && outcome.saved ? result.id : null, slowMs);
    if (heapFile && !json) process.stdout.write(`Allocations → ${heapFile}\n`);
    reported = true;
    if (result.error) {
      out.write(`flambe: ${maskSecrets(result.error, { alsoFrom: result }).value}\n`);
      return interrupted ? 130 : 1;
    }
    // With --no-load, Ctrl-C is how the user says their load is over: a normal end.
    if (interrupted && !o['no-load']) return 130;
    // --save asked for a row in the library: a bundle beside --out keeps the recording, but what was asked was not done.
    return o.save && !outcome.saved ? 1 : 0;
  } catch (e) {
    // --json promises one object on stdout, also when the run never got a result.
    if (json && !reported && isUserError(e)) {
      process.stdout.write(jsonFailure(launched ? { nodeVersion: launched.nodeVersion, pid: launched.pid } : null, e.message));
    }
    throw e;
  } finally {
    line.clear();
    process.off('SIGINT', onSigint);
    process.off('SIGTERM', onSigint);
    await service.dispose();
  }
}

type RecordFlags = ReturnType<typeof parseArgs<{ args: string[]; allowPositionals: true; tokens: true; options: typeof RECORD_OPTIONS }>>;
type Service = Awaited<ReturnType<typeof startService>>;

/** The load the flags describe, as the record request's load input (checked by checkRecordRequest). */
function loadInputOf(o: RecordFlags['values'], headers: ReturnType<typeof headersFromFlags>, routes: ReturnType<typeof routesFromFlags>) {
  if ((o['max-pause'] !== undefined || o['long-pause-ok']) && !o['find-growth']) throw new UserError('--max-pause and --long-pause-ok go with --find-growth (they are about its heap snapshots).');
  if (!o.save && (o.name !== undefined || o.tag !== undefined || o.library !== undefined)) {
    throw new UserError('--name, --tag and --library go with --save.');
  }
  return {
    url: o.url, method: o.method, headers, body: bodyFromFlag(o.body),
    connections: num(o.connections, '--connections'), durationSec: num(o.duration, '--duration'),
    requests: num(o.requests, '--requests'), timeoutSec: num(o.timeout, '--timeout'),
    warmupSec: num(o.warmup, '--warmup'), samplingIntervalUs: num(o['sampling-interval'], '--sampling-interval'),
    name: o.name, tags: o.tag ?? [], routes, rate: num(o.rate, '--rate'), threads: num(o['load-threads'], '--load-threads'),
    ...(o['no-allocations'] ? { allocations: false } : {}),
    ...(o['find-growth'] ? { findGrowth: true } : {}),
    ...(o['long-pause-ok'] ? { longPauseOk: true } : {}),
    maxPauseSec: num(o['max-pause'], '--max-pause'),
  };
}

/** The URL to load: --url as given; with none, or only a path (--url /json), the port the script listens on, and that path. */
async function loadUrl(service: Service, target: TargetInfo | null, url: string | undefined, line: ProgressLine): Promise<string | undefined> {
  if ((url && !url.startsWith('/')) || !target) return url;
  const found = await waitForSuggestedUrls(service.api.getTarget, target.targetId, line);
  const chosen = urlOnListeningPort(url ?? null, found);
  if ('error' in chosen) throw new UserError(chosen.error);
  return chosen.url;
}

/** --print-k6: the same load as a k6 script, headed by the autocannon command for it. */
function printK6(load: Parameters<typeof k6Script>[0]): void {
  const ac = autocannonCommand(load);
  const header = `// The same load with autocannon: ${ac.command ?? ac.note}${ac.command && ac.note ? `\n// (${ac.note})` : ''}\n`;
  process.stdout.write(header + k6Script(load));
}

/** The recording's end, its progress shown on the way (and, with --no-load, the cue to start sending). */
function recordingDone(service: Service, request: ReturnType<typeof checkRecordRequest> & { ownLoad: boolean }, line: ProgressLine, out: NodeJS.WritableStream): Promise<FlambeEvents['recordingDone']> {
  return new Promise((resolve) => {
    service.onEvent((e) => {
      if (e.name === 'recordingProgress') line.progress(e.payload as RecordingProgress);
      // What a heap snapshot will cost, before it is taken: on stderr also with --json (the pause cannot be undone).
      if (e.name === 'recordingProgress' && e.payload.warning) line.say(e.payload.warning);
      // --no-load: the cue to start sending, on stderr also with --json (the user's tool waits for it).
      if (e.name === 'recordingProgress' && request.ownLoad && e.payload.message === OWN_LOAD_READY) {
        out.write(`Recording: send your load to ${request.load.url} now; it ends after ${request.load.durationSec} s or on Ctrl-C, keeping what was measured.\n`);
      }
      if (e.name === 'recordingDone') resolve(e.payload);
    });
  });
}

/** The profiles of the recordings this process made, as the recorder holds them (by recording id). */
function keptProfiles(service: Service): Map<string, RecordingResult['profile']> {
  const kept = new Map<string, RecordingResult['profile']>();
  service.onRecordingKept((r) => kept.set(r.id, r.profile));
  return kept;
}

/**
 * The recording with its profile: the event carries the metadata, and the profile is the one the recorder holds
 * (this process made it) — not saved, read back, decompressed and parsed again. Fetched only if it was not seen.
 */
async function resultOf(service: Service, outcome: FlambeEvents['recordingDone'], kept: ReadonlyMap<string, RecordingResult['profile']>): Promise<RecordingResult> {
  const { hasProfile, ...meta } = outcome.recording;
  if (!hasProfile) return { ...meta, profile: null };
  if (kept.has(outcome.recordingId)) return { ...meta, profile: kept.get(outcome.recordingId) ?? null };
  const profileBytes = await service.api.getProfile({ id: outcome.recordingId });
  return { ...meta, profile: JSON.parse(Buffer.from(profileBytes).toString('utf8')) };
}

/** Flags that do not go together, in one sentence each, before anything starts; the script's own arguments (after "--") and the pid. */
function checkFlags(o: RecordFlags['values'], tokens: RecordFlags['tokens']): { scriptArgs: string[]; pid: number | undefined } {
  const terminator = tokens.findIndex((t) => t.kind === 'option-terminator');
  const stray = tokens.find((t, i) => t.kind === 'positional' && (terminator < 0 || i < terminator));
  if (stray && stray.kind === 'positional') throw new UserError(`Unexpected argument "${stray.value}": put the script's own arguments after "--".`);
  const scriptArgs = terminator < 0 ? [] : tokens.slice(terminator + 1).flatMap((t) => (t.kind === 'positional' ? [t.value] : []));

  const modes = [o.launch !== undefined, o.attach !== undefined, o.pid !== undefined, !!o['no-profile']].filter(Boolean).length;
  if (modes === 0) throw new UserError('Say what to record: --launch SCRIPT, --attach HOST:PORT, --pid PID, or --no-profile for a load test only.');
  if (modes > 1) throw new UserError('Use only one of --launch, --attach, --pid and --no-profile.');
  const pid = o.pid === undefined ? undefined : parsePid(o.pid);
  if (pid === null) throw new UserError(`--pid takes a process id, a whole number like 12345; "${o.pid}" is not one (list them with "ps -C node" or in the app).`);
  if (o['no-profile'] && !o.url) throw new UserError('--no-profile needs --url: the address to load.');
  if (o['output-file'] && o.launch === undefined) throw new UserError('--output-file goes with --launch: Flambé chooses where the output goes only for a script it starts.');
  if (o.attach !== undefined && !o.url && !o['no-load']) throw new UserError('--attach needs --url: the address of the server to load.');
  if (o['no-load'] && o['no-request-time']) throw new UserError('--no-load counts your requests with the request collector: it does not go with --no-request-time.');
  if (o['find-growth'] && (o['no-load'] || o['no-profile'] || o['per-route-cpu'])) {
    throw new UserError('--find-growth takes heap snapshots of the server under Flambé\'s own load, after the burst: it does not go with --no-load, --no-profile or --per-route-cpu.');
  }
  if (o['no-load'] && o['no-profile']) throw new UserError('--no-load counts your requests inside the server: it needs --launch, --attach or --pid, not --no-profile.');
  if (o['no-load'] && (o.requests !== undefined || o.rate !== undefined || o.route !== undefined || o.routes !== undefined || o['per-route-cpu'])) {
    throw new UserError('--no-load records while you send the load: -n, --rate, --route, --routes and --per-route-cpu describe a load Flambé sends, so they do not go with it. Use -d SECONDS.');
  }

  return { scriptArgs, pid: pid ?? undefined };
}

/** The target the flags name: a script launched (its startup output passed through), a server attached by address or by pid; null with --no-profile. */
async function openTarget(
  service: Awaited<ReturnType<typeof startService>>, o: RecordFlags['values'],
  ctx: { scriptArgs: string[]; env: ReturnType<typeof envFromFlags>; pid: number | undefined; line: ProgressLine; json: boolean; recording: () => boolean },
): Promise<TargetInfo | null> {
  const { line, json } = ctx;
  if (o.launch !== undefined) {
    line.status(`Launching ${o.launch}`);
    const unsubscribe = service.onEvent((e) => {
      // The script's own output goes to stderr, so stdout stays clean for --json.
      // During the burst a logging server would flood the terminal: its startup output is enough.
      if (e.name === 'targetOutput' && !json && !ctx.recording()) line.passThrough(e.payload.text);
    });
    const target = await service.api.launchTarget({ script: o.launch, args: ctx.scriptArgs, cwd: o.cwd, env: ctx.env, nodePath: o.node, outputToFile: !!o['output-file'] });
    if (json) unsubscribe();
    return target;
  }
  if (o.attach !== undefined) {
    const { host, port } = parseHostPort(o.attach);
    line.status(`Attaching to ${host}:${port}`);
    return service.api.attachTarget({ host, port, confirmRemote: !!o['allow-remote'] });
  }
  if (ctx.pid !== undefined) {
    // Said before the signal, as a line of its own (a status line is overwritten).
    if (!json) line.passThrough(`${SIGUSR1_NOTICE}\n`);
    line.status(`Opening the inspector of process ${ctx.pid}`);
    return service.api.attachProcess({ pid: ctx.pid });
  }
  return null;
}

/** The library refused the write: the whole recording (load numbers too) must not be lost with this process. */
function keepRefusedRecording(result: RecordingResult, saveError: string | null, out: string | undefined): void {
  const why = withoutMemoryPromise(saveError ?? 'The library could not keep the recording.');
  if (result.load || result.profile) {
    // The user's own copy in place of the library row: kept whole, secrets included (an export to share masks them).
    const fallback = writeFallbackBundle(out, result.id, writeBundle(result, { includeSecrets: true }));
    process.stderr.write(`flambe: ${why} It was written to ${fallback} instead.\n`);
  } else {
    process.stderr.write(`flambe: ${why}\n`);
  }
}

/** --out: the profile, or with .flambe the whole recording (load, target, samples and profile), which "flambe library import" brings back equal. */
function writeOut(out: string, result: RecordingResult): string | null {
  const wholeRecording = /\.flambe$/i.test(out);
  if (!result.profile && !wholeRecording) return null;
  const file = path.resolve(out);
  // The whole recording is the user's own copy, secrets kept: owner-only when it holds one (services/owner-only.ts).
  const whole = wholeRecording ? writeBundleWithNote(result, { includeSecrets: true }) : null;
  writeExportFile(file, whole ? whole.text : JSON.stringify(result.profile), !!whole?.holdsSecrets, `the ${wholeRecording ? 'recording' : 'profile'} to ${file}`);
  return file;
}

/** --per-route-cpu: each route in its own burst, its CPU per request and top function; exit 1 when one failed. */
async function profileEachRoute(service: Service, request: Parameters<FlambeApi['profileRoutes']>[0], line: ProgressLine, json: boolean): Promise<number> {
  service.onEvent((e) => { if (e.name === 'recordingProgress') line.progress(e.payload as RecordingProgress); });
  const rows = await service.api.profileRoutes(request);
  line.clear();
  if (json) process.stdout.write(JSON.stringify({ routeCpu: rows }) + '\n');
  else printLines(process.stdout, formatRouteCpu(rows));
  const failed = rows.find((r) => r.error);
  if (failed) process.stderr.write(`flambe: ${failed.method} ${failed.path}: ${failed.error}\n`);
  return failed ? 1 : 0;
}

/** --heap-out: the recording's allocation profile as a .heapprofile; a sentence when there is none. */
function writeHeapProfile(target: string, profile: unknown): string | null {
  const heap = allocationsOf(profile);
  if (!heap) {
    process.stderr.write('flambe: there is no allocation profile to write (--no-allocations, or the target could not sample allocations).\n');
    return null;
  }
  const file = path.resolve(target);
  writeExportFile(file, exportHeapProfile(heap), false, `the allocation profile to ${file}`);
  return file;
}

/** The recording's threads in the model (main thread first), imported once for the samples line and the verdict; null without a readable profile. */
function importedThreads(profile: unknown): NamedProfile[] | null {
  if (!profile) return null;
  try {
    return importThreads(profile).threads;
  } catch {
    return null; // a profile the model refuses: the run's other numbers still print
  }
}

/** Samples and duration as the model counts them (the Library and the views show the same numbers). */
function profileStats(profile: Profile): { samples: number; durationMs: number } | null {
  const summary = summarizeProfile(profile);
  return summary ? { samples: summary.samples, durationMs: Math.round(summary.durationMs * 100) / 100 } : null;
}

/** Where the "ms of CPU" below come from (docs/cpu.md "How CPU is measured"). */
function cpuLine(cpu: CpuAccounting | null): string {
  const t = cpu?.mainThread;
  if (!cpu || !t) return 'CPU      the main thread\'s CPU time could not be read from the operating system: ms per request below are sampled time, which reads high on a busy machine.';
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  return `CPU      main thread ${s(t.cpuMs)} on a CPU while sampled busy for ${s(cpu.sampledBusyMs)} (${t.clock === 'threadCpuUsage' ? 'process.threadCpuUsage' : '/proc schedstat'}); whole process ${cpu.processCpuMs === null ? 'not read' : s(cpu.processCpuMs)}: ms of CPU below are shares of the samples × the thread's CPU (never more than the sampled busy time)${cpu.requestCode ? `, at the CPU per ms of the requests' own code (${s(cpu.requestCode.cpuMs)} over ${s(cpu.requestCode.wallMs)}) where that is lower` : ''}.`;
}

function report(result: RecordingResult, file: string | null, json: boolean, savedId: string | null, slowMs: number): void {
  const threads = importedThreads(result.profile);
  const profile = threads?.[0].profile ?? null;
  const stats = profile && profileStats(profile);
  const verdict = profile && recordingVerdict(result, profile, threads!.slice(1));
  const memory = memoryOf(result);
  // A cluster's workers (or other children) recorded beside the target: who served how many (shared/recording/processes.ts).
  const processes = extraOf(result.profile, 'processes');
  if (json) {
    const l = result.load;
    const obj = {
      target: result.target ? { nodeVersion: result.target.nodeVersion, pid: result.target.pid } : null,
      load: l ? loadJson(l, slowMs) : null,
      ...(l?.routes ? { routes: l.routes.map(routeJson) } : {}),
      ...(result.output ? { output: outputJson(result.output) } : {}),
      ...(processes ? { processes: { primaryRequests: processes.primaryRequests, children: processes.children.map(({ pid, role, requests }) => ({ pid, role, requests })), refused: processes.refused } } : {}),
      profile: stats ? { ...stats, file } : null,
      ...memoryJson(memory),
      findings: verdict ? [...memoryFindingsJson(verdict, result.growing ?? null), ...findingsJson(verdict)] : [],
      checks: verdict ? checksJson(verdict) : [],
      // A burst of several routes: each route's main cause, heaviest first (the verdict's route lines).
      ...(verdict?.routes ? { routeCauses: verdict.routes } : {}),
      ...(result.requestTime ? requestTimeJson(result.requestTime) : {}),
      // The threads' and the process's CPU from the OS over the profile's window: what every "ms of CPU" is computed from.
      ...(result.cpu ? { cpu: result.cpu } : {}),
      error: result.error,
      ...(savedId ? { id: savedId } : {}),
    };
    printMaskedJson(obj, result);
    return;
  }
  const lines: string[] = [];
  if (result.target) lines.push(`Target   ${result.target.label} (pid ${result.target.pid}, Node ${result.target.nodeVersion})`);
  if (result.settings) lines.push(urlLine(result.settings.load));
  const asked = result.settings?.load.connections;
  if (result.load?.connections !== undefined && asked !== undefined && result.load.connections < asked) {
    lines.push(`Note     ${result.load.connections} connections, not ${asked}: there were only ${result.load.connections} requests to send.`);
  }
  if (result.load) lines.push(...formatLoadSummary(result.load, slowMs, !!result.settings?.ownLoad));
  const servedBy = servedBySentence(processes);
  if (servedBy) lines.push(`Served   ${servedBy}`);
  if (result.requestTime) lines.push(...formatRequestTime(result.requestTime, result.load));
  lines.push(...memoryLines(memory));
  if (result.output) lines.push(`Output   ${outputSentence(result.output)}${result.output.stdio ? ` It went to a ${result.output.stdio === 'file' ? 'file (synchronous writes, as a terminal)' : 'pipe (asynchronous writes)'}.` : ''}`);
  if (stats) lines.push(`Profile  ${stats.samples} samples over ${(stats.durationMs / 1000).toFixed(2)} s${file ? ` → ${file}` : ' (use --out FILE to keep it)'}`);
  if (stats) lines.push(cpuLine(result.cpu ?? null));
  if (savedId) lines.push(`Saved    ${result.name} (id ${savedId})`);
  if (verdict) lines.push('', ...formatVerdict(verdict));
  printMaskedLines(lines, result);
}

/** record --json's "output": the documented shape (README). */
function outputJson(o: OutputVolume) {
  return { lines: o.lines, linesPerRequest: o.linesPerRequest, linesPerSecond: o.linesPerSecond, stdio: o.stdio ?? null, from: o.from };
}
