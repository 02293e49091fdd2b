// Every function the request collector puts in place of Node's own (a socket's write and push, fetch, a worker's
// emit and postMessage, a child process's emit, spawn and send) must be a stand-in in the profile rules: what runs under it is the app's work. One left
// out folds the app's code into "(Flambé's own work)" — a pg server's row parsing and handlers, under the
// collector's `push`, once read as 69 % Flambé's.
import { describe, expect, it } from 'vitest';
import { INSTALL_COLLECTOR_JS } from '../../../electron/services/request-time/request-collector.ts';
import { COLLECTOR_STAND_INS, isCollectorWork } from '../../../shared/profile/collector-work.ts';
import { COLLECTOR_URL } from '../../../shared/profile/classify.ts';

/** The names of the functions the collector assigns over a prototype's, the global's or a child process's own. */
function replacedFunctions(source: string): string[] {
  const names: string[] = [];
  for (const m of source.matchAll(/(?:\.prototype\.\w+|globalThis\.\w+|child\.\w+)\s*=\s*function\s+(\w+)/g)) names.push(m[1]);
  return names;
}

describe("the request collector's stand-ins", () => {
  it('are each named in the profile rules, so the work under them stays the app’s', () => {
    const replaced = replacedFunctions(INSTALL_COLLECTOR_JS);
    expect(replaced).toEqual(expect.arrayContaining(['write', 'push', 'fetch', 'emit', 'postMessage', 'send', 'spawn']));
    for (const name of replaced) {
      expect(COLLECTOR_STAND_INS, name).toContain(name);
      expect(isCollectorWork({ name, url: COLLECTOR_URL }), name).toBe(false);
    }
  });
});
