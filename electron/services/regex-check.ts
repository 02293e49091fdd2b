// The ReDoS check for the CLI and the services: recheck's pure-JavaScript
// build (lib/browser.js — no JVM, no native binary, no worker process). The
// caching and the reading of its answer are shared/profile/regex-check.ts's;
// this layer only brings the library (shared/ may not import one). The
// analysis worker does the same in renderer/src/analysis/regex-check.ts.
import recheck from 'recheck/lib/browser.js';
import { cachingRegexChecker } from '../../shared/profile/index.ts';

export const checkRegex = cachingRegexChecker((source, flags, params) => recheck.checkSync(source, flags, params));
