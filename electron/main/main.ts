// Electron's main process, kept thin (docs/ARCHITECTURE.md "Layering"): app lifecycle,
// the one window, the menu, and the IPC wiring between the renderer and the
// service host. The services themselves run in a utilityProcess
// (electron/service-host/), never on this thread. Bundled to dist/electron/main.js.
import {
  app, BrowserWindow, dialog, ipcMain, Menu, nativeTheme, protocol, session, shell, utilityProcess,
  type IpcMainInvokeEvent, type MenuItemConstructorOptions,
} from 'electron';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { messageOf } from '../services/errors.ts';
import { platformDataDir } from '../services/library/library-path.ts';
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

// The app's user-data folder is the platform data folder the CLI and browser
// mode use too (~/Library/Application Support/Flambe, %APPDATA%\Flambe,
// $XDG_DATA_HOME/flambe), so its library.sqlite is one library everywhere.
// Set before anything reads userData (the single-instance lock does).
app.setPath('userData', platformDataDir());

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  start();
}

function start(): void {
  let win: BrowserWindow | null = null;

  const host = new ServiceHostClient({
    spawn: () => forkServiceHost(),
    onEvent: (event) => {
      if (win && !win.isDestroyed()) win.webContents.send(EVENT_CHANNEL, event);
    },
    log: (line) => console.error(`[flambe] ${line}`),
  });

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
  // One window: closing it ends the app on every platform, macOS included,
  // so targets never keep running behind a closed window.
  app.on('window-all-closed', () => app.quit());

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
      Menu.setApplicationMenu(buildMenu(() => win));
      host.start();
      win = createWindow();
      win.on('closed', () => {
        win = null;
      });
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
  win.once('ready-to-show', () => win.show());
  win.loadURL(APP_INDEX_URL).catch((e: unknown) => console.error(`[flambe] could not load ${APP_INDEX_URL}: ${messageOf(e)}`));
  return win;
}

function buildMenu(getWindow: () => BrowserWindow | null): Menu {
  const isMac = process.platform === 'darwin';
  const devItems: MenuItemConstructorOptions[] = app.isPackaged
    ? []
    : [{ role: 'reload' }, { role: 'toggleDevTools' }, { type: 'separator' }];
  const template: MenuItemConstructorOptions[] = [
    ...(isMac ? [{ role: 'appMenu' } as const] : []),
    { label: 'File', submenu: [isMac ? { role: 'close' } : { role: 'quit' }] },
    // Without an Edit menu, copy and paste do not work in text fields on macOS.
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [...devItems, { role: 'resetZoom' }, { role: 'zoomIn' }, { role: 'zoomOut' }, { type: 'separator' }, { role: 'togglefullscreen' }],
    },
    { role: 'help', submenu: [{ label: 'About Flambé', click: () => void showAbout(getWindow()) }] },
  ];
  return Menu.buildFromTemplate(template);
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
