// recheck's pure-JavaScript build (lib/browser.js, CommonJS) has no types of
// its own; its API is the package's (index.d.ts). Used by regex-check.ts.
declare module 'recheck/lib/browser.js' {
  import type { checkSync } from 'recheck';
  const recheck: { checkSync: typeof checkSync };
  export default recheck;
}
