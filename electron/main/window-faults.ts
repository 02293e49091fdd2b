// What the desktop shell does when its window cannot show Flambé: the page
// fails to load, the renderer process crashes or is killed, or it stops
// answering. Decided here, as data, so it is tested under plain Node
// (test/main/window-faults.test.ts); main.ts only shows the dialog and does
// what the chosen button says. The rule: the user is never left with an
// invisible or blank window — every fault is said in one sentence, with a
// way out (reload, or quit; waiting when the page may still answer).

/** What a dialog button does. */
export type FaultAction = 'reload' | 'quit' | 'wait';

export interface FaultDialog {
  title: string;
  message: string;
  detail: string;
  /** Button labels, and what each does (same order). */
  buttons: string[];
  actions: FaultAction[];
  /** The button Enter presses. */
  defaultId: number;
}

/** Chromium's net::ERR_ABORTED: a load replaced by another (a reload, a new address) — not a failure to show. */
const ERR_ABORTED = -3;
/** This many crashes of the window's page within CRASH_WINDOW_MS: reloading again would only crash again. */
export const CRASH_LOOP = 3;
export const CRASH_WINDOW_MS = 60_000;
/** A window not ready to show after this long is shown anyway: a blank window beats an invisible app. */
export const SHOW_ANYWAY_MS = 10_000;

const RECORDINGS_SAFE = 'Your recordings are saved in the library before anything is shown, so none is lost.';

/** The window's page did not load (`did-fail-load`); null when there is nothing to tell (a sub-frame, an aborted load). */
export function loadFailedDialog(f: { errorCode: number; errorDescription: string; url: string; isMainFrame: boolean }): FaultDialog | null {
  if (!f.isMainFrame || f.errorCode === ERR_ABORTED) return null;
  return {
    title: 'Flambé',
    message: 'Flambé’s window could not load its page.',
    detail: `${f.url} failed: ${f.errorDescription || 'unknown error'} (${f.errorCode}). If it happens again, rebuild Flambé ("npm run build") or reinstall it.`,
    buttons: ['Try again', 'Quit'],
    actions: ['reload', 'quit'],
    defaultId: 0,
  };
}

const GONE_WORDS: Record<string, string> = {
  crashed: 'crashed',
  oom: 'ran out of memory',
  killed: 'was stopped from outside (killed)',
  'launch-failed': 'could not start',
  'integrity-failure': 'failed a code integrity check',
  'memory-eviction': 'was closed to free memory',
  'abnormal-exit': 'ended unexpectedly',
};

/**
 * The window's page process is gone (`render-process-gone`); null for a clean exit (the app closing).
 * `recentCrashes`: how many times it went in the last CRASH_WINDOW_MS, this one included (crashesWithin).
 */
export function rendererGoneDialog(details: { reason: string; exitCode: number }, recentCrashes: number): FaultDialog | null {
  if (details.reason === 'clean-exit') return null;
  const what = GONE_WORDS[details.reason] ?? `ended (${details.reason})`;
  const loop = recentCrashes >= CRASH_LOOP;
  return {
    title: 'Flambé',
    message: `Flambé’s window ${what}${loop ? ` ${recentCrashes} times in a minute` : ''}.`,
    detail: `${RECORDINGS_SAFE} ${loop ? 'Reloading again would likely end the same way: quit, and start Flambé again.' : 'Reload shows the window again.'} (exit code ${details.exitCode})`,
    buttons: loop ? ['Quit', 'Reload anyway'] : ['Reload', 'Quit'],
    actions: loop ? ['quit', 'reload'] : ['reload', 'quit'],
    defaultId: 0,
  };
}

/** The page stopped answering (`unresponsive`): a big profile may still be drawing, so waiting is offered first. */
export function unresponsiveDialog(): FaultDialog {
  return {
    title: 'Flambé',
    message: 'Flambé’s window is not responding.',
    detail: `A very large profile can take a while to draw: wait, or reload the window. ${RECORDINGS_SAFE}`,
    buttons: ['Wait', 'Reload', 'Quit'],
    actions: ['wait', 'reload', 'quit'],
    defaultId: 0,
  };
}

/** The crashes of the last `windowMs` (times in ms, `now` included by the caller), for the crash-loop rule. */
export function crashesWithin(times: readonly number[], now: number, windowMs = CRASH_WINDOW_MS): number {
  return times.filter((t) => now - t <= windowMs).length;
}
