// Issue 32, item 5: V8 cannot stop a heap snapshot once begun, so Find what
// grows says first how long each snapshot will pause the server and how much
// memory it needs (shared/memory/snapshot-cost.ts). A real server — a price
// cache in a Map, written as users write one — times itself: its own timer
// prints every gap over 300 ms, the truth measured apart from Flambé. The
// estimate is printed before the server's first pause, and each snapshot's
// pause falls inside the range it stated in the same run (a range, not a
// time limit: it is computed from this computer's load at that moment).
import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { flambeBin } from '../helpers/demo.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'flambe-snapshot-estimate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const server = path.join(dir, 'price-cache.cjs');
const pauseLog = path.join(dir, 'pauses.log');
writeFileSync(server, `const http = require('node:http');
const fs = require('node:fs');
const cache = new Map(); // every price ever asked, kept
for (let i = 0; i < 150000; i++) cache.set('p' + i, { id: i, name: 'item-' + i, price: i * 1.5 });
let last = performance.now();
setInterval(() => {
  const now = performance.now();
  if (now - last > 300) fs.appendFileSync(${JSON.stringify(pauseLog)}, 'PAUSED ' + Math.round(now - last) + ' ms\\n');
  last = now;
}, 20);
http.createServer((req, res) => res.end(String(cache.size))).listen(0, '127.0.0.1');
`);

const pausesLogged = () => (existsSync(pauseLog) ? [...readFileSync(pauseLog, 'utf8').matchAll(/PAUSED (\d+) ms/g)].map((m) => Number(m[1]) / 1000) : []);

/** `flambe …`, noting how many pauses the server had logged when the estimate reached the terminal. */
function recordWithGrowth(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string; pausesWhenSaid: number[] | null }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [flambeBin, ...args], { env: { ...process.env, FLAMBE_LIBRARY: path.join(dir, 'library.sqlite') } });
    let stderr = '';
    let stdout = '';
    let pausesWhenSaid: number[] | null = null;
    child.stderr.on('data', (d) => {
      stderr += d;
      if (pausesWhenSaid === null && ESTIMATE.test(stderr)) pausesWhenSaid = pausesLogged();
    });
    child.stdout.on('data', (d) => (stdout += d));
    child.on('close', (code) => resolve({ code, stdout, stderr, pausesWhenSaid }));
  });
}

const ESTIMATE = /Each heap snapshot will pause this server \(([\d.]+) MiB of JS heap in use\) for about (\d+)–(\d+) s .*and needs about ([\d.]+) MiB–([\d.]+) MiB more memory/;

describe('a heap snapshot says what it will cost before it is taken (item 5)', () => {
  it('prints the pause and the memory first; each pause the server measured falls inside the range', async () => {
    const r = await recordWithGrowth(['record', '--launch', server, '--url', '/', '-d', '1', '-c', '2', '--warmup', '0', '--no-request-time', '--find-growth']);
    expect(r.code, r.stderr).toBe(0);
    const said = ESTIMATE.exec(r.stderr);
    expect(said, r.stderr).not.toBeNull();
    const [, heapMb, low, high, memLow, memHigh] = said!.map(Number);
    const pauses = pausesLogged().sort((a, b) => b - a);
    expect(pauses.length).toBeGreaterThanOrEqual(2);
    // The two longest gaps are the two snapshots (a busy computer may add shorter ones).
    const [first, second] = pauses;
    console.log(`heap ${heapMb} MB, estimated ${low}–${high} s and ${memLow}–${memHigh} MB; the server paused ${first} s and ${second} s `
      + `(ratio to the range's middle ${(first / ((low + high) / 2)).toFixed(2)}, ${(second / ((low + high) / 2)).toFixed(2)}); load ${loadavg()[0].toFixed(1)}`);
    expect(heapMb).toBeGreaterThan(10);
    // Said before the first snapshot: when the sentence reached the terminal, no snapshot had paused the server yet
    // (a pause is logged when it ends; a busy computer may have paused it shorter before).
    expect(r.pausesWhenSaid).not.toBeNull();
    for (const before of r.pausesWhenSaid!) expect(before).toBeLessThan(second);
    // Rounded to whole seconds in the sentence: a pause of 0.6 s reads "1".
    for (const pause of [first, second]) {
      expect(pause).toBeGreaterThanOrEqual(Math.max(0, low - 0.5));
      expect(pause).toBeLessThanOrEqual(high + 0.5);
    }
  }, 240_000);

  it('is not started when even its shortest pause is over the longest accepted (--max-pause): the server is never paused', async () => {
    rmSync(pauseLog, { force: true });
    const r = await recordWithGrowth(['record', '--launch', server, '--url', '/', '-d', '1', '-c', '2', '--warmup', '0', '--no-request-time', '--find-growth', '--max-pause', '0.2', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const growing = JSON.parse(r.stdout).memory.growthSnapshots as { error: string; estimate: { pauseSec: { low: number } }; pausedSec: number[] };
    expect(growing.error).toMatch(/^Find what grows was not started: each heap snapshot would pause this server for about \d+–\d+ s \([\d.]+ MiB of JS heap in use\), more than the 0\.2 s allowed \(--max-pause\), and need about [\d.]+ MiB–[\d.]+ MiB more memory, and V8 cannot stop one once begun\. To take them anyway: flambe record --find-growth --long-pause-ok/);
    expect(growing.estimate.pauseSec.low).toBeGreaterThan(0.2);
    expect(growing.pausedSec).toEqual([0, 0]);
    // The server's own timer saw no pause as long as the shortest expected.
    expect(pausesLogged().filter((p) => p >= growing.estimate.pauseSec.low)).toEqual([]);
  }, 120_000);

  it('--max-pause without --find-growth is refused in one sentence', async () => {
    const r = await recordWithGrowth(['record', '--launch', server, '--url', '/', '-d', '1', '--max-pause', '5']);
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe('flambe: --max-pause and --long-pause-ok go with --find-growth (they are about its heap snapshots).');
  }, 60_000);
});
