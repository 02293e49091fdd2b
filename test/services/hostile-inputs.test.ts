// Hostile files (issue 20 items 1, 2, 9): a small file that describes a huge
// profile is refused by a budget, in one sentence, before the memory is spent;
// imports run in a worker with a heap of its own, one at a time; and browser
// mode keeps answering other calls while one is read.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { prepareImportOffThread } from '../../electron/services/library/import-in-worker.ts';
import { createFlambeService } from '../../electron/services/service.ts';
import { repo, runFlambe, waitFor } from '../helpers/demo.ts';
import { deepPprof, widePprof, zerosBomb } from '../helpers/hostile-files.ts';
import { writePprof } from '../helpers/pprof-writer.ts';
import { importPprof } from '../../shared/profile/import/pprof.ts';
import { webServerFor } from '../helpers/web-mode.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'flambe-hostile-'));
const BOMB = /This file unpacks to more than 200 MiB; Flambé reads profiles up to 200 MiB: no recording of a Node server is that large/;

describe('budgets, in the CLI', () => {
  it('refuses the 9 KB pprof of 200 000-frame stacks in one sentence (was: out of memory after 24 s)', async () => {
    const bytes = deepPprof();
    expect(bytes.byteLength).toBeLessThan(10_000);
    const file = path.join(dir, 'deep.pb.gz');
    writeFileSync(file, bytes);
    const r = await runFlambe(['analyze', file]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^flambe: deep\.pb\.gz: This pprof file has a stack 200 000 frames deep/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('refuses a pprof that would build more call-tree nodes than the budget', async () => {
    const file = path.join(dir, 'wide.pb.gz');
    writeFileSync(file, widePprof());
    const r = await runFlambe(['analyze', file]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/This pprof file would build up to 1 125 000 call-tree nodes; Flambé stops at 1 000 000/);
  });

  it('stops inflating the 400 KB gzip at the budget (was: V8 "invalid size error", exit 133)', async () => {
    const bytes = zerosBomb();
    expect(bytes.byteLength).toBeLessThan(450_000);
    const file = path.join(dir, 'zeros.json.gz');
    writeFileSync(file, bytes);
    const r = await runFlambe(['analyze', file]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(BOMB);
  });
});

describe('pprof values are int64, read exactly', () => {
  it('2^63 - 1 ns is that many, not negative: refused as an impossible clock (was: read as negative, an empty profile accepted)', () => {
    const huge = writePprof([{ stack: ['main', 'f'], value: 2n ** 63n - 1n }, { stack: ['main'], value: 2n ** 63n - 1n }]);
    expect(() => importPprof(huge)).toThrow("The profile's samples span 585 years, which is not a recording's clock");
  });

  it('refuses a pprof whose every sample has no positive time, instead of an empty profile', () => {
    expect(() => importPprof(writePprof([{ stack: ['main'], value: -5 }, { stack: ['main', 'f'], value: 0 }])))
      .toThrow("None of this pprof file's 2 samples has a positive cpu time (nanoseconds): there is no time to show.");
  });

  it('still reads a small negative value as negative (skipped) beside positive ones', () => {
    const p = importPprof(writePprof([{ stack: ['main', 'f'], value: 10_000_000 }, { stack: ['main'], value: -1 }, { stack: ['main'], value: 10_000_000 }]));
    expect(p.samples.length).toBe(2);
  });
});

describe('imports off the serving thread', () => {
  it('a worker whose heap runs out stops with a sentence; the caller lives on', async () => {
    // 60 MB of nested arrays: fine for the default heap, too much for a 32 MB one.
    const text = `[${Array.from({ length: 400_000 }, () => '[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30]').join(',')}]`;
    const e = await prepareImportOffThread('big.json', text, { heapMb: 32 }).catch((x: Error) => x);
    expect((e as Error).message).toBe('big.json is too large to import: reading it took more than the 32 MiB Flambé gives an import, so Flambé stopped it.');
    expect((e as Error).name).toBe('UserError');
  });

  it('runs imports one at a time, in the order they came', async () => {
    const phases: string[] = [];
    const file = (name: string) => prepareImportOffThread(`${name}.pb.gz`, deepPprof(2, 60_000), { onPhase: (p) => phases.push(`${name}:${p}`) }).catch(() => phases.push(`${name}:refused`));
    await Promise.all([file('a'), file('b'), file('c')]);
    expect(phases).toEqual(['a:reading', 'a:refused', 'b:reading', 'b:refused', 'c:reading', 'c:refused']);
  });
});

describe('browser mode while a hostile file is imported', () => {
  const token = 'hostile-test-token-0123456789';
  const service = createFlambeService({ libraryPath: path.join(dir, 'library.db') });
  const server = webServerFor(service, token);

  function call(method: string, body: Buffer | string, headers: Record<string, string>): Promise<{ ok: boolean; error?: { message: string }; result?: unknown }> {
    return new Promise((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: server.port(), path: `/api/${method}`, method: 'POST', headers: { 'x-flambe-token': token, ...headers } }, (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve(JSON.parse(text)));
      });
      req.on('error', reject);
      req.end(body);
    });
  }
  const importBytes = (fileName: string, bytes: Uint8Array) => call('importFile', Buffer.from(bytes), {
    'content-type': 'application/octet-stream', 'x-flambe-bytes': 'content', 'x-flambe-arg': encodeURIComponent(JSON.stringify({ fileName })),
  });
  const listRecordings = () => call('listRecordings', '{}', { 'content-type': 'application/json' });

  it('answers another call while the gzip bomb and the deep pprof are read, then refuses both in one sentence', async () => {
    const order: string[] = [];
    const bomb = importBytes('zeros.json.gz', zerosBomb()).then((r) => { order.push('bomb'); return r; });
    const deep = importBytes('deep.pb.gz', deepPprof()).then((r) => { order.push('deep'); return r; });
    await new Promise((r) => setTimeout(r, 50));
    const list = await listRecordings();
    order.push('list');
    expect(list.ok).toBe(true);
    const [b, d] = await Promise.all([bomb, deep]);
    expect(order[0]).toBe('list'); // answered while the imports were still being read
    expect(b.ok).toBe(false);
    expect(b.error!.message).toMatch(new RegExp(`^zeros\\.json\\.gz is not a usable CPU profile: ${BOMB.source}`));
    expect(d.ok).toBe(false);
    expect(d.error!.message).toMatch(/^deep\.pb\.gz is not a usable CPU profile: This pprof file has a stack 200 000 frames deep/);
    expect((await listRecordings()).ok).toBe(true); // and the server is still there
  });

  it('an upload whose client leaves while it waits its turn does not hold up the ones after it', async () => {
    const bytes = Buffer.alloc(20 << 20, 0x20);
    bytes.write('[0', 0);
    bytes.write(']', bytes.length - 1);
    const headers = (fileName: string) => ({
      'x-flambe-token': token, 'content-type': 'application/octet-stream', 'x-flambe-bytes': 'content',
      'x-flambe-arg': encodeURIComponent(JSON.stringify({ fileName })), 'content-length': String(bytes.length),
    });
    const first = call('importFile', bytes, headers('first.json'));
    // The second sends its headers and a little of its body, then goes away while the first is read.
    const gone = http.request({ host: '127.0.0.1', port: server.port(), path: '/api/importFile', method: 'POST', headers: headers('gone.json') });
    gone.on('error', () => {});
    gone.write(bytes.subarray(0, 1024));
    await new Promise((r) => setTimeout(r, 100));
    gone.destroy();
    const third = await call('importFile', bytes, headers('third.json'));
    expect(third.error!.message).toMatch(/^third\.json is not a usable CPU profile/);
    expect((await first).error!.message).toMatch(/^first\.json is not a usable CPU profile/);
  }, 60_000);

  // The browser-mode server as its own process (dist/node/web.js), so its memory is its alone.
  it.skipIf(process.platform !== 'linux')('reads five uploads at once one at a time: the waiting ones stay in their sockets, not in the server\'s memory', async () => {
    const child = spawn(process.execPath, [path.join(repo, 'dist/node/web.js'), '--no-open', '--library', path.join(dir, 'uploads.db')], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      let out = '';
      child.stdout!.on('data', (d) => (out += d));
      const address = new URL(await waitFor(() => /http:\/\/127\.0\.0\.1:\d+\/\?token=\S+/.exec(out)?.[0], 15_000, 'browser mode'));
      const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]) / 1024;
      // 40 MB each, refused once read (a JSON array, not a profile).
      const bytes = Buffer.alloc(40 << 20, 0x20);
      bytes.write('[0', 0);
      bytes.write(']', bytes.length - 1);
      const before = rssMb();
      let peak = before;
      const watch = setInterval(() => { peak = Math.max(peak, rssMb()); }, 10);
      const upload = (i: number) => fetch(`${address.origin}/api/importFile`, {
        method: 'POST', body: bytes, headers: {
          'x-flambe-token': address.searchParams.get('token')!, 'content-type': 'application/octet-stream', 'x-flambe-bytes': 'content',
          'x-flambe-arg': encodeURIComponent(JSON.stringify({ fileName: `spaces${i}.json` })),
        },
      }).then((r) => r.json() as Promise<{ ok: boolean; error?: { message: string } }>);
      const answers = await Promise.all([1, 2, 3, 4, 5].map(upload));
      clearInterval(watch);
      expect(answers.map((a) => a.ok)).toEqual([false, false, false, false, false]);
      expect(answers[4].error!.message).toMatch(/^spaces5\.json is not a usable CPU profile/);
      // Read all at once, the five bodies alone are 200 MB (and were joined from their chunks: twice that for a moment).
      // One at a time it grew 144 MB here (one body, and the worker reading it); all at once, 465 MB.
      expect(peak - before, `peak ${Math.round(peak)} MB, ${Math.round(before)} MB before`).toBeLessThan(300);
    } finally {
      child.kill();
    }
  }, 120_000);
});
