// From an experiment's setup to what each variant runs: which script with
// which environment and arguments, which URL, whether the target must be
// (re)started between rounds, and the names shown for A and B.
import path from 'node:path';
import type { ExperimentSpecResolved, LaunchSpec } from '../../../shared/api.ts';
import type { ExperimentVariant, VariantKey } from '../../../shared/experiment/types.ts';

export interface VariantPlan {
  key: VariantKey;
  variant: ExperimentVariant;
  /** What to launch for this variant; null for a load-only experiment on URLs. */
  launch: LaunchSpec | null;
  /** The URL to load: full, or a path resolved against the port the target opens. */
  url: string;
  /** The script itself (script variants), so the same function in before.js and after.js is one row. */
  scriptPath?: string;
}

export interface ExperimentPlan {
  a: VariantPlan;
  b: VariantPlan;
  /** True when A and B need different processes (env, args or script differ): restarted for every round. */
  restartEachRound: boolean;
  /** Where the launched target writes: files Flambé tails (like a terminal), or pipes. */
  outputToFile: boolean;
}

const LOGGING_SWITCH = /log|debug|verbose|trace/i;

function describeEnv(env: Record<string, string>): string {
  const entries = Object.entries(env);
  return entries.length ? entries.map(([k, v]) => `${k}=${v}`).join(' ') : 'no extra environment';
}

function describeUrl(url: string): string {
  if (url.startsWith('/')) return url;
  try {
    const u = new URL(url);
    return u.pathname + u.search;
  } catch {
    return url;
  }
}

export function planExperiment(spec: ExperimentSpecResolved, demo: { script: string; cwd: string }): ExperimentPlan {
  const base: LaunchSpec | null = spec.target.kind === 'launch' ? spec.target.launch
    : spec.target.kind === 'demo' ? { script: demo.script, cwd: demo.cwd, args: [], env: {} } : null;
  const d = spec.differ;
  const outputToFile = spec.outputToFile ?? (spec.target.kind === 'demo'
    || (d.kind === 'env' && [...Object.entries(d.a), ...Object.entries(d.b)].some(([k]) => LOGGING_SWITCH.test(k)))
    || (d.kind === 'url' && [d.a, d.b].some((u) => /log/i.test(describeUrl(u)))));
  const withOutput = (l: LaunchSpec | null): LaunchSpec | null => (l ? { ...l, outputToFile } : null);

  const side = (key: VariantKey): VariantPlan => {
    const k = key === 'A' ? 'a' : 'b';
    const url = spec.load.url ?? '';
    switch (d.kind) {
      case 'env':
        return { key, launch: withOutput(base && { ...base, env: { ...base.env, ...d[k] } }), url, variant: { name: '', what: describeEnv(d[k]) } };
      case 'args':
        return { key, launch: withOutput(base && { ...base, args: [...(base.args ?? []), ...d[k]] }), url, variant: { name: '', what: d[k].length ? d[k].join(' ') : 'no extra arguments' } };
      case 'script': {
        const cwd = path.resolve(base?.cwd || process.cwd());
        const scriptPath = path.resolve(cwd, d[k]);
        return { key, launch: withOutput(base && { ...base, script: scriptPath }), url, scriptPath, variant: { name: '', what: path.basename(d[k]) } };
      }
      case 'url':
        return { key, launch: withOutput(base), url: d[k], variant: { name: '', what: describeUrl(d[k]) } };
    }
    throw new Error('unknown kind of variant');
  };
  const a = side('A');
  const b = side('B');
  a.variant.name = spec.names.a || a.variant.what;
  b.variant.name = spec.names.b || b.variant.what;
  if (a.variant.name === b.variant.name) {
    // An A/A experiment (or two unnamed, equal variants): keep the two apart.
    a.variant.name = `A (${a.variant.name})`;
    b.variant.name = `B (${b.variant.name})`;
  }
  return { a, b, restartEachRound: d.kind !== 'url' && base !== null, outputToFile: base !== null && outputToFile };
}

/** A path alone ("/log") is loaded on the port the launched target listens on. */
export function resolveUrl(url: string, ports: number[]): string | null {
  if (!url.startsWith('/')) return url;
  return ports.length ? `http://127.0.0.1:${ports[0]}${url}` : null;
}
