// Real .cpuprofile files for tests, recorded by Node itself (--cpu-prof).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RecordingResult } from '../../shared/api.ts';

let cached: string | null = null;

/** The text of a real V8 CPU profile of a small workload. */
export function realProfileText(): string {
  if (cached) return cached;
  const dir = mkdtempSync(path.join(tmpdir(), 'flambe-prof-'));
  execFileSync(process.execPath, ['--cpu-prof', '--cpu-prof-dir', dir, '-e',
    'function fib(n){return n<2?n:fib(n-1)+fib(n-2)} function work(){let s=0;for(let i=0;i<30;i++)s+=fib(20);return s} for(let i=0;i<20;i++)work()']);
  cached = readFileSync(path.join(dir, readdirSync(dir)[0]), 'utf8');
  return cached;
}

/**
 * A real profile cut in half: JSON that ends mid-way. (A cut at a fixed 5 000
 * characters passed the whole file on a fast machine, where --cpu-prof of the
 * little script above writes fewer than that.)
 */
export function truncatedProfileText(): string {
  const text = realProfileText();
  return text.slice(0, Math.floor(text.length / 2));
}

let n = 0;
export function makeRecording(over: Partial<RecordingResult> = {}): RecordingResult {
  n++;
  return {
    id: `rec-${n}-${Math.random().toString(36).slice(2, 8)}`,
    name: `GET /hello · run ${n}`,
    createdAt: new Date(Date.UTC(2026, 10, 1, 12, 0, n)).toISOString(),
    target: { kind: 'launched', label: 'server.js', pid: 1234, nodeVersion: 'v24.0.0', argv: ['node', 'server.js'] },
    settings: {
      targetId: 't', warmupSec: 2, samplingIntervalUs: 1000, tags: [],
      load: { url: 'http://127.0.0.1:3000/hello', method: 'GET', headers: {}, connections: 10, durationSec: 10, timeoutSec: 10 },
    },
    load: {
      requests: 1000 * n, durationSec: 10, rps: 100 * n, latencyMs: { p50: 0.5, p90: 0.9, p99: 1.5 + n, max: 9, mean: 0.6 },
      errors: 0, timeouts: 0, non2xx: 0, statusCodes: { 200: 1000 * n }, bytesPerSec: 12345, timeline: [{ second: 1, rps: 100, p99Ms: 1 }], stoppedEarly: false,
    },
    profile: JSON.parse(realProfileText()),
    samples: [{ tMs: 250, elu: 0.5, loopDelayP99Ms: 1.2, heapUsedMb: 10, rssMb: 50, cpuPercent: 80 }],
    machine: { cpuModel: 'Test CPU @ 2.0GHz', cores: 4 },
    error: null,
    tags: [],
    notes: '',
    ...over,
  };
}
