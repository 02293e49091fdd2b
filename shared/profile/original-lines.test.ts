// Hot lines of source-mapped code (original-frames.ts, lines.ts): V8's line
// ticks are lines of the script that ran; a recording stores which original
// line each stands for, and every view shows the original file, line and text,
// keeping the generated ones beside them.
import { describe, expect, it } from 'vitest';
import { bucketBreakdown } from './views/categories.ts';
import { diffProfiles } from './views/diff.ts';
import { exportCpuProfile, exportCpuProfileText } from './export/export-cpuprofile.ts';
import { exportTrace } from './export/export-trace.ts';
import { importThreads } from './import/all-threads.ts';
import { findFindings } from '../verdict/findings.ts';
import { importProfile } from './import/any-format.ts';
import { hotLines } from './lines.ts';
import { profileFromText } from './test-support/text-profile.ts';

const JS = 'file:///app/dist/app.js';
const TS = 'file:///app/src/app.ts';

// handler ran in dist/app.js: 3 samples on line 20 (JSON.stringify), 1 on 21 (plain), 2 on 22 (a minified line no single original line owns).
const TEXT = `
  main                     main                     main                     main                     main                     main
  handler[dist/app.js:18]  handler[dist/app.js:18]  handler[dist/app.js:18]  handler[dist/app.js:18]  handler[dist/app.js:18]  handler[dist/app.js:18]
`;
const GENERATED_TEXT = { [JS]: { '20': 'const body = JSON.stringify(items);', '21': 'total += items.length;', '22': 'a=b(c),d=e(f);' } };

/** The profile a recording of mapped code stores: frames and lines mapped to app.ts (handler at 30, its lines 34 and 35), and app.ts's text. */
function mappedRecording(shift = 0) {
  const p = profileFromText(TEXT, { leafLines: [20, 20, 20, 21, 22, 22], sourceLines: GENERATED_TEXT });
  const json = exportCpuProfile(p) as unknown as Record<string, unknown>;
  const handler = (json.nodes as { callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }[]).find((n) => n.callFrame.functionName === 'handler')!.callFrame;
  expect(handler.url).toBe(JS);
  // A rebuild moves the generated code (shift), not the original.
  const gen = (line: number) => String(line + shift);
  for (const n of json.nodes as { callFrame: { url: string; lineNumber: number }; positionTicks?: { line: number }[] }[]) {
    if (n.callFrame.url !== JS) continue;
    n.callFrame.lineNumber += shift;
    for (const t of n.positionTicks ?? []) t.line += shift;
  }
  json.flambeSourceLines = {
    [JS]: Object.fromEntries(Object.entries(GENERATED_TEXT[JS]).map(([l, t]) => [gen(Number(l)), t])),
    [TS]: { '34': 'const body: string = JSON.stringify(items);', '35': 'total += items.length;' },
  };
  json.flambeOriginalFrames = { [`${JS}\u0000${handler.lineNumber + 1}\u0000${handler.columnNumber + 1}`]: [TS, 30, 1, null] };
  json.flambeOriginalLines = { [JS]: { [gen(20)]: [TS, 34], [gen(21)]: [TS, 35] } };
  return importProfile(JSON.stringify(json));
}

describe('hot lines of source-mapped code', () => {
  it('shows the original line and text, keeps the generated one, and leaves an unmapped line in the script that ran', () => {
    const p = mappedRecording();
    const handler = p.frames.findIndex((f) => f.name === 'handler');
    expect(p.frames[handler]).toMatchObject({ url: TS, line: 30, generated: { url: JS } });
    expect(hotLines(p, handler).map((l) => [l.url, l.line, Math.round(l.percentOfSelf), l.text, l.bucket, l.generated?.line])).toEqual([
      [TS, 34, 50, 'const body: string = JSON.stringify(items);', 'json', 20],
      [JS, 22, 33, 'a=b(c),d=e(f);', null, undefined], // never "app.ts:22"
      [TS, 35, 17, 'total += items.length;', null, 21],
    ]);
  });

  it('puts the original line in the buckets and the verdict, with where it ran', () => {
    const p = mappedRecording();
    const json = bucketBreakdown(p).find((b) => b.id === 'json')!;
    expect(json.ms).toBeCloseTo(p.durationMs / 2);
    expect(json.callers[0].line).toMatchObject({ url: TS, line: 34, location: '/app/src/app.ts:34', text: 'const body: string = JSON.stringify(items);' });
    const finding = findFindings(p).findings.find((f) => f.kind === 'json')!;
    expect(finding).toMatchObject({ url: TS, line: 34, location: '/app/src/app.ts:34', lineText: 'const body: string = JSON.stringify(items);' });
    expect(finding.generated).toEqual({ location: '/app/dist/app.js:20', lineText: 'const body = JSON.stringify(items);' });
  });

  it('survives export and re-import', () => {
    const p = mappedRecording();
    const handler = p.frames.findIndex((f) => f.name === 'handler');
    for (const text of [JSON.stringify(exportCpuProfile(p)), exportCpuProfileText(p)]) {
      const q = importProfile(text);
      expect(q.originalLines).toEqual(p.originalLines);
      expect(hotLines(q, handler)).toEqual(hotLines(p, handler));
      expect(findFindings(q)).toEqual(findFindings(p));
    }
  });

  it('survives the trace export (every thread) and its re-import', () => {
    const main = mappedRecording();
    const worker = mappedRecording(3);
    const text = JSON.stringify(exportTrace([{ name: 'main thread', profile: main }, { name: 'worker 1 (w.js)', profile: worker }]));
    const back = importThreads(text, 'x.trace.json');
    expect(back.format).toBe('chrome-trace');
    expect(back.threads.map((t) => t.name)).toEqual(['main thread', 'worker 1 (w.js)']);
    [main, worker].forEach((p, i) => {
      const q = back.threads[i].profile;
      const handler = q.frames.findIndex((f) => f.name === 'handler');
      expect(q.weightsMs).toEqual(p.weightsMs);
      expect(hotLines(q, handler)).toEqual(hotLines(p, p.frames.findIndex((f) => f.name === 'handler')));
      expect(findFindings(q)).toEqual(findFindings(p));
    });
  });

  it('matches a rebuilt function by its original location in a diff', () => {
    const before = mappedRecording();
    const after = mappedRecording(7); // the bundle moved 7 lines down
    const row = diffProfiles(before, after).functions.find((r) => r.name === 'handler')!;
    expect(row).toMatchObject({ status: 'changed', moved: false, url: TS, line: 30 });
    const handler = after.frames.findIndex((f) => f.name === 'handler');
    expect(hotLines(after, handler).map((l) => l.line)).toEqual([34, 29, 35]); // 22 + 7: the unmapped line moved
  });
});

// tsx runs a .ts file as one line under the .ts file's own name: every
// function's ticks land on "line 2" of app.ts. A function whose own part of
// that line is one original line is placed there (stored "2@<its column>");
// the others have no hot line — never "app.ts:2", which is not their code.
describe('a .ts file that ran as one line under its own name (tsx)', () => {
  const HANDLER_COLUMN = 10;
  const ARROW_COLUMN = 40;
  const ARROW_TEXT = 'return orders.filter((o) => new RegExp(q).test(o.sku));';

  function tsxRecording() {
    const p = profileFromText(`
      main                 main                 main                 main
      handler[src/app.ts:2] handler[src/app.ts:2] handler[src/app.ts:2] handler[src/app.ts:2]
                           arrow[src/app.ts:2]  arrow[src/app.ts:2]
    `, { leafLines: [2, 2, 2, 2] });
    const json = exportCpuProfile(p) as unknown as Record<string, unknown>;
    for (const n of json.nodes as { callFrame: { functionName: string; url: string; columnNumber: number } }[]) {
      if (n.callFrame.functionName === 'handler') n.callFrame.columnNumber = HANDLER_COLUMN - 1;
      if (n.callFrame.functionName === 'arrow') n.callFrame.columnNumber = ARROW_COLUMN - 1;
    }
    json.flambeSourceLines = { [TS]: { '2': 'var __create=Object.create;function handler(){const s=JSON.stringify(x);return orders.filter(o=>new RegExp(q).test(o.sku))}', '7': ARROW_TEXT } };
    json.flambeOriginalFrames = {
      [`${TS}\u00002\u0000${HANDLER_COLUMN}`]: [TS, 5, 1, null],
      [`${TS}\u00002\u0000${ARROW_COLUMN}`]: [TS, 7, 25, null],
    };
    json.flambeOriginalLines = { [TS]: { [`2@${ARROW_COLUMN}`]: [TS, 7] } };
    return importProfile(JSON.stringify(json));
  }

  it('places the function whose own code is one original line, and gives the other no hot line', () => {
    const p = tsxRecording();
    const arrow = p.frames.findIndex((f) => f.name === 'arrow');
    const handler = p.frames.findIndex((f) => f.name === 'handler');
    expect(p.frames[arrow]).toMatchObject({ url: TS, line: 7, generated: { url: TS, line: 2 } });
    expect(hotLines(p, arrow).map((l) => [l.url, l.line, Math.round(l.percentOfSelf), l.text, l.bucket, l.generated?.line])).toEqual([
      [TS, 7, 100, ARROW_TEXT, 'regex', undefined], // no "ran as app.ts:2": the same file's name, a line that is the whole module
    ]);
    expect(hotLines(p, handler)).toEqual([]);
    // The one line's text (the whole module) decides no bucket: no JSON from it.
    expect(bucketBreakdown(p).find((b) => b.id === 'json')?.ms ?? 0).toBe(0);
    expect(findFindings(p).findings.find((f) => f.kind === 'regex')).toMatchObject({ url: TS, line: 7, lineText: ARROW_TEXT });
  });

  it('keeps the function-by-function lines through export and re-import', () => {
    const p = tsxRecording();
    const q = importProfile(exportCpuProfileText(p));
    expect(q.originalLines).toEqual(p.originalLines);
    expect(findFindings(q)).toEqual(findFindings(p));
  });
});
