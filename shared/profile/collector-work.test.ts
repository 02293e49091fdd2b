// Flambé's request collector in the target's profile: its own work (and what it calls) is one frame no table
// names; its stand-ins for fetch and a socket's write keep the user's call under them.
import { describe, expect, it } from 'vitest';
import { diffRounds } from './views/diff.ts';
import { analyzeProfile } from './views/analyze.ts';
import { bottomUp } from './views/bottom-up.ts';
import { COLLECTOR_WORK_NAME } from './collector-work.ts';
import { exportCpuProfile } from './export/export-cpuprofile.ts';
import { importProfile } from './import/any-format.ts';
import { formatMs, profileFromText } from './test-support/text-profile.ts';

// The collector's async hook reads the thread's CPU time (Node's threadCpuUsage) around a handler; the handler's
// fetch goes through the collector's stand-in, which captures a stack (its own work) and calls undici.
const PROFILE = `
  emitBefore[node:internal/async_hooks]            emitBefore[node:internal/async_hooks]           handle          handle                                    handle                                  handle
  before[flambe-request-collector.js]              before[flambe-request-collector.js]             render          fetch[flambe-request-collector.js]        fetch[flambe-request-collector.js]      fetch[flambe-request-collector.js]
  switchTo[flambe-request-collector.js]            switchTo[flambe-request-collector.js]                           site[flambe-request-collector.js]         fetch[node:internal/deps/undici/undici]
  threadCpuUsage[node:internal/process/per_thread]                                                                 captureStackTrace[native]
`;

const names = (rows: readonly { name: string }[]) => rows.map((r) => r.name);

describe("Flambé's request collector in a profile", () => {
  it('folds its own work, with the Node functions it calls, into one frame', () => {
    const p = profileFromText(PROFILE);
    const rows = bottomUp(p);
    expect(names(rows)).not.toContain('threadCpuUsage');
    expect(names(rows)).not.toContain('captureStackTrace');
    expect(names(rows)).not.toContain('switchTo');
    // Its time stays in the profile: hook (2), the stand-in's stack capture (1).
    expect(formatMs(rows.find((r) => r.name === COLLECTOR_WORK_NAME)!.selfMs)).toBe('3');
    expect(p.durationMs).toBe(6);
  });

  it("keeps the user's call under a stand-in: fetch's undici work is the handler's", () => {
    const rows = bottomUp(profileFromText(PROFILE));
    expect(rows.find((r) => r.name === 'fetch' && r.url.startsWith('node:'))!.selfMs).toBe(1);
    expect(rows.find((r) => r.name === 'handle')!.totalMs).toBe(4);
  });

  it('leaves the output counter’s wrappers whole: the write under them is the user’s logging', () => {
    const rows = bottomUp(profileFromText(`
      handle                                        handle
      log[node:internal/console/constructor]        log[node:internal/console/constructor]
      flambeCountedWrite[flambe-output-counter.js]  flambeCountedWrite[flambe-output-counter.js]
      writeUtf8String[native]                       writeUtf8String[native]
    `));
    expect(rows.find((r) => r.name === 'writeUtf8String')!.selfMs).toBe(2);
    expect(names(rows)).not.toContain(COLLECTOR_WORK_NAME);
  });

  it('is in no function table: the analysis, or an experiment’s and a comparison’s', () => {
    const p = profileFromText(PROFILE);
    expect(names(analyzeProfile(p).functions)).toEqual(expect.arrayContaining(['render', 'fetch', 'handle']));
    expect(analyzeProfile(p).functions.filter((f) => f.url === 'flambe-request-collector.js')).toEqual([]);
    expect(names(analyzeProfile(profileFromText('handle\nflambeCountedWrite[flambe-output-counter.js]')).functions)).toEqual(['handle']);
    expect(names(analyzeProfile(p).functions)).not.toContain('threadCpuUsage');
    const diff = diffRounds([p], [profileFromText(PROFILE.replace('threadCpuUsage', 'threadCpuUsage2'))]);
    expect(names(diff.functions).filter((n) => n.startsWith('threadCpuUsage'))).toEqual([]);
  });

  it('stays folded through an export and a re-import', () => {
    const p = profileFromText(PROFILE);
    const again = importProfile(exportCpuProfile(p));
    expect(names(bottomUp(again)).sort()).toEqual(names(bottomUp(p)).sort());
  });
});
