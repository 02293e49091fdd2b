import { describe, expect, it } from 'vitest';
import { parseRoute } from './lib/route.ts';
import { decodeURIComponentSafe, initialScreen, screenRoute, type Screen } from './screens.ts';

const none = { recordingId: null, compareIds: null, experimentId: null, sweepId: null };

describe('screens and addresses', () => {
  it('opens the screen an address names, a recording once it is read', () => {
    expect(initialScreen(parseRoute('#/library?q=json'))).toBe('library');
    expect(initialScreen(parseRoute('#/compare/a/b'))).toBe('compare');
    expect(initialScreen(parseRoute('#/experiments/e1'))).toBe('experiment');
    expect(initialScreen(parseRoute('#/sweeps/s1'))).toBe('sweep');
    expect(initialScreen(parseRoute('#/recordings/r1'))).toBe('record');
    expect(initialScreen(null)).toBe('record');
  });

  it('gives each screen the address of what it shows, and none to what cannot be reopened', () => {
    const all = { recordingId: 'r1', compareIds: ['a', 'b'] as const, experimentId: 'e1', sweepId: 's1' };
    const screens: Screen[] = ['record', 'library', 'result', 'compare', 'experiment', 'sweep'];
    expect(screens.map((s) => screenRoute(s, all))).toEqual([
      { screen: 'record' }, { screen: 'library' }, { screen: 'recording', id: 'r1' }, { screen: 'compare', a: 'a', b: 'b' },
      { screen: 'experiment', id: 'e1' }, { screen: 'sweep', id: 's1' },
    ]);
    expect(screens.map((s) => screenRoute(s, none))).toEqual([{ screen: 'record' }, { screen: 'library' }, null, { screen: 'compare-pick' }, null, null]);
  });

  it('shows an address cut mid-escape as typed', () => {
    expect(decodeURIComponentSafe('#/x%E2%82')).toBe('#/x%E2%82');
    expect(decodeURIComponentSafe('#/caf%C3%A9')).toBe('#/café');
  });
});
