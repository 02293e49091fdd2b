// The one stand-in for the `electron` module in tests (as Electron Fiddle
// keeps tests/mocks/electron.ts): just enough of app, BrowserWindow, ipcMain,
// protocol, session, utilityProcess… for electron/main/main.ts to run under
// plain Node, recording what main did so tests can assert on it.
import { EventEmitter } from 'node:events';

type Listener = (...args: unknown[]) => unknown;

export class FakeWebContents extends EventEmitter {
  static nextId = 1;
  id = FakeWebContents.nextId++;
  sent: [string, unknown][] = [];
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  send(channel: string, payload: unknown) { this.sent.push([channel, payload]); }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) { this.windowOpenHandler = handler; }
}

export class FakeBrowserWindow extends EventEmitter {
  static created: FakeBrowserWindow[] = [];
  static getAllWindows() { return FakeBrowserWindow.created.filter((w) => !w.destroyed); }
  webContents = new FakeWebContents();
  loadedUrl: string | null = null;
  loads = 0;
  visible = false;
  hidden = false;
  destroyed = false;
  options: Record<string, unknown>;
  constructor(options: Record<string, unknown>) {
    super();
    this.options = options;
    FakeBrowserWindow.created.push(this);
  }
  loadURL(url: string) { this.loadedUrl = url; this.loads++; return Promise.resolve(); }
  isDestroyed() { return this.destroyed; }
  isMinimized() { return false; }
  restore() {}
  focus() {}
  show() { this.visible = true; }
  isVisible() { return this.visible; }
  hide() { this.hidden = true; this.visible = false; }
}

export class FakeUtilityProcess extends EventEmitter {
  static forked: FakeUtilityProcess[] = [];
  posted: unknown[] = [];
  killed = false;
  modulePath: string;
  options: Record<string, unknown>;
  constructor(modulePath: string, options: Record<string, unknown>) {
    super();
    this.modulePath = modulePath;
    this.options = options;
    FakeUtilityProcess.forked.push(this);
  }
  postMessage(message: unknown) { this.posted.push(message); }
  kill() { this.killed = true; return true; }
}

let resolveReady!: () => void;
const ready = new Promise<void>((resolve) => (resolveReady = resolve));

class FakeApp extends EventEmitter {
  isPackaged = false;
  quitCalls = 0;
  readonly paths: Record<string, string> = {};
  setPath(name: string, value: string) { this.paths[name] = value; }
  /** Like Electron: a folder's path, or a throw for a name it does not know (main.ts asks for downloads and home). */
  getPath(name: string) {
    if (!(name in this.paths)) throw new Error(`Failed to get '${name}' path`);
    return this.paths[name];
  }
  requestSingleInstanceLock() { return true; }
  whenReady() { return ready; }
  isReady() { return true; }
  getVersion() { return '0.1.0'; }
  /** Like Electron: emits before-quit, and quits only when nobody prevented it. */
  quit() {
    this.quitCalls++;
    let prevented = false;
    this.emit('before-quit', { preventDefault: () => { prevented = true; } });
    if (!prevented) this.emit('quitted');
  }
  exit() {}
}

export const app = new FakeApp();
export const readyNow = () => resolveReady();

export const ipcMain = {
  handlers: new Map<string, Listener>(),
  handle(channel: string, handler: Listener) { this.handlers.set(channel, handler); },
};

export const protocol = {
  privileged: [] as unknown[],
  handlers: new Map<string, Listener>(),
  registerSchemesAsPrivileged(schemes: unknown[]) { this.privileged.push(...schemes); },
  handle(scheme: string, handler: Listener) { this.handlers.set(scheme, handler); },
};

export const session = {
  // Electron's Session is an EventEmitter ('will-download' and the rest).
  defaultSession: Object.assign(new EventEmitter(), {
    permissionRequest: null as null | ((contents: unknown, permission: string, callback: (ok: boolean) => void) => void),
    permissionCheck: null as null | ((contents: unknown, permission: string) => boolean),
    setPermissionRequestHandler(h: (contents: unknown, permission: string, callback: (ok: boolean) => void) => void) { this.permissionRequest = h; },
    setPermissionCheckHandler(h: (contents: unknown, permission: string) => boolean) { this.permissionCheck = h; },
    setDevicePermissionHandler() {},
  }),
};

export const utilityProcess = {
  fork: (modulePath: string, _args: string[], options: Record<string, unknown>) => new FakeUtilityProcess(modulePath, options),
};

export const Menu = {
  template: null as unknown,
  buildFromTemplate(template: unknown) { this.template = template; return { template }; },
  setApplicationMenu() {},
};

export const nativeTheme = { themeSource: 'light', shouldUseDarkColors: false };
/** `boxes` records every message box; `nextResponse` is the button the "user" presses. */
export const dialog = {
  errors: [] as string[],
  boxes: [] as { message: string; detail?: string; buttons?: string[] }[],
  nextResponse: 0,
  showErrorBox(title: string) { this.errors.push(title); },
  async showMessageBox(...args: unknown[]) {
    const options = args.at(-1) as { message: string; detail?: string; buttons?: string[] };
    this.boxes.push(options);
    return { response: this.nextResponse };
  },
};
export const shell = { opened: [] as string[], openExternal: async (url: string) => { shell.opened.push(url); } };
export const BrowserWindow = FakeBrowserWindow;
