import { describe, expect, it } from 'vitest';
import { suggestUrls } from '../../electron/services/targets/inspector.ts';
import { tellingLine } from '../../electron/services/targets/launch.ts';
import { judgeLoad } from '../../electron/services/recording/recorder.ts';
import { OutputBuffer } from '../../electron/services/targets/output-buffer.ts';
import { addSourceLines, hotLinesToRead } from '../../electron/services/source/source-lines.ts';
import type { LoadSummary } from '../../shared/api.ts';

const load = (over: Partial<LoadSummary>): LoadSummary => ({
  requests: 100, durationSec: 1, rps: 100, latencyMs: { p50: 1, p90: 1, p99: 1, max: 1, mean: 1 },
  errors: 0, timeouts: 0, non2xx: 0, statusCodes: { 200: 100 }, bytesPerSec: 0, timeline: [], stoppedEarly: false, ...over,
});

describe('suggestUrls', () => {
  it('maps listening sockets to loopback URLs', () => {
    expect(suggestUrls([{ address: '::', port: 3000 }, { address: '127.0.0.1', port: 8080 }])).toEqual([
      'http://127.0.0.1:3000/', 'http://127.0.0.1:8080/',
    ]);
  });
  it('uses the exact loopback address a server is bound to', () => {
    expect(suggestUrls([{ address: '::1', port: 1 }, { address: '127.0.0.2', port: 2 }])).toEqual(['http://[::1]:1/', 'http://127.0.0.2:2/']);
  });
  it('uses the attached host for remote targets', () => {
    expect(suggestUrls([{ address: '0.0.0.0', port: 80 }], 'box.lan')).toEqual(['http://box.lan:80/']);
  });
});

describe('tellingLine', () => {
  it('picks the error out of a crash, not the stack or the inspector chatter', () => {
    const stderr = [
      'Debugger listening on ws://127.0.0.1:1/x', 'For help, see: https://nodejs.org/en/docs/inspector',
      '/app/server.js:3', 'db.connect()', '   ^', '', 'TypeError: db.connect is not a function',
      '    at Object.<anonymous> (/app/server.js:3:4)', '', 'Node.js v24.0.0',
    ].join('\n');
    expect(tellingLine(stderr)).toBe('TypeError: db.connect is not a function');
  });
  it('falls back to the last line that is not a stack frame', () => {
    expect(tellingLine('Debugger attached.\nport 80 needs root\n')).toBe('port 80 needs root');
  });
});

describe('judgeLoad', () => {
  const url = 'http://127.0.0.1:1/';
  it('says nothing about a healthy burst', () => expect(judgeLoad(load({}), url, 10)).toBeNull());
  it('names a server that answers mostly 5xx', () => {
    expect(judgeLoad(load({ statusCodes: { 500: 90, 200: 10 }, non2xx: 90 }), url, 10)).toMatch(/90 of 100 requests with a 5xx/);
  });
  it('names a server that hangs', () => {
    expect(judgeLoad(load({ requests: 0, timeouts: 10, statusCodes: {} }), url, 3)).toMatch(/did not answer any request within 3 s/);
  });
  it('names a server that refuses connections', () => {
    expect(judgeLoad(load({ requests: 0, errors: 50, statusCodes: {} }), url, 3)).toMatch(/failed to connect/);
  });
});

describe('OutputBuffer', () => {
  it('coalesces chunks into one event per stream and keeps only the newest 64 KB of a flood', () => {
    const got: [string, string][] = [];
    const b = new OutputBuffer((s, t) => got.push([s, t]));
    for (let i = 0; i < 2000; i++) b.push('stdout', `line ${i} ${'x'.repeat(50)}\n`);
    b.push('stderr', 'oops\n');
    b.flush();
    expect(got.map(([s]) => s)).toEqual(['stdout', 'stderr']);
    expect(got[0][1]).toMatch(/^\[… \d+ characters of output skipped …\]\n/);
    expect(got[0][1]).toContain('line 1999 ');
    expect(got[0][1].length).toBeLessThan(70 * 1024);
    expect(got[1][1]).toBe('oops\n');
  });
});

describe('hot lines to read from the target', () => {
  const profile = {
    nodes: [
      { id: 1, callFrame: { url: '', scriptId: '0' } },
      { id: 2, callFrame: { url: 'file:///app/a.js', scriptId: '7' }, positionTicks: [{ line: 3, ticks: 50 }, { line: 9, ticks: 1 }] },
      { id: 3, callFrame: { url: 'file:///app/a.js', scriptId: '7' }, positionTicks: [{ line: 3, ticks: 5 }, { line: 4, ticks: 0 }] },
      { id: 4, callFrame: { url: 'node:fs', scriptId: '12' }, positionTicks: [{ line: 2, ticks: 20 }] },
      { id: 5, callFrame: { url: '', scriptId: '0' }, positionTicks: [{ line: 1, ticks: 99 }] },
    ],
  };

  it('picks the hottest lines with a script, grouped by script', () => {
    expect(hotLinesToRead(profile)).toEqual([
      { scriptId: '7', url: 'file:///app/a.js', lines: [3, 9] },
      { scriptId: '12', url: 'node:fs', lines: [2] },
    ]);
    expect(hotLinesToRead(profile, 2)).toEqual([
      { scriptId: '7', url: 'file:///app/a.js', lines: [3] },
      { scriptId: '12', url: 'node:fs', lines: [2] },
    ]);
    expect(hotLinesToRead(null)).toEqual([]);
  });

  it('keeps the text of those lines only, trimmed, and skips scripts that could not be read', async () => {
    const p = structuredClone(profile) as Record<string, unknown>;
    const count = await addSourceLines(p, async (ids) => {
      expect(ids).toEqual(['7', '12']);
      return new Map([['7', 'a\nb\n   const s = JSON.stringify(x);   \r\nd\ne\nf\ng\nh\n  \n']]);
    });
    expect(count).toBe(1); // line 9 is blank
    expect(p.flambeSourceLines).toEqual({ 'file:///app/a.js': { 3: 'const s = JSON.stringify(x);' } });
    const q = structuredClone(profile) as Record<string, unknown>;
    expect(await addSourceLines(q, () => Promise.reject(new Error('gone')))).toBe(0);
    expect(q.flambeSourceLines).toBeUndefined();
  });
});
