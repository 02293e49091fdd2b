// The ReDoS check in the analysis worker: recheck's pure-JavaScript build. The
// caching and the reading of its answer are shared/verdict/regex-check.ts's;
// this layer only brings the library (shared/ may not import one). The CLI
// does the same in electron/services/verdict/regex-check.ts.
// recheck is 2.5 MB of JavaScript: it is loaded the first time a pattern is
// checked (loadRegexChecker), not with the worker — compiling it delayed
// every recording's first view (bench:open), and most profiles have no
// regular expression to check.
import type recheckModule from 'recheck/lib/browser.js';
import { cachingRegexChecker, readRecheckResult, type RegexChecker } from '../../../shared/verdict/index.ts';

let recheck: typeof recheckModule | null = null;
let loading: Promise<void> | null = null;

/** Loads recheck once; checkRegex needs it loaded (before that, a check says it could not run). */
export function loadRegexChecker(): Promise<void> {
  loading ??= import('recheck/lib/browser.js').then((m) => {
    recheck = m.default;
  });
  return loading;
}

const cached = cachingRegexChecker((source, flags, params) => recheck!.checkSync(source, flags, params));

export const checkRegex: RegexChecker = (pattern) => (recheck ? cached(pattern) : readRecheckResult(pattern, null));
