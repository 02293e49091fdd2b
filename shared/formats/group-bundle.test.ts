// The group .flambe reader, on its own: a good group reads back; a damaged
// one is refused in one sentence; a single-recording bundle is not a group.
import { describe, expect, it } from 'vitest';
import { BundleError, writeBundle } from './bundle.ts';
import { isGroupBundle, readGroupBundle, writeGroupBundle } from './group-bundle.ts';
import type { RecordingResult, SweepResult } from '../api.ts';

const latencyMs = { min: 0.1, p50: 1, p75: 1.5, p90: 2, p95: 2.5, p99: 3, max: 9, mean: 1.1 };
const recording = (id: string, connections: number): RecordingResult => ({
  id, name: `Sweep · ${connections}`, createdAt: '2026-11-23T20:00:00.000Z', target: null, settings: null, profile: null,
  load: { requests: 10, durationSec: 1, rps: 10, latencyMs, errors: 0, timeouts: 0, non2xx: 0, statusCodes: { 200: 10 }, bytesPerSec: 1, timeline: [], stoppedEarly: false },
  samples: [], error: null, tags: [], notes: '',
});
const sweep: SweepResult = {
  id: 'sw', name: 'Sweep GET /', createdAt: '2026-11-23T20:00:00.000Z', url: 'http://127.0.0.1:1/', error: null,
  knee: { connections: 1, reason: 'Past 1 connection, latency grows faster than throughput.' },
  levels: [1, 4].map((connections) => ({ connections, recordingId: `r${connections}`, requests: 10, rps: 5, latencyMs, errors: 0, non2xx: 0, profiled: false })),
};
const good = () => JSON.parse(writeGroupBundle({
  kind: 'sweep', id: 'sw', name: 'Sweep GET /', result: sweep,
  members: [1, 4].map((c) => ({ recordingId: `r${c}`, label: String(c), round: null, recording: recording(`r${c}`, c) })),
})) as { version: number; group: { result: SweepResult; members: { recording: RecordingResult }[] } };

describe('a group .flambe', () => {
  it('reads back what was written, and is told apart from a single recording\'s bundle', () => {
    const data = good();
    expect(data.version).toBe(2);
    expect(isGroupBundle(data)).toBe(true);
    expect(isGroupBundle(JSON.parse(writeBundle(recording('x', 1))))).toBe(false);
    const g = readGroupBundle(data, 'g.flambe');
    expect(g.kind).toBe('sweep');
    expect(g.result).toEqual(sweep);
    expect(g.members.map((m) => [m.label, m.recording.id])).toEqual([['1', 'r1'], ['4', 'r4']]);
  });

  const cases: [string, (b: ReturnType<typeof good>) => void, string][] = [
    ['from a newer Flambé', (b) => { b.version = 3; }, 'g.flambe was exported by a newer version of Flambé: update Flambé to import it.'],
    ['the same recording twice', (b) => { b.group.members[1].recording.id = 'r1'; b.group.result.levels[1].recordingId = 'r1'; }, 'g.flambe is a damaged Flambé bundle: its sweep carries the same recording twice. Nothing was imported.'],
    ['no recordings', (b) => { b.group.members = []; }, 'g.flambe is a damaged Flambé bundle: members has no recordings. Nothing was imported.'],
    ['a level with a negative rps', (b) => { b.group.result.levels[0].rps = -1; }, 'g.flambe is a damaged Flambé bundle: result.levels[0].rps is out of range (the number -1). Nothing was imported.'],
    ['two levels naming the same recording', (b) => { b.group.result.levels[1].recordingId = 'r1'; }, 'g.flambe is a damaged Flambé bundle: its sweep names the same recording in two levels (r1). Nothing was imported.'],
    ['a member with neither profile nor load', (b) => { (b.group.members[0].recording as { load: unknown }).load = null; }, 'g.flambe has nothing to import: its recording "Sweep · 1" has neither a CPU profile nor load results.'],
    ['an unknown kind', (b) => { (b.group as { kind?: string }).kind = 'party'; }, 'g.flambe is a damaged Flambé bundle: kind has a value Flambé does not know (text). Nothing was imported.'],
  ];
  it.each(cases)('%s: refused in one sentence', (_what, breakIt, message) => {
    const b = good();
    breakIt(b);
    let error: unknown;
    try {
      readGroupBundle(b, 'g.flambe');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(BundleError);
    expect((error as Error).message).toBe(message);
  });
});
