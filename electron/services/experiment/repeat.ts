// "Repeat as an experiment": two recordings (Compare's A and B) become an
// experiment's spec from what the library kept of each run — the script
// (argv[1]), its environment variables and arguments (migration 3 `launch`),
// the load settings — when Flambé launched both targets and they differ in at
// most one thing; otherwise one sentence says why it cannot.
import path from 'node:path';
import type { ExperimentSpec, RecordingMeta, RepeatPlan } from '../../../shared/api.ts';
import { launchDetails } from '../library/launch-details.ts';
import { MASK } from '../../../shared/recording/secrets.ts';

type Side = 'A' | 'B';

const refuse = (reason: string): RepeatPlan => ({ spec: null, reason, what: null });

/** The script a launched recording ran, as an absolute path (argv[1]; the label for older rows). */
function scriptOf(rec: RecordingMeta): string | null {
  const t = rec.target;
  if (!t) return null;
  const fromArgv = t.argv[1];
  if (fromArgv && path.isAbsolute(fromArgv)) return fromArgv;
  return t.label ? path.resolve(t.label) : null;
}

/** What a URL asks for on its server: the path and query (the port changes with every launch). */
function pathOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  } catch {
    return url;
  }
}

const sameJson = (x: unknown, y: unknown) => JSON.stringify(x) === JSON.stringify(y);

export function planRepeat(a: RecordingMeta, b: RecordingMeta, rounds: number, exists: (file: string) => boolean): RepeatPlan {
  const sides: [Side, RecordingMeta][] = [['A', a], ['B', b]];
  for (const [side, rec] of sides) {
    if (!rec.settings) return refuse(`${side} was imported from a file, not recorded by Flambé: there are no settings to run again.`);
    if (rec.target?.kind === 'attached') return refuse(`${side} was attached to a running process; Flambé can only repeat what it launched.`);
    // An imported bundle's secret-looking values were masked at export: running "(masked)" would not be the run it was.
    const masked = Object.entries(rec.target?.env ?? {}).find(([, v]) => v.includes(MASK))?.[0];
    if (masked) return refuse(`${side}'s ${masked} was masked when its .flambe file was exported, so Flambé cannot run it again as it was: import a bundle exported with secrets included.`);
  }
  if (!!a.target !== !!b.target) {
    return refuse(`${a.target ? 'B' : 'A'} was a load-only run and ${a.target ? 'A' : 'B'} profiled a process: an experiment runs both the same way.`);
  }
  const sa = a.settings!;
  const sb = b.settings!;
  // The load must be the same but for its URL: an experiment loads both variants alike.
  const { url: urlA, ...loadA } = sa.load;
  const { url: urlB, ...loadB } = sb.load;
  if (!sameJson(loadA, loadB)) {
    return refuse('A and B ran different load (connections, duration, method, routes or rate): an experiment loads both alike, so record them with the same load first.');
  }
  // Named by what differs ("Repeat: LOG=1 vs LOG=0"): the recordings' own names are long and say it less well.
  const common = (what: string) => ({ rounds, warmupSec: sa.warmupSec, samplingIntervalUs: sa.samplingIntervalUs, name: `Repeat: ${what}`.slice(0, 200) });

  if (!a.target) {
    // Load-only runs: the same URLs again, no profiling.
    const what = urlA === urlB ? 'the same URL twice' : `${urlA} vs ${urlB}`;
    return { spec: { ...common(what), target: { kind: 'none' }, differ: { kind: 'url', a: urlA, b: urlB }, load: { ...loadA }, profile: false }, reason: null, what };
  }

  const scriptA = scriptOf(a);
  const scriptB = scriptOf(b);
  for (const [side, script] of [['A', scriptA], ['B', scriptB]] as const) {
    if (!script) return refuse(`Flambé did not keep which script ${side} ran, so it cannot launch it again.`);
    if (!exists(script)) return refuse(`${side}'s script ${script} is not there any more, so Flambé cannot launch it again.`);
  }
  const envA = a.target!.env ?? {};
  const envB = b.target!.env ?? {};
  const argsA = a.target!.args ?? [];
  const argsB = b.target!.args ?? [];
  const pathA = pathOf(urlA);
  const pathB = pathOf(urlB);
  const differences: { kind: 'script' | 'env' | 'args' | 'url'; words: string }[] = [];
  if (scriptA !== scriptB) differences.push({ kind: 'script', words: 'their script' });
  if (!sameJson(envA, envB)) differences.push({ kind: 'env', words: 'their environment variables' });
  if (!sameJson(argsA, argsB)) differences.push({ kind: 'args', words: 'their arguments' });
  if (pathA !== pathB) differences.push({ kind: 'url', words: 'their route' });
  if (differences.length > 1) {
    const list = differences.map((d) => d.words);
    return refuse(`A and B differ in ${list.slice(0, -1).join(', ')} and ${list.at(-1)}: an experiment changes one thing at a time.`);
  }
  const kind = differences[0]?.kind ?? 'env';
  const differ: ExperimentSpec['differ'] =
    kind === 'script' ? { kind, a: scriptA!, b: scriptB! }
    : kind === 'args' ? { kind, a: argsA, b: argsB }
    : kind === 'url' ? { kind, a: pathA, b: pathB }
    : { kind: 'env', a: envA, b: envB };
  // Everything but the difference is A's: the script (when it is not what differs) runs from its own folder.
  const script = scriptA!;
  const launch = {
    script, cwd: path.dirname(script),
    env: kind === 'env' ? {} : envA, args: kind === 'args' ? [] : argsA,
    outputToFile: !!(a.target!.stdio?.tailedFile || b.target!.stdio?.tailedFile),
  };
  const what = differences.length === 0 ? 'the same settings twice (an A/A experiment: it measures the noise)'
    : kind === 'script' ? `${path.basename(scriptA!)} vs ${path.basename(scriptB!)}`
    : kind === 'url' ? `${pathA} vs ${pathB}`
    : `${launchDetails(kind === 'env' ? { env: envA } : { args: argsA }) || '(none)'} vs ${launchDetails(kind === 'env' ? { env: envB } : { args: argsB }) || '(none)'}`;
  return {
    spec: {
      ...common(differences.length === 0 ? 'the same settings twice (A/A)' : what), target: { kind: 'launch', launch }, differ, load: { ...loadA, url: pathA },
      profile: a.hasProfile && b.hasProfile, outputToFile: launch.outputToFile,
    },
    reason: null, what,
  };
}
