// The desktop shell's decisions when its window cannot show Flambé
// (electron/main/window-faults.ts), under plain Node.
import { describe, expect, it } from 'vitest';
import { CRASH_LOOP, crashesWithin, loadFailedDialog, rendererGoneDialog, unresponsiveDialog } from '../../electron/main/window-faults.ts';

describe('window faults', () => {
  it('a main page that fails to load: one sentence, Try again or Quit', () => {
    const d = loadFailedDialog({ errorCode: -6, errorDescription: 'ERR_FILE_NOT_FOUND', url: 'app://flambe/index.html', isMainFrame: true })!;
    expect(d.message).toBe('Flambé’s window could not load its page.');
    expect(d.detail).toMatch(/^app:\/\/flambe\/index\.html failed: ERR_FILE_NOT_FOUND \(-6\)\. If it happens again, rebuild Flambé/);
    expect(d.buttons.map((b, i) => `${b}=${d.actions[i]}`)).toEqual(['Try again=reload', 'Quit=quit']);
  });

  it('a sub-frame, or a load replaced by another (ERR_ABORTED), is nothing to tell', () => {
    expect(loadFailedDialog({ errorCode: -3, errorDescription: 'ERR_ABORTED', url: 'app://flambe/', isMainFrame: true })).toBeNull();
    expect(loadFailedDialog({ errorCode: -6, errorDescription: 'x', url: 'app://flambe/a', isMainFrame: false })).toBeNull();
  });

  it('a renderer gone: what happened in words, and a reload; the app closing is no fault', () => {
    expect(rendererGoneDialog({ reason: 'clean-exit', exitCode: 0 }, 1)).toBeNull();
    const oom = rendererGoneDialog({ reason: 'oom', exitCode: 5 }, 1)!;
    expect(oom.message).toBe('Flambé’s window ran out of memory.');
    expect(oom.detail).toMatch(/recordings are saved in the library/);
    expect(oom.actions).toEqual(['reload', 'quit']);
    expect(rendererGoneDialog({ reason: 'something-new', exitCode: 1 }, 1)!.message).toBe('Flambé’s window ended (something-new).');
  });

  it('crashing again and again: Quit comes first, a reload is still offered', () => {
    const d = rendererGoneDialog({ reason: 'crashed', exitCode: 139 }, CRASH_LOOP)!;
    expect(d.message).toBe(`Flambé’s window crashed ${CRASH_LOOP} times in a minute.`);
    expect(d.actions).toEqual(['quit', 'reload']);
    expect(d.defaultId).toBe(0);
    expect(crashesWithin([0, 30_000, 50_000, 70_000], 70_000)).toBe(3);
    expect(crashesWithin([0], 60_001)).toBe(0);
  });

  it('unresponsive: waiting first (a big profile may still be drawing)', () => {
    expect(unresponsiveDialog().actions).toEqual(['wait', 'reload', 'quit']);
  });
});
