// The "Compare two variants" form, as plain state, and the experiment spec it
// describes (validated by the contract's own schema, so the form and the
// services agree on every rule).
import { describeValidationError, experimentSpecSchema, type ExperimentSpec, type ExperimentSpecResolved, type LaunchSpec, type RecordedTarget } from '../../../shared/api.ts';
import { buildLaunchSpec, parseNumberField, type LaunchFormState, type LoadFormState } from '../lib/forms.ts';
import { parseEnvLines, type Parsed } from '../../../shared/headers.ts';
import { ArgumentsError, splitArgs } from '../lib/shell-args.ts';
import { groupThousands } from '../../../shared/number-format.ts';

export type DifferKind = 'env' | 'args' | 'script' | 'url';

export interface ExperimentFormState {
  target: 'demo' | 'script';
  differ: DifferKind;
  a: string;
  b: string;
  aName: string;
  bName: string;
  rounds: string;
  /** Rounds until it knows: add pairs until the headline interval is within ± this many % ('' = off). */
  untilPercent: string;
  /** …or until this many minutes have passed. */
  budgetMinutes: string;
  profile: boolean;
  /** 'auto': a file for the demo and for logging switches, else a pipe. */
  output: 'auto' | 'file' | 'pipe';
}

export const defaultExperimentForm: ExperimentFormState = {
  target: 'demo', differ: 'url', a: '/log', b: '/hello', aName: '', bName: '', rounds: '5', untilPercent: '', budgetMinutes: '10', profile: true, output: 'auto',
};

export const DIFFER_LABELS: Record<DifferKind, { label: string; placeholderA: string; placeholderB: string; hint: string }> = {
  env: { label: 'Environment variables', placeholderA: 'e.g. LOG=1', placeholderB: 'e.g. LOG=0', hint: 'KEY=VALUE, one per line: added to the script’s environment.' },
  args: { label: 'Script arguments', placeholderA: 'e.g. --cache', placeholderB: 'e.g. --no-cache', hint: 'Separated by spaces, after the script’s own arguments.' },
  script: { label: 'The script itself', placeholderA: 'e.g. before.js', placeholderB: 'e.g. after.js', hint: 'Two files (or two checkouts): the path of each, from the working directory.' },
  url: { label: 'The route (URL)', placeholderA: 'e.g. /log', placeholderB: 'e.g. /hello', hint: 'A path (/hello) uses the port the server opens; or a full http:// URL.' },
};

/** The demo's one-click questions: each route against the baseline /hello. */
export const DEMO_QUESTIONS = [
  // `thing`: what A adds, the subject of the answer ("console.log costs …").
  { id: 'log', question: 'What does console.log cost?', route: '/log', a: 'with console.log', b: 'without console.log', thing: 'console.log' },
  { id: 'crypto', question: 'What does sync crypto cost?', route: '/crypto', a: 'with pbkdf2Sync', b: 'without pbkdf2Sync', thing: 'pbkdf2Sync' },
  { id: 'json', question: 'What does a big JSON.stringify cost?', route: '/json', a: 'with JSON.stringify', b: 'without JSON.stringify', thing: 'A big JSON.stringify' },
  { id: 'regex', question: 'What does a backtracking regex cost?', route: '/regex', a: 'with the regex', b: 'without the regex', thing: 'The backtracking regex' },
] as const;

/** "http://127.0.0.1:51234/log?x=1" → "/log?x=1": a launched target opens a new port every time it starts. */
export function pathOf(url: string): string {
  const t = url.trim();
  if (!t || t.startsWith('/')) return t || '/';
  try {
    const u = new URL(t);
    return u.pathname + u.search;
  } catch {
    return t;
  }
}

function loadOf(load: LoadFormState): Parsed<ExperimentSpec['load']> {
  const connections = parseNumberField(load.connections, 'Connections', { integer: true });
  if (!connections.ok) return connections;
  const duration = parseNumberField(load.durationSec, 'Duration');
  if (!duration.ok) return duration;
  return { ok: true, value: { url: pathOf(load.url), method: load.method, connections: connections.value, durationSec: duration.value } };
}

function validate(spec: ExperimentSpec): Parsed<ExperimentSpecResolved> {
  const parsed = experimentSpecSchema.safeParse(spec);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, message: describeValidationError(parsed.error) };
}

function common(form: ExperimentFormState, load: LoadFormState) {
  const rounds = parseNumberField(form.rounds, 'Rounds', { integer: true });
  if (!rounds.ok) return rounds;
  const l = loadOf(load);
  if (!l.ok) return l;
  const warmup = parseNumberField(load.warmupSec, 'Warm-up');
  if (!warmup.ok) return warmup;
  let until: ExperimentSpec['until'];
  if ((form.untilPercent ?? '').trim()) {
    const within = parseNumberField(form.untilPercent, 'Until ±%');
    if (!within.ok) return within;
    const budget = parseNumberField(form.budgetMinutes || '10', 'Time budget (minutes)');
    if (!budget.ok) return budget;
    until = { withinPercent: within.value, budgetSec: budget.value * 60 };
  }
  return { ok: true as const, value: { rounds: rounds.value, load: l.value, warmupSec: warmup.value, samplingIntervalUs: load.samplingIntervalUs, ...(until ? { until } : {}) } };
}

/** What step 1 shows of a target, as the service describes it. */
export type ShownTarget = Pick<RecordedTarget, 'kind' | 'label' | 'args' | 'env'>;

/**
 * "The script of step 1": what step 1 shows. A launched target shows there in
 * place of the launch form, and in another tab (or after the form was cleared)
 * the form is empty while the target runs: then its script, arguments and
 * environment are the service's record of what it launched. The form, when
 * filled, also carries the working folder and the Node program.
 */
export function step1Launch(launch: LaunchFormState, shown: ShownTarget | null): Parsed<LaunchSpec> {
  if (!launch.script.trim() && shown?.kind === 'launched') {
    return { ok: true, value: { script: shown.label, args: [...(shown.args ?? [])], env: { ...(shown.env ?? {}) } } };
  }
  const spec = buildLaunchSpec(launch);
  if (spec.ok) return spec;
  if (!launch.script.trim() && shown?.kind === 'attached') {
    return { ok: false, message: 'Step 1 is attached to a process Flambé did not start, and each round starts its own copy: launch the script in step 1, or use the demo server.' };
  }
  return { ok: false, message: spec.message === 'Choose the script to launch.' ? 'Choose the script to launch in step 1 (Launch a script), or use the demo server.' : spec.message };
}

/** `shown`: the target step 1 shows, if any (step1Launch). */
export function buildExperimentSpec(form: ExperimentFormState, load: LoadFormState, launch: LaunchFormState,
  shown: ShownTarget | null = null): Parsed<ExperimentSpecResolved> {
  const c = common(form, load);
  if (!c.ok) return c;
  let target: ExperimentSpec['target'] = { kind: 'demo' };
  if (form.target === 'script') {
    const spec = step1Launch(launch, shown);
    if (!spec.ok) return spec;
    target = { kind: 'launch', launch: spec.value };
  }
  let differ: ExperimentSpec['differ'];
  switch (form.differ) {
    case 'env': {
      const a = parseEnvLines(form.a);
      if (!a.ok) return { ok: false, message: `A: ${a.message}` };
      const b = parseEnvLines(form.b);
      if (!b.ok) return { ok: false, message: `B: ${b.message}` };
      differ = { kind: 'env', a: a.value, b: b.value };
      break;
    }
    case 'args':
      try {
        differ = { kind: 'args', a: splitArgs(form.a), b: splitArgs(form.b) };
      } catch (e) {
        if (e instanceof ArgumentsError) return { ok: false, message: e.message };
        throw e;
      }
      break;
    case 'script':
      differ = { kind: 'script', a: form.a.trim(), b: form.b.trim() };
      break;
    default:
      differ = { kind: 'url', a: form.a.trim(), b: form.b.trim() };
  }
  return validate({
    ...c.value, target, differ, profile: form.profile,
    names: { a: form.aName.trim() || undefined, b: form.bName.trim() || undefined },
    outputToFile: form.output === 'auto' ? undefined : form.output === 'file',
  });
}

/** The one-click demo question: the route against /hello, on the demo server, output to a file like a terminal. */
export function buildDemoQuestion(id: (typeof DEMO_QUESTIONS)[number]['id'], form: ExperimentFormState, load: LoadFormState): Parsed<ExperimentSpecResolved> {
  const q = DEMO_QUESTIONS.find((x) => x.id === id)!;
  const c = common(form, load);
  if (!c.ok) return c;
  return validate({
    ...c.value, target: { kind: 'demo' }, differ: { kind: 'url', a: q.route, b: '/hello' }, names: { a: q.a, b: q.b },
    profile: true, outputToFile: true, name: q.question,
  });
}

const seconds = (n: number) => `${groupThousands(n, Number.isInteger(n) ? 0 : 1)} s`;

/**
 * "each round is 10 s of load after 2 s of warm-up" — the length of a round from step 2's load. While step 2's
 * duration or warm-up is not yet a number it can run (a first-time user typed "-3"), it says what to fix there
 * instead of echoing "each round is -3 s of load".
 */
export function roundLengthWords(load: Pick<LoadFormState, 'durationSec' | 'warmupSec'>): string {
  const d = load.durationSec.trim() === '' ? Number.NaN : Number(load.durationSec);
  const w = load.warmupSec.trim() === '' ? 0 : Number(load.warmupSec);
  if (!Number.isFinite(d) || d <= 0) return 'each round is as long as the load of step 2, once its duration is a number of seconds above 0';
  if (!Number.isFinite(w) || w < 0) return `each round is ${seconds(d)} of load, after step 2's warm-up once it is a number of seconds (0 or more)`;
  return `each round is ${seconds(d)} of load after ${seconds(w)} of warm-up`;
}
