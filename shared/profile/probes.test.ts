// Flambé's probes stay out of the user's profile (issue 23, item 7).
import { describe, expect, it } from 'vitest';
import { importCpuProfile } from './import/cpuprofile.ts';
import { bottomUp } from './views/bottom-up.ts';
import { PROBE_URL, asProbe, withoutProbes } from './probes.ts';
import { extrasOf } from '../recording/profile-extras.ts';
import { cpuProfileFromText } from './test-support/text-profile.ts';

describe('withoutProbes', () => {
  // The sampler evaluated every 250 ms: its histogram reset shows beside the server's handler.
  const text = cpuProfileFromText(`
    handle  handle  (anonymous)[probe]              (anonymous)[probe]  (idle)
            parse   reset[node:internal/histogram]
  `);
  // V8 names an evaluated script by its sourceURL alone (no file:// scheme).
  const raw = { ...text, nodes: text.nodes.map((n) => (n.callFrame.url === 'file:///app/probe' ? { ...n, callFrame: { ...n.callFrame, url: PROBE_URL } } : n)) };

  it('moves the probe samples to (program), drops its frames and says how long they took', () => {
    const out = withoutProbes(raw);
    expect(extrasOf(out).probeMs).toBe(2);
    const rows = bottomUp(importCpuProfile(out), { by: 'function' }).map((r) => `${r.name} ${r.selfMs}`);
    expect(rows).toEqual(expect.arrayContaining(['handle 1', 'parse 1', '(program) 2', '(idle) 1']));
    expect(rows.join()).not.toMatch(/reset|anonymous/);
    // Untouched input; nothing to do without probes.
    expect(raw.nodes.some((n) => n.callFrame.functionName === 'reset')).toBe(true);
    const plain = cpuProfileFromText('handle (idle)');
    expect(withoutProbes(plain)).toBe(plain);
  });

  it('names every evaluated probe with the probe script', () => {
    expect(asProbe('(function () { return 1; })()')).toBe(`(function () { return 1; })()\n//# sourceURL=${PROBE_URL}`);
  });
});
