// The ReDoS check for the CLI and the services: recheck's pure-JavaScript
// build (lib/browser.js — no JVM, no native binary, no worker process). The
// caching and the reading of its answer are shared/verdict/regex-check.ts's;
// this layer only brings the library (shared/ may not import one). The
// analysis worker does the same in renderer/src/analysis/regex-check.ts.
// recheck is several MB of compiled Scala: it is loaded the first time a
// regular expression is checked, not when a command starts (bench/cli-start.js).
import { createRequire } from 'node:module';
import type recheckModule from 'recheck/lib/browser.js';
import { cachingRegexChecker } from '../../../shared/verdict/index.ts';

type Recheck = typeof recheckModule;
let recheck: Recheck | null = null;
const load = (): Recheck => (recheck ??= createRequire(import.meta.url)('recheck/lib/browser.js') as Recheck);

export const checkRegex = cachingRegexChecker((source, flags, params) => load().checkSync(source, flags, params));
