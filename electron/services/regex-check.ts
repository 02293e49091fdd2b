// The ReDoS check for the CLI and the services: recheck's pure-JavaScript
// build (lib/browser.js — no JVM, no native binary, no worker process), read
// by shared/profile/regex-check.ts. The analysis worker has the same few lines
// (renderer/src/analysis/regex-check.ts): shared/ may not import a library.
import recheck from 'recheck/lib/browser.js';
import { readRecheckResult, REGEX_CHECK_TIMEOUT_MS, type RegexCheck, type RegexChecker } from '../../shared/profile/index.ts';

const checked = new Map<string, RegexCheck>();

/** Checks a pattern once per process (a few hundred ms to seconds each): the same pattern is asked for again on every view. */
export const checkRegex: RegexChecker = (pattern) => {
  const key = `${pattern.flags}/${pattern.source}`;
  let result = checked.get(key);
  if (!result) {
    try {
      result = readRecheckResult(pattern, recheck.checkSync(pattern.source, pattern.flags, { timeout: REGEX_CHECK_TIMEOUT_MS }));
    } catch {
      result = readRecheckResult(pattern, null);
    }
    checked.set(key, result);
  }
  return result;
};
