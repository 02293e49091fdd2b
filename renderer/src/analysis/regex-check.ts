// The ReDoS check in the analysis worker: recheck's pure-JavaScript build. The
// caching and the reading of its answer are shared/profile/regex-check.ts's;
// this layer only brings the library (shared/ may not import one). The CLI
// does the same in electron/services/regex-check.ts.
import recheck from 'recheck/lib/browser.js';
import { cachingRegexChecker } from '../../../shared/profile/index.ts';

export const checkRegex = cachingRegexChecker((source, flags, params) => recheck.checkSync(source, flags, params));
