// The ReDoS check for the CLI and the services: recheck's pure-JavaScript
// build (lib/browser.js — no JVM, no native binary, no worker process), read
// by shared/profile/regex-check.ts. The analysis worker has the same few lines
// (renderer/src/analysis/regex-check.ts): shared/ may not import a library.
import recheck from 'recheck/lib/browser.js';
import { readRecheckResult, REGEX_CHECK_TIMEOUT_MS, type RegexChecker } from '../../shared/profile/index.ts';

export const checkRegex: RegexChecker = (pattern) => {
  try {
    return readRecheckResult(pattern, recheck.checkSync(pattern.source, pattern.flags, { timeout: REGEX_CHECK_TIMEOUT_MS }));
  } catch {
    return readRecheckResult(pattern, null);
  }
};
