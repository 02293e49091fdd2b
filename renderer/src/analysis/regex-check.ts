// The ReDoS check in the analysis worker: recheck's pure-JavaScript build,
// read by shared/profile/regex-check.ts (the CLI has the same few lines in
// electron/services/regex-check.ts: shared/ may not import a library).
import recheck from 'recheck/lib/browser.js';
import { readRecheckResult, REGEX_CHECK_TIMEOUT_MS, type RegexChecker } from '../../../shared/profile/index.ts';

export const checkRegex: RegexChecker = (pattern) => {
  try {
    return readRecheckResult(pattern, recheck.checkSync(pattern.source, pattern.flags, { timeout: REGEX_CHECK_TIMEOUT_MS }));
  } catch {
    return readRecheckResult(pattern, null);
  }
};
