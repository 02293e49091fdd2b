// Who may call the services over IPC: only the main frame of our own window,
// showing our own page. An iframe, a page the window was somehow navigated
// to, or any other webContents is refused (as Electron Fiddle's IPC manager
// does, and the Electron security checklist asks: "Validate the sender of
// all IPC messages").
import { APP_HOST, APP_ORIGIN, APP_SCHEME } from './app-protocol.ts';

/** The facts main.ts reads off an IpcMainInvokeEvent, as plain values. */
export interface SenderFacts {
  /** `event.senderFrame?.url` (null when the frame is gone). */
  frameUrl: string | null | undefined;
  /** The sending frame is its window's top frame (`frame.parent === null`). */
  isMainFrame: boolean;
  /** `event.sender === win.webContents` for our one window. */
  isOurWindow: boolean;
}

/** True for a URL of our app:// origin (never a look-alike such as app://flambe.evil/). */
export function isAppUrl(url: string | null | undefined): boolean {
  if (typeof url !== 'string' || !url.startsWith(`${APP_ORIGIN}/`)) return false;
  try {
    const parsed = new URL(url);
    return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST && parsed.username === '' && parsed.password === '';
  } catch {
    return false;
  }
}

export function isTrustedSender(facts: SenderFacts): boolean {
  return facts.isOurWindow && facts.isMainFrame && isAppUrl(facts.frameUrl);
}
