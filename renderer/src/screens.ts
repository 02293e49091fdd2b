// The window's screens and their addresses, both ways (pure, tested): which
// screen an address opens first, and which address the screen showing has.
import type { Route } from './lib/route.ts';
import { AccessRefused } from './client/types.ts';

export type Screen = 'record' | 'library' | 'result' | 'compare' | 'experiment' | 'sweep';

/** What each screen shows, when it shows one thing: its address is made of it. */
export interface ScreenSubjects {
  /** The recording shown, when it is saved (an unsaved one has no address). */
  recordingId: string | null;
  compareIds: readonly [string, string] | null;
  experimentId: string | null;
  sweepId: string | null;
}

/** The first screen for an address (a reload, a pasted link); a recording shows once it is read. */
export function initialScreen(route: Route | null): Screen {
  switch (route?.screen) {
    case 'library': return 'library';
    case 'compare': case 'compare-pick': return 'compare';
    case 'experiment': return 'experiment';
    case 'sweep': return 'sweep';
    default: return 'record';
  }
}

/** The address of what shows; null when it has none (a recording not saved, a group not chosen). */
export function screenRoute(screen: Screen, s: ScreenSubjects): Route | null {
  switch (screen) {
    case 'result': return s.recordingId ? { screen: 'recording', id: s.recordingId } : null;
    case 'compare': return s.compareIds ? { screen: 'compare', a: s.compareIds[0], b: s.compareIds[1] } : { screen: 'compare-pick' };
    case 'experiment': return s.experimentId ? { screen: 'experiment', id: s.experimentId } : null;
    case 'sweep': return s.sweepId ? { screen: 'sweep', id: s.sweepId } : null;
    default: return { screen };
  }
}

/** An address typed by hand may be cut mid-escape: show it as typed rather than fail. */
export function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** What following an address changes in the window (App's state). */
export interface AddressFollower {
  setScreen(screen: Screen): void;
  setProblem(problem: string | null): void;
  /** The recording shown now (a reload of its address shows it again, not read twice). */
  shownId: string | null;
  openRecording(id: string): Promise<void>;
  setCompareIds(update: (ids: [string, string] | null) => [string, string] | null): void;
  setExperimentId(id: string): void;
  setSweepId(id: string): void;
}

/** Shows the screen an address names (a reload, back/forward, a pasted link, an edited '#'), or says why it cannot. */
export function followAddress(route: Route | null, hash: string, f: AddressFollower): void {
  if (!route) {
    if (hash.replace(/^#\/?/, '')) f.setProblem(`Flambé has no screen at the address “${decodeURIComponentSafe(hash)}”: it may be cut short.`);
    else f.setScreen('record');
    return;
  }
  f.setProblem(null);
  switch (route.screen) {
    case 'recording':
      if (f.shownId === route.id) f.setScreen('result');
      // A refused call (no token) is not a missing recording: its own sentence says what to do.
      else f.openRecording(route.id).catch((e: unknown) => f.setProblem(e instanceof AccessRefused ? e.message : `No recording with the id “${route.id}” is in the library: it may have been deleted, or the address is cut short.`));
      return;
    case 'compare': f.setCompareIds((ids) => (ids && ids[0] === route.a && ids[1] === route.b ? ids : [route.a, route.b])); f.setScreen('compare'); return;
    case 'compare-pick': f.setScreen('compare'); return;
    case 'experiment': f.setExperimentId(route.id); f.setScreen('experiment'); return;
    case 'sweep': f.setSweepId(route.id); f.setScreen('sweep'); return;
    default: f.setScreen(route.screen);
  }
}
