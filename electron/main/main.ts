// Electron's main process, kept thin (docs/ARCHITECTURE.md "Layering"): app lifecycle,
// the one window, the menu, and the IPC wiring between the renderer and the
// service host. The services themselves run in a utilityProcess
// (electron/service-host/), never on this thread. Bundled to dist/electron/main.js.
import {
  app, BrowserWindow, dialog, ipcMain, Menu, nativeTheme, protocol, session, shell, utilityProcess,
  type IpcMainInvokeEvent,
} from 'electron';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { messageOf } from '../services/errors.ts';
import { chromiumProfileDir } from './profile-dir.ts';
import { afterSaved, saveDialogOptions, saveFailedMessage } from './save-download.ts';
import { lastWindowClosed, menuTemplate } from './menu-template.ts';
import { crashesWithin, loadFailedDialog, rendererGoneDialog, SHOW_ANYWAY_MS, unresponsiveDialog, type FaultDialog } from './window-faults.ts';
import { APP_INDEX_URL, APP_SCHEME, createAppProtocolHandler } from './app-protocol.ts';
import { ServiceHostClient, type HostChild } from './host-client.ts';
import { EVENT_CHANNEL, INVOKE_CHANNEL } from '../../shared/bridge.ts';
import { isApiMethod, type InvokeOutcome } from '../../shared/api.ts';
import { noSuchMethodSentence } from '../../shared/api-sentences.ts';
import { isTrustedSender, type SenderFacts } from './sender-check.ts';

/** How long quitting waits for the host to stop launched targets and recordings. */
const HOST_DISPOSE_TIMEOUT_MS = 3000;

const here = import.meta.dirname; // dist/electron
const files = {
  preload: path.join(here, 'preload.cjs'),
  renderer: path.join(here, '../renderer'),
  serviceHost: path.join(here, '../node/service-host.js'),
  icon: path.join(here, '../../assets/icon.png'), // from source only; packaged builds carry their icon
};

// Must happen before `ready`: app:// gets a real origin ('self' in the CSP),
// fetch, and V8 code caching, like https.
protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
]);

// The library is the one the CLI and browser mode use (the service host
// resolves it: $FLAMBE_LIBRARY, else the platform data folder). Electron's
// userData is Chromium's own files (caches, local storage): kept out of the
// library's folder (profile-dir.ts). Set before anything reads userData (the
// single-instance lock does).
app.setPath('userData', chromiumProfileDir());

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  start();
}

function start(): void {
  let win: BrowserWindow | null = null;

  const newHost = () => new ServiceHostClient({
    spawn: () => forkServiceHost(),
    onEvent: (event) => {
      if (win && !win.isDestroyed()) win.webContents.send(EVENT_CHANNEL, event);
    },
    log: (line) => console.error(`[flambe] ${line}`),
  });
  let host = newHost();
  // Set when the host's work was stopped with the last window (macOS): a new window starts a new host.
  let hostDisposed = false;
  const openWindow = () => {
    if (hostDisposed) {
      host = newHost();
      hostDisposed = false;
    }
    host.start();
    win = createWindow();
    win.on('closed', () => {
      win = null;
    });
  };

  app.on('second-instance', () => {
    if (!win) return;
    if (win.isMinimized()) win.restore();
    win.focus();
  });

  // Every webContents (the window, DevTools, anything else): no navigation
  // away from our page, no new windows, no <webview>. http(s) links open in
  // the user's browser instead.
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event) => event.preventDefault());
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      if (/^https?:\/\//i.test(url)) void shell.openExternal(url);
      return { action: 'deny' };
    });
  });

  // Quitting stops launched targets first (no orphan `node` processes); the
  // window hides at once so quitting feels immediate.
  let hostStopped = false;
  app.on('before-quit', (event) => {
    if (hostStopped) return;
    event.preventDefault();
    if (win && !win.isDestroyed()) win.hide();
    void host.dispose(HOST_DISPOSE_TIMEOUT_MS).finally(() => {
      hostStopped = true;
      app.quit();
    });
  });
  // Closing the one window quits, except on macOS, where the app stays in the
  // Dock as Mac apps do — with its work stopped (menu-template.ts), so targets
  // never keep running behind a closed window.
  app.on('window-all-closed', () => {
    if (lastWindowClosed(process.platform) === 'quit') return app.quit();
    hostDisposed = true;
    void host.dispose(HOST_DISPOSE_TIMEOUT_MS);
  });
  // The Dock icon clicked with no window open: a new one.
  app.on('activate', () => {
    if (app.isReady() && !win) openWindow();
  });

  ipcMain.handle(INVOKE_CHANNEL, async (event: IpcMainInvokeEvent, method: unknown, arg: unknown): Promise<InvokeOutcome> => {
    if (!isTrustedSender(senderFacts(event, win))) throw new Error("Refused: only Flambé's own window may call its services.");
    // The argument is validated once, by the service host's dispatcher; here only the name is checked.
    if (!isApiMethod(method)) return { ok: false, error: { kind: 'user', message: noSuchMethodSentence(method) } };
    return host.invoke(method, arg);
  });

  app
    .whenReady()
    .then(() => {
      if (!existsSync(path.join(files.renderer, 'index.html'))) {
        dialog.showErrorBox('Flambé is not built', 'The window has nothing to show yet: run "npm run build", then start Flambé again.');
        app.quit();
        return;
      }
      nativeTheme.themeSource = 'system'; // the renderer follows prefers-color-scheme
      lockDownSession();
      protocol.handle(APP_SCHEME, createAppProtocolHandler(files.renderer));
      Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(process.platform, { isPackaged: app.isPackaged, onAbout: () => void showAbout(win) })));
      openWindow();
    })
    .catch((e: unknown) => {
      dialog.showErrorBox('Flambé could not start', messageOf(e));
      app.exit(1);
    });
}

function forkServiceHost(): HostChild {
  const child = utilityProcess.fork(files.serviceHost, [], { serviceName: 'Flambé services', stdio: 'inherit' });
  return {
    postMessage: (message) => child.postMessage(message),
    onMessage: (listener) => child.on('message', listener),
    onExit: (listener) => child.on('exit', listener),
    kill: () => {
      child.kill();
    },
  };
}

function senderFacts(event: IpcMainInvokeEvent, win: BrowserWindow | null): SenderFacts {
  try {
    const frame = event.senderFrame; // null once the frame navigated away or was destroyed
    return {
      frameUrl: frame?.url,
      isMainFrame: frame != null && frame.parent === null,
      // Compared by id: the one stable identity of a webContents.
      isOurWindow: win != null && !win.isDestroyed() && event.sender.id === win.webContents.id,
    };
  } catch {
    // Reading a disposed WebFrameMain throws: such a sender is not trusted.
    return { frameUrl: null, isMainFrame: false, isOurWindow: false };
  }
}

function lockDownSession(): void {
  const ses = session.defaultSession;
  // No camera, microphone, notifications, geolocation…: Flambé needs none.
  // Writing to the clipboard (a "Copy" button) is the one harmless exception.
  const allowed = (permission: string) => permission === 'clipboard-sanitized-write';
  ses.setPermissionRequestHandler((_contents, permission, callback) => callback(allowed(permission)));
  ses.setPermissionCheckHandler((_contents, permission) => allowed(permission));
  ses.setDevicePermissionHandler(() => false);
  ownerOnlyDownloads(ses);
}

/**
 * Files saved from the app's screens (an export, a report: an <a download>
 * that Electron saves through its dialog): the dialog opens on the folder
 * used last (else Downloads), with a name every system accepts; the file is
 * the user's alone, 0600, once written; a save that fails says why in one
 * sentence. Every decision is save-download.ts's (tested under plain Node);
 * here only Electron's DownloadItem is read and the answer shown.
 */
function ownerOnlyDownloads(ses: Electron.Session): void {
  let lastFolder: string | null = null;
  ses.on('will-download', (_event, item) => {
    item.setSaveDialogOptions(saveDialogOptions(item.getFilename(), { last: lastFolder, downloads: pathOr('downloads'), home: app.getPath('home') }));
    item.once('done', (_done, state) => {
      const savePath = item.getSavePath();
      if (state === 'completed') lastFolder = afterSaved(savePath);
      else if (state === 'interrupted' && savePath) void showSaveFailed(saveFailedMessage(savePath, item.getTotalBytes()));
      // 'cancelled': the user closed the dialog, nothing to say.
    });
  });
}

/** Electron's path of a known folder, or null where the system has none (Downloads on a minimal Linux). */
function pathOr(name: 'downloads'): string | null {
  try {
    return app.getPath(name);
  } catch {
    return null;
  }
}

async function showSaveFailed(m: { message: string; detail: string }): Promise<void> {
  const win = BrowserWindow.getAllWindows()[0];
  const options = { type: 'error' as const, title: 'Not saved', message: m.message, detail: m.detail, buttons: ['OK'], noLink: true };
  await (win ? dialog.showMessageBox(win, options) : dialog.showMessageBox(options));
}

function createWindow(): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 860,
    minWidth: 880,
    minHeight: 560,
    title: 'Flambé',
    show: false,
    backgroundColor: nativeTheme.shouldUseDarkColors ? '#17171c' : '#ffffff',
    icon: process.platform === 'linux' && existsSync(files.icon) ? files.icon : undefined,
    webPreferences: {
      preload: files.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
      devTools: !app.isPackaged,
    },
  });
  // Shown when its page is ready — or after SHOW_ANYWAY_MS, or with a fault's dialog: never an invisible app.
  const showAnyway = setTimeout(() => !win.isDestroyed() && !win.isVisible() && win.show(), SHOW_ANYWAY_MS);
  win.once('ready-to-show', () => {
    clearTimeout(showAnyway);
    win.show();
  });
  win.on('closed', () => clearTimeout(showAnyway));
  watchFaults(win);
  win.loadURL(APP_INDEX_URL).catch((e: unknown) => console.error(`[flambe] could not load ${APP_INDEX_URL}: ${messageOf(e)}`));
  return win;
}

/** A page that fails to load, a renderer that crashes or stops answering: a message and a way out (window-faults.ts). */
function watchFaults(win: BrowserWindow): void {
  const crashes: number[] = [];
  let asking = false;
  const ask = async (d: FaultDialog | null) => {
    if (!d || asking || win.isDestroyed()) return;
    asking = true;
    try {
      if (!win.isVisible()) win.show();
      const { response } = await dialog.showMessageBox(win, { type: 'error', title: d.title, message: d.message, detail: d.detail, buttons: d.buttons, defaultId: d.defaultId, noLink: true });
      const action = d.actions[response] ?? 'wait';
      if (action === 'quit') app.quit();
      else if (action === 'reload' && !win.isDestroyed()) void win.loadURL(APP_INDEX_URL).catch(() => undefined);
    } finally {
      asking = false;
    }
  };
  win.webContents.on('did-fail-load', (_event, errorCode, errorDescription, url, isMainFrame) => {
    void ask(loadFailedDialog({ errorCode, errorDescription, url, isMainFrame }));
  });
  win.webContents.on('render-process-gone', (_event, details) => {
    const now = Date.now();
    crashes.push(now);
    void ask(rendererGoneDialog(details, crashesWithin(crashes, now)));
  });
  win.on('unresponsive', () => void ask(unresponsiveDialog()));
}

async function showAbout(win: BrowserWindow | null): Promise<void> {
  const options = {
    type: 'info' as const,
    title: 'About Flambé',
    message: `Flambé ${app.getVersion()}`,
    detail:
      'Record a Node.js server under load and see where its time goes.\n\n' +
      `Electron ${process.versions.electron} · Node ${process.versions.node} · Chromium ${process.versions.chrome}`,
    buttons: ['OK'],
  };
  await (win ? dialog.showMessageBox(win, options) : dialog.showMessageBox(options));
}
