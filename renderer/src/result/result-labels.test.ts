// The Result screen's header and empty states say what the recording is (issue 9 item 18).
import { describe, expect, it } from 'vitest';
import type { LoadSummary, RecordingResult } from '../../../shared/api.ts';
import { recordRequestSchema } from '../../../shared/api.ts';
import { noProfileSentence, resultTitle, runLength } from './result-labels.ts';

function recording(over: Partial<RecordingResult> = {}): RecordingResult {
  return {
    id: 'r1', name: 'GET /log · 2026-11-23 10:00', tags: [], notes: '', createdAt: '2026-11-23T10:00:00.000Z',
    target: { kind: 'launched', label: 'server.js', pid: 42, nodeVersion: 'v24.0.0', argv: [] },
    settings: recordRequestSchema.parse({ targetId: 't1', load: { url: 'http://127.0.0.1:3000/log', durationSec: 10 } }),
    load: null, profile: null, samples: [], error: null, ...over,
  };
}
const load = (durationSec: number, stoppedEarly: boolean): LoadSummary => ({
  requests: 1000, durationSec, rps: 100, latencyMs: { p50: 1, p90: 2, p99: 3, max: 4, mean: 1 }, errors: 0, timeouts: 0, non2xx: 0,
  statusCodes: { 200: 1000 }, bytesPerSec: 0, timeline: [], stoppedEarly,
});

describe('resultTitle', () => {
  it('names the target, a load test, or an imported profile', () => {
    expect(resultTitle(recording())).toBe('server.js');
    expect(resultTitle(recording({ target: null, settings: recordRequestSchema.parse({ targetId: null, load: { url: 'http://x.test/' } }) }))).toBe('Load only');
    expect(resultTitle(recording({ target: null, settings: null, profile: { nodes: [] }, name: 'node22.cpuprofile' }))).toBe('Imported profile: node22.cpuprofile');
  });
});

describe('noProfileSentence', () => {
  it('a load-only run says so; a profiled run that failed says it failed', () => {
    expect(noProfileSentence(recording({ target: null, settings: recordRequestSchema.parse({ targetId: null, load: { url: 'http://x.test/' } }) }))).toBe('No profile: this was a load-only run.');
    expect(noProfileSentence(recording({ error: 'The target process exited with code 3 during the recording' }))).toMatch(/^No profile: the recording failed before the profile could be read/);
  });
});

describe('runLength', () => {
  it('shows the planned length, or what ran when Stop ended it early', () => {
    expect(runLength(recording({ load: load(10.02, false) }))).toBe('10.0 s');
    expect(runLength(recording({ load: load(3.4, true) }))).toBe('3.4 s (stopped early; 10.0 s planned)');
    expect(runLength(recording({ settings: recordRequestSchema.parse({ targetId: 't', load: { url: 'http://x.test/', requests: 5000 } }) }))).toBe('5 000 requests');
  });
});
