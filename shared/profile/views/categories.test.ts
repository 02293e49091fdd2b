// "Where the time went": categories, buckets, per-request cost.
import { describe, expect, it } from 'vitest';
import { analyzeProfile } from './analyze.ts';
import { perRequestOf } from '../cpu-time.ts';
import { bucketBreakdown, categoryBreakdown, cpuSplit } from './categories.ts';
import { classifyFrame, OUTPUT_COUNTER_URL, packageName } from '../classify.ts';
import { importProfile } from '../import/any-format.ts';
import type { Frame } from '../model.ts';
import { FIXTURES } from '../test-support/fixtures.ts';
import { formatMs, profileFromText } from '../test-support/text-profile.ts';

const frame = (name: string, url: string, kind: Frame['kind'] = url ? 'js' : 'native'): Frame => ({ name, url, line: 1, column: 1, kind });
const buckets = (text: string) => Object.fromEntries(bucketBreakdown(profileFromText(text)).filter((b) => b.ms > 0).map((b) => [b.id, b.ms]));

describe('classification', () => {
  it('names packages, Node internals, native code and your code', () => {
    expect(packageName('file:///srv/app/node_modules/express/lib/router/index.js')).toBe('express');
    expect(packageName('/srv/node_modules/.pnpm/a@1/node_modules/@fastify/ajv-compiler/index.js')).toBe('@fastify/ajv-compiler');
    expect(packageName('C:\\app\\node_modules\\pino\\pino.js')).toBe('pino');
    expect(classifyFrame(frame('x', 'file:///app/server.js')).kind).toBe('user');
    expect(classifyFrame(frame('x', 'node:internal/streams/writable')).kind).toBe('node');
    // Flambé's request collector wraps fetch in the target: its frame is not the user's code.
    expect(classifyFrame(frame('fetch', 'flambe-request-collector.js')).kind).toBe('node');
    expect(classifyFrame(frame('x', 'internal/fs/utils.js')).kind).toBe('node');
    expect(classifyFrame(frame('x', 'fs.js')).kind).toBe('node');
    expect(classifyFrame(frame('writeBuffer', '')).kind).toBe('native');
    expect(classifyFrame(frame('(garbage collector)', '', 'gc')).kind).toBe('gc');
  });
});

describe('categories', () => {
  const p = profileFromText(`
    main  main                                     main                    (idle)  (gc)  (program)
    work  r[node_modules/express/lib/router.js:1]  read[node:fs]
                                                   readFileUtf8[native]
  `);

  it('puts every ms in exactly one category, by the running frame', () => {
    const rows = categoryBreakdown(p);
    expect(rows.map((r) => `${r.name}: ${formatMs(r.ms)}`)).toEqual([
      'express: 1', 'garbage collection: 1', 'idle: 1', 'V8 and native: 1', 'program: 1', 'your code: 1',
    ]);
    expect(rows.find((r) => r.name === 'express')).toMatchObject({ id: 'dependency:express', kind: 'dependency' });
    expect(rows.reduce((s, r) => s + r.percent, 0)).toBeCloseTo(100, 9);
  });

  it("gives the Library's headline split in percent", () => {
    const s = cpuSplit(p);
    const sixth = 100 / 6;
    const want = { yourCode: sixth, dependencies: sixth, node: 0, gc: sixth, idle: sixth, other: 2 * sixth };
    for (const k of Object.keys(want) as (keyof typeof want)[]) expect(s[k]).toBeCloseTo(want[k], 9);
  });
});

describe('buckets', () => {
  it('gives a sample to the outermost bucket frame of the library run at its top', () => {
    // console.log → … → writeSync: logging, not sync fs.
    expect(buckets(`
      handler
      log[node:internal/console/constructor]
      write[node:internal/streams/writable]
      writeSync[node:fs]
      writeBuffer[native]
    `)).toEqual({ logging: 1 });
  });

  it('stops at your code: what a logger calls back into is yours', () => {
    expect(buckets(`
      handler                                 handler
      log[node:internal/console/constructor]  readFileSync[node:fs]
      inspect[node:internal/util/inspect]     readFileUtf8[native]
      customInspect[app.js:3]
    `)).toEqual({ fs: 1 });
  });

  it('does not let a middleware swallow the handlers it calls', () => {
    expect(buckets(`
      logger[node_modules/morgan/index.js:1]  info[node_modules/pino/lib/proto.js:5]
      handler                                 write[node_modules/sonic-boom/index.js:9]
      pbkdf2Sync[node:internal/crypto/pbkdf2]  writeSync[node:fs]
    `)).toEqual({ crypto: 1, logging: 1 });
  });

  it("counts stdout's flush as logging wherever it lands: a line the pipe took later runs under the output counter's frames, not under console.log (issue 23 item 6)", () => {
    // What a recording of a JSON API logging each request to a pipe holds: the console.log, the stream's deferred
    // flush from the event loop (under Flambé's wrapper of stdout's own writes), and the HTTP response's socket write.
    const p = profileFromText(`
      handler                                 onWriteComplete[node:internal/stream_base_commons]  onWriteComplete[node:internal/stream_base_commons]  handler
      log[node:internal/console/constructor]  wrapflambeStdioWritten                              onwrite[node:internal/streams/writable]             end[node:_http_outgoing]
      wrapflambeCountedWrite                  onwrite[node:internal/streams/writable]             clearBuffer[node:internal/streams/writable]         Socket._writev[node:net]
      wrapflambeStdioWrite                    clearBuffer[node:internal/streams/writable]         Socket._writev[node:net]                            writev[native]
      writeUtf8String[native]                 wrapflambeStdioWritev                               writev[native]
                                              writev[native]
    `);
    for (const f of p.frames) if (f.name.startsWith('wrap')) Object.assign(f, { name: f.name.slice('wrap'.length), url: OUTPUT_COUNTER_URL });
    expect(Object.fromEntries(bucketBreakdown(p).filter((b) => b.ms > 0).map((b) => [b.id, b.ms]))).toEqual({ logging: 2 });
    // The wrappers are Flambé's: Node internals, never "your code".
    expect(classifyFrame(p.frames.find((f) => f.name === 'flambeStdioWrite')!).kind).toBe('node');
  });

  it('keeps a write to a data file synchronous fs: the output counter wraps every fs.writeSync, but only fd 1 and 2 run under its logging frame', () => {
    const p = profileFromText(`
      saveOrder                      audit
      wrapflambeCountedFsWrite       wrapflambeCountedFsWrite
      writeSync[node:fs]             wrapflambeStdioFsWrite
      writeString[native]            writeSync[node:fs]
                                     writeString[native]
    `);
    for (const f of p.frames) if (f.name.startsWith('wrap')) Object.assign(f, { name: f.name.slice('wrap'.length), url: OUTPUT_COUNTER_URL });
    expect(Object.fromEntries(bucketBreakdown(p).filter((b) => b.ms > 0).map((b) => [b.id, b.ms]))).toEqual({ fs: 1, logging: 1 });
  });

  it('recognizes JSON wrappers, compression and regexes', () => {
    expect(buckets(`
      h                                             h                    h
      json[node_modules/express/lib/response.js:1]  gzipSync[node:zlib]  parse[node_modules/secure-json-parse/index.js:1]
    `)).toEqual({ json: 2, compression: 1 });
    // "RegExp: <source>" has a space, which the text format cannot hold: build that one by hand.
    const p = importProfile({
      nodes: [{ id: 1, callFrame: { functionName: '(root)' }, children: [2] }, { id: 2, callFrame: { functionName: 'h', url: 'file:///a.js' }, children: [3] }, { id: 3, callFrame: { functionName: 'RegExp: ^(a+)+$', url: '' } }],
      samples: [3, 3], timeDeltas: [0, 1000], startTime: 0, endTime: 2000,
    });
    expect(bucketBreakdown(p).find((b) => b.id === 'regex')).toMatchObject({ ms: 2, percent: 100, callers: [{ name: 'h', location: '/a.js', ms: 2 }] });
  });

  it('names the functions of yours that led to the bucket', () => {
    const rows = bucketBreakdown(profileFromText(`
      main                                    main                                    main
      random[routes/random.js:45]             random[routes/random.js:45]             list[routes/list.js:3]
      log[node:internal/console/constructor]  log[node:internal/console/constructor]  log[node:internal/console/constructor]
    `));
    expect(rows[0].callers.map((c) => `${c.name} ${c.location} ${formatMs(c.percent)}%`)).toEqual(['random /app/routes/random.js:45 66.667%', 'list /app/routes/list.js:3 33.333%']);
  });

  it('finds the work of the recorded fixtures', () => {
    const b = Object.fromEntries(bucketBreakdown(importProfile(FIXTURES['node24.cpuprofile'])).map((r) => [r.id, r]));
    for (const id of ['regex', 'crypto', 'compression', 'logging'] as const) {
      expect(b[id].ms).toBeGreaterThan(0);
      expect(b[id].callers[0].name).toBe('handleRequest');
    }
  });
});

describe('per-request cost', () => {
  it('adds CPU ms per 1000 requests to every function, category and bucket', () => {
    const p = profileFromText('main\nlog[node:internal/console/constructor]', { weightsMs: 50 });
    const a = analyzeProfile(p, { perRequest: perRequestOf(200) });
    expect(a.requests).toBe(200);
    expect(a.cpuTime).toBe(false);
    expect(a.functions[0]).toMatchObject({ name: 'log', selfMs: 50, selfMsPer1kRequests: 250, totalMsPer1kRequests: 250 });
    expect(a.categories[0].msPer1kRequests).toBe(250);
    expect(a.buckets.find((b) => b.id === 'logging')!.msPer1kRequests).toBe(250);
    expect(analyzeProfile(p).functions[0].selfMsPer1kRequests).toBeUndefined();
  });
});

describe('one category vocabulary', () => {
  it('the Library split speaks the words of CATEGORY_LABELS, and every category adds to one split field', async () => {
    const { CATEGORY_LABELS } = await import('../classify.ts');
    const { SPLIT_FIELD, SPLIT_LABELS } = await import('./categories.ts');
    expect(SPLIT_LABELS).toEqual({
      yourCode: 'Your code', dependencies: 'Dependencies', node: 'Node internals', gc: 'Garbage collection', idle: 'Idle', other: 'V8 and native, program',
    });
    expect(Object.keys(SPLIT_FIELD).sort()).toEqual(Object.keys(CATEGORY_LABELS).sort());
  });
});
