// Is a hot regular expression merely busy, or does it backtrack
// catastrophically (ReDoS)? The check itself is the `recheck` library
// (docs/layout.md "Runtime dependencies" says why that one); it cannot live in shared/, so each
// side that runs it (the analysis worker, the CLI) passes recheck's checkSync
// to cachingRegexChecker and gets a RegexChecker: the asking, the caching and
// the reading of its answer are here, once; the import of recheck is there.
import type { RegexPattern } from './regex-source.ts';

export interface RegexCheck {
  source: string;
  flags: string;
  /** 'vulnerable': catastrophic backtracking on some input; 'unknown': the checker gave up (time limit, unsupported syntax). */
  status: 'safe' | 'vulnerable' | 'unknown';
  /** How matching time grows with the input: 'exponential', 'polynomial' (with its degree when known), 'linear'… */
  complexity: string | null;
  /** An input that shows it, e.g. 'maaaaaaaaaaaaaaaaaaaaaaaaaaaaaaae'. */
  attack: string | null;
  /** The same input as a JavaScript expression, e.g. "'m' + 'a'.repeat(31) + 'e'". */
  attackPattern: string | null;
}

/** Runs a ReDoS check on one pattern (synchronously; bounded by its own time limit). */
export type RegexChecker = (pattern: RegexPattern) => RegexCheck;

/**
 * How long the checker may think about one pattern. The demo's pattern takes
 * 0.3–1.2 s on a quiet machine; a busy one (the recording's own load generator
 * still winding down, other work) needs several times that.
 */
export const REGEX_CHECK_TIMEOUT_MS = 10_000;

/** recheck's Diagnostics (https://makenowjust-labs.github.io/recheck/docs/usage/diagnostics/) as a RegexCheck. */
export function readRecheckResult(pattern: RegexPattern, result: unknown): RegexCheck {
  const r = (typeof result === 'object' && result !== null ? result : {}) as {
    status?: unknown; complexity?: { type?: unknown; degree?: unknown }; attack?: { string?: unknown; pattern?: unknown };
  };
  const status = r.status === 'safe' || r.status === 'vulnerable' ? r.status : 'unknown';
  const type = typeof r.complexity?.type === 'string' ? r.complexity.type : null;
  const degree = typeof r.complexity?.degree === 'number' ? r.complexity.degree : null;
  const complexity = type === 'polynomial' && degree !== null ? `polynomial (degree ${degree})` : type === 'safe' ? 'linear' : type;
  return {
    source: pattern.source, flags: pattern.flags, status, complexity,
    attack: status === 'vulnerable' && typeof r.attack?.string === 'string' ? r.attack.string : null,
    attackPattern: status === 'vulnerable' && typeof r.attack?.pattern === 'string' ? r.attack.pattern : null,
  };
}

const shown = (s: string, max = 40) => {
  const printable = JSON.stringify(s).slice(1, -1);
  return printable.length > max ? `${printable.slice(0, max - 1)}…` : printable;
};

/** One sentence a student understands. */
export function regexCheckSentence(c: RegexCheck): string {
  const re = `/${c.source}/${c.flags}`;
  if (c.status === 'vulnerable') {
    const growth = c.complexity?.startsWith('exponential') ? 'exponential' : c.complexity?.startsWith('polynomial') ? 'polynomial' : 'super-linear';
    const input = c.attack !== null ? ` '${shown(c.attack)}'${c.attackPattern ? ` (${c.attackPattern})` : ''} takes ${growth} time` : ` some inputs take ${growth} time`;
    return `${re} backtracks catastrophically:${input}, and each character more makes it worse. A client can send such an input and stall the server (ReDoS).`;
  }
  if (c.status === 'safe') return `${re} does not backtrack catastrophically (checked with recheck): its time grows ${c.complexity === 'linear' || c.complexity === null ? 'linearly' : `as ${c.complexity}`} with the input; it is simply run a lot.`;
  return `${re} could not be checked for catastrophic backtracking in time; test it with long inputs that almost match.`;
}

/** recheck's checkSync, as each side that may import recheck hands it in. */
export type RecheckSync = (source: string, flags: string, params: { timeout: number }) => unknown;

/**
 * A RegexChecker that asks `checkSync` once per pattern a process meets (a few
 * hundred ms to seconds each: the same pattern is asked for again on every
 * view). A checker that throws (unsupported syntax) gives 'unknown'.
 */
export function cachingRegexChecker(checkSync: RecheckSync): RegexChecker {
  const checked = new Map<string, RegexCheck>();
  return (pattern) => {
    const key = `${pattern.flags}/${pattern.source}`;
    let result = checked.get(key);
    if (!result) {
      try {
        result = readRecheckResult(pattern, checkSync(pattern.source, pattern.flags, { timeout: REGEX_CHECK_TIMEOUT_MS }));
      } catch {
        result = readRecheckResult(pattern, null);
      }
      checked.set(key, result);
    }
    return result;
  };
}
