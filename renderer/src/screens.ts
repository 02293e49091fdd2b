// The window's screens and their addresses, both ways (pure, tested): which
// screen an address opens first, and which address the screen showing has.
import type { Route } from './lib/route.ts';

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
