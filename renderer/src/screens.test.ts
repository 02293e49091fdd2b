import { describe, expect, it } from 'vitest';
import { parseRoute } from './lib/route.ts';
import { decodeURIComponentSafe, followAddress, initialScreen, screenRoute, type Screen } from './screens.ts';

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

  it('follows an address: the screen it names, the recording read once, or one sentence when there is none', async () => {
    const follow = (hash: string, shownId: string | null = null, read: (id: string) => Promise<void> = async () => {}) => {
      const seen: string[] = [];
      let ids: [string, string] | null = null;
      followAddress(parseRoute(hash), hash, {
        setScreen: (s) => seen.push(`screen ${s}`), setProblem: (p) => p && seen.push(p), shownId,
        openRecording: (id) => { seen.push(`read ${id}`); return read(id); },
        setCompareIds: (u) => { ids = u(ids); seen.push(`compare ${ids?.join(' ')}`); },
        setExperimentId: (id) => seen.push(`experiment ${id}`), setSweepId: (id) => seen.push(`sweep ${id}`),
      });
      return seen;
    };
    expect(follow('#/compare/a/b')).toEqual(['compare a b', 'screen compare']);
    expect(follow('#/sweeps/s1')).toEqual(['sweep s1', 'screen sweep']);
    expect(follow('#/recordings/r1', 'r1')).toEqual(['screen result']);
    expect(follow('#/recordings/r2', 'r1')).toEqual(['read r2']);
    expect(follow('')).toEqual(['screen record']);
    expect(follow('#/nowhere')[0]).toMatch(/^Flambé has no screen at the address “#\/nowhere”/);
    const gone: string[] = [];
    followAddress(parseRoute('#/recordings/x'), '#/recordings/x', {
      setScreen: () => {}, setProblem: (p) => p && gone.push(p), shownId: null, openRecording: () => Promise.reject(new Error('no')),
      setCompareIds: () => {}, setExperimentId: () => {}, setSweepId: () => {},
    });
    await new Promise((r) => setTimeout(r, 0));
    expect(gone).toEqual(['No recording with the id “x” is in the library: it may have been deleted, or the address is cut short.']);
  });
});
