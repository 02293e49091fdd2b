// flambe experiment: A/B in interleaved rounds, with the difference and its
// 95% interval — the app's "Compare two variants" in a terminal and in CI.
import { printMaskedJson, printMaskedLines } from './masked-output.ts';
import { maskSecrets } from '../../shared/recording/secrets.ts';
import { parseArgs } from 'node:util';
import { describeValidationError, experimentSpecSchema, type ExperimentSpec, type FlambeEvents, type RecordingProgress } from '../../shared/api.ts';
import type { ExperimentResult, ExperimentRound, VariantKey } from '../../shared/experiment/types.ts';
import { combineProcess, spreadCell, type Spread } from '../../shared/memory/process-summary.ts';
import { parseEnvEntries } from '../../shared/headers.ts';
import { resolveLibraryPath } from '../services/library/library-path.ts';
import { UserError } from '../services/errors.ts';
import { startService } from './lazy-service.ts';
import { ProgressLine, routeTable } from './terminal-output.ts';
import { formatComparison, formatRequestTimeChanges, slowerThan } from './compare-command.ts';
import { EXPERIMENT_HELP } from './help/experiment-help.ts';

function num(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n)) throw new UserError(`${flag} takes a number; "${value}" is not one.`);
  return n;
}

/** KEY=VALUE flags by the forms' rules (shared/headers.ts), each named by its flag in a refusal. */
function envOf(pairs: string[] | undefined, flag: string): Record<string, string> {
  const parsed = parseEnvEntries((pairs ?? []).map((text) => ({ text, where: `${flag} ${JSON.stringify(text)}` })));
  if (!parsed.ok) throw new UserError(parsed.message);
  return parsed.value;
}

/** The spec a command line describes, or a UserError saying what is missing. */
export function experimentSpecFromArgs(argv: string[]): { spec: ExperimentSpec; json: boolean; failIfSlower: number | null; library?: string; help: boolean } {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv, allowPositionals: true, tokens: true,
      options: {
        launch: { type: 'string' }, demo: { type: 'boolean' }, cwd: { type: 'string' }, env: { type: 'string', multiple: true },
        url: { type: 'string' }, connections: { type: 'string', short: 'c' }, duration: { type: 'string', short: 'd' },
        warmup: { type: 'string' }, rounds: { type: 'string' }, 'no-profile': { type: 'boolean' }, 'load-threads': { type: 'string' },
        'a-env': { type: 'string', multiple: true }, 'b-env': { type: 'string', multiple: true },
        'a-script': { type: 'string' }, 'b-script': { type: 'string' }, 'a-url': { type: 'string' }, 'b-url': { type: 'string' },
        'a-arg': { type: 'string', multiple: true }, 'b-arg': { type: 'string', multiple: true },
        'a-name': { type: 'string' }, 'b-name': { type: 'string' }, 'output-file': { type: 'boolean' }, 'output-pipe': { type: 'boolean' },
        save: { type: 'boolean' }, library: { type: 'string' }, json: { type: 'boolean' }, 'fail-if-slower': { type: 'string' },
        until: { type: 'string' }, budget: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (e) {
    throw new UserError(`${(e as Error).message.split('. ')[0].replace(/\.$/, '')} (see "flambe experiment --help").`);
  }
  const { values: o, tokens } = parsed;
  const base = { json: !!o.json, failIfSlower: null as number | null, library: o.library, help: !!o.help };
  if (o.help) return { ...base, spec: {} as ExperimentSpec };
  const terminator = tokens.findIndex((t) => t.kind === 'option-terminator');
  const stray = tokens.find((t, i) => t.kind === 'positional' && (terminator < 0 || i < terminator));
  if (stray && stray.kind === 'positional') throw new UserError(`Unexpected argument "${stray.value}": put the script's own arguments after "--".`);
  const scriptArgs = terminator < 0 ? [] : tokens.slice(terminator + 1).flatMap((t) => (t.kind === 'positional' ? [t.value] : []));

  if ((o.launch !== undefined) === !!o.demo) throw new UserError('Say what to run: --launch SCRIPT or --demo (one of them).');
  const kinds = [
    o['a-env'] || o['b-env'] ? 'env' : null, o['a-script'] || o['b-script'] ? 'script' : null,
    o['a-url'] || o['b-url'] ? 'url' : null, o['a-arg'] || o['b-arg'] ? 'args' : null,
  ].filter(Boolean);
  if (kinds.length === 0) throw new UserError('Say what differs between A and B: --a-env/--b-env, --a-script/--b-script, --a-url/--b-url or --a-arg/--b-arg.');
  if (kinds.length > 1) throw new UserError(`A and B may differ in one way only; got ${kinds.join(' and ')}.`);
  let differ: ExperimentSpec['differ'];
  switch (kinds[0]) {
    case 'env': differ = { kind: 'env', a: envOf(o['a-env'], '--a-env'), b: envOf(o['b-env'], '--b-env') }; break;
    case 'args': differ = { kind: 'args', a: o['a-arg'] ?? [], b: o['b-arg'] ?? [] }; break;
    case 'script':
      if (!o['a-script'] || !o['b-script']) throw new UserError('Give both scripts: --a-script FILE --b-script FILE.');
      differ = { kind: 'script', a: o['a-script'], b: o['b-script'] }; break;
    default:
      if (!o['a-url'] || !o['b-url']) throw new UserError('Give both URLs: --a-url URL --b-url URL.');
      differ = { kind: 'url', a: o['a-url'], b: o['b-url'] };
  }
  if (differ.kind !== 'url' && !o.url) throw new UserError('--url is needed: the URL (or path, like /hello) each round loads.');
  if (o['output-file'] && o['output-pipe']) throw new UserError('Use only one of --output-file and --output-pipe.');
  if (!o.save && o.library !== undefined) throw new UserError('--library goes with --save.');
  const failIfSlower = num(o['fail-if-slower'], '--fail-if-slower');
  if (failIfSlower !== undefined && failIfSlower < 0) throw new UserError('--fail-if-slower takes a percentage of 0 or more, like 5.');
  if (o.budget !== undefined && o.until === undefined) throw new UserError('--budget goes with --until PCT: the interval to reach before it ends.');
  const until = o.until !== undefined ? { withinPercent: num(o.until, '--until')!, budgetSec: num(o.budget, '--budget') } : undefined;
  const spec: ExperimentSpec = {
    target: o.demo ? { kind: 'demo' } : { kind: 'launch', launch: { script: o.launch!, cwd: o.cwd, env: envOf(o.env, '--env'), args: scriptArgs } },
    differ,
    names: { a: o['a-name'], b: o['b-name'] },
    rounds: num(o.rounds, '--rounds'),
    load: { url: o.url, connections: num(o.connections, '--connections'), durationSec: num(o.duration, '--duration'), threads: num(o['load-threads'], '--load-threads') },
    warmupSec: num(o.warmup, '--warmup'),
    profile: !o['no-profile'],
    outputToFile: o['output-file'] ? true : o['output-pipe'] ? false : undefined,
    save: !!o.save,
    ...(until ? { until } : {}),
  };
  return { ...base, spec, failIfSlower: failIfSlower ?? null };
}

/** The --json object: compare's Comparison as `flambe compare --json` prints it, plus rounds, and the experiment's own facts. */
export function experimentJson(exp: ExperimentResult, savedId: string | null): unknown {
  return {
    ...(exp.comparison ?? { a: { name: exp.variants.a.name }, b: { name: exp.variants.b.name }, load: null, verdict: null, rounds: 0 }),
    order: exp.order, status: exp.status, error: exp.error, output: exp.output,
    ...variantProcessJson(exp),
    ...(savedId ? { id: savedId } : {}),
  };
}

export function formatExperiment(exp: ExperimentResult): string[] {
  const c = exp.comparison;
  const lines = [
    `Variants A = ${exp.variants.a.name}${exp.variants.a.name !== exp.variants.a.what ? ` (${exp.variants.a.what})` : ''}, B = ${exp.variants.b.name}${exp.variants.b.name !== exp.variants.b.what ? ` (${exp.variants.b.what})` : ''}`,
    `Rounds   ${exp.rounds.map((r) => `${r.variant}${r.complete ? '' : '*'}`).join(' ')} (pairs back to back: ${exp.order === 'AB' ? 'A' : 'B'} first in the first pair by a coin, then alternating)${exp.rounds.some((r) => !r.complete) ? '  * cut short or failed: left out' : ''}`,
  ];
  if (exp.output) lines.push(`Output   the script wrote to ${exp.output === 'file' ? 'a file Flambé tails (synchronous, like a terminal)' : 'a pipe (asynchronous)'}`);
  const process = variantProcessTable(exp);
  if (!c) return [...lines, '', 'Not enough complete rounds to compare.', ...(process.length ? ['', ...process] : [])];
  return [...lines, '', ...formatComparison(c, 10), ...(c.requestTime ? ['', ...formatRequestTimeChanges(c.requestTime)] : []), ...(process.length ? ['', ...process] : [])];
}

/** Each variant's complete rounds (the ones the statistics use). */
const roundsOf = (exp: ExperimentResult, v: VariantKey) => exp.rounds.filter((r) => r.variant === v && r.complete);

/** What a variant's rounds say of memory: "grew in 2 of 4 rounds", "did not grow (4 of 4 rounds judged)", "too short to tell". */
function variantGrowthWords(rounds: readonly ExperimentRound[]): string {
  const judged = rounds.filter((r) => r.growth && !r.growth.undecided);
  const grew = judged.filter((r) => r.growth!.grows).length;
  if (grew > 0) return `grew in ${grew} of ${rounds.length} rounds`;
  if (judged.length > 0) return `did not grow (${judged.length} of ${rounds.length} rounds judged)`;
  return rounds.some((r) => r.growth?.undecided) ? 'cannot tell yet' : 'too short to tell';
}

/**
 * "Process": per variant, CPU %, event loop busy, heap used, external and RSS as the mean
 * (min–max) over its complete rounds' bursts, and whether memory grew in them; then the
 * growth sentence of each round whose memory grew. Empty without process samples (--no-profile).
 */
export function variantProcessTable(exp: ExperimentResult): string[] {
  const variants = (['A', 'B'] as const).map((v) => ({ v, rounds: roundsOf(exp, v) })).filter((x) => x.rounds.some((r) => r.process));
  if (!variants.length) return [];
  const cell = (x: Spread | null | undefined, scale = 1) => (x ? spreadCell(x, scale) : '–');
  const rows = variants.map(({ v, rounds }) => {
    const p = combineProcess(rounds.map((r) => r.process));
    return [`${v} ${exp.variants[v === 'A' ? 'a' : 'b'].name}`, String(rounds.length), cell(p?.cpuPercent), cell(p?.elu, 100), cell(p?.heapUsedMb), cell(p?.externalMb), cell(p?.rssMb), variantGrowthWords(rounds)];
  });
  const grew = variants.flatMap(({ v, rounds }) => rounds.filter((r) => r.growth?.grows).map((r) => `${v} round ${r.round}  ${r.growth!.sentence}`));
  return [
    "Process (mean (min–max) over each variant's complete rounds)",
    ...routeTable(['Variant', 'Rounds', 'CPU %', 'Event loop %', 'Heap MiB', 'External MiB', 'RSS MiB', 'Memory'], rows, { textLast: true }),
    ...grew,
  ];
}

/** --json "process" (each variant's rounds as one: record's shape) and "memory" (each complete round's growth verdict, in order). */
export function variantProcessJson(exp: ExperimentResult) {
  const growth = (v: VariantKey) => roundsOf(exp, v).map((r) => (r.growth ? { round: r.round, ...r.growth } : { round: r.round, grows: null, sentence: null }));
  return {
    process: { a: combineProcess(roundsOf(exp, 'A').map((r) => r.process)), b: combineProcess(roundsOf(exp, 'B').map((r) => r.process)) },
    memory: { a: { growth: growth('A') }, b: { growth: growth('B') } },
  };
}

export async function experimentCommand(argv: string[]): Promise<number> {
  const { spec, json, failIfSlower, library, help } = experimentSpecFromArgs(argv);
  if (help) {
    process.stdout.write(EXPERIMENT_HELP);
    return 0;
  }
  const check = experimentSpecSchema.safeParse(spec);
  if (!check.success) throw new UserError(describeValidationError(check.error));
  // Its work is registered beside the library even when it keeps nothing there (the app on that library sees it, and it sees the app's).
  const service = await startService({
    libraryPath: check.data.save ? resolveLibraryPath(library) : null, workSharedWith: resolveLibraryPath(library), program: 'flambe experiment', keepsUnsavedInMemory: false,
  });
  if (check.data.save) {
    const status = await service.api.libraryStatus({});
    if (status.problem || status.readOnly) {
      await service.dispose();
      throw new UserError(status.problem ?? status.readOnly!);
    }
  }
  const line = new ProgressLine(process.stderr, !json);
  let interrupted = false;
  let experimentId: string | null = null;
  const onSignal = () => {
    if (interrupted || !experimentId) { void service.dispose().then(() => process.exit(130)); return; }
    interrupted = true;
    line.status('Stopping after this round is cut short (Ctrl-C again to quit now)');
    void service.api.stopExperiment({ id: experimentId });
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    const finished = new Promise<FlambeEvents['experimentDone']>((resolve) => {
      service.onEvent((e) => {
        if (e.name === 'experimentProgress') {
          const p = e.payload;
          line.progress({ recordingId: p.experimentId, phase: `${p.roundIndex}:${p.phase}` as RecordingProgress['phase'], fraction: p.fraction, message: p.message });
        }
        if (e.name === 'experimentDone') resolve(e.payload);
      });
    });
    experimentId = (await service.api.startExperiment(check.data)).experimentId;
    const outcome = await finished;
    const exp = await service.api.getExperiment({ id: outcome.experimentId });
    line.clear();
    const savedId = check.data.save && outcome.saved ? exp.id : null;
    // Its name and variants are made of what differs (DB_PASSWORD=… vs …): printed masked, as every output is.
    if (json) printMaskedJson(experimentJson(exp, savedId), exp);
    else printMaskedLines([...formatExperiment(exp), ...(savedId ? [`Saved    ${exp.name} (experiment ${savedId.slice(0, 8)})`] : [])], exp);
    if (check.data.save && !outcome.saved) process.stderr.write('flambe: the library could not store the experiment; its numbers are above.\n');
    if (exp.status === 'failed') {
      process.stderr.write(`flambe: ${maskSecrets(exp.error ?? '', { alsoFrom: exp }).value}\n`);
      return 1;
    }
    if (interrupted) return 130;
    if (failIfSlower !== null && exp.comparison && slowerThan(exp.comparison, failIfSlower)) {
      process.stderr.write(`flambe: B is significantly slower than A by more than ${failIfSlower}%.\n`);
      return 3;
    }
    return 0;
  } finally {
    line.clear();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await service.dispose();
  }
}
