// electron/main/main.ts against the mock in mocks/electron.ts: the window's
// security settings, the IPC gate, event forwarding and the quit sequence —
// what cannot be run here for real without Electron's binary.
import { EventEmitter } from 'node:events';
import type * as fs from 'node:fs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import path from 'node:path';
import * as electron from './mocks/electron.ts';

vi.mock('electron', () => import('./mocks/electron.ts'));
// main.ts refuses to start without a built renderer; pretend it is built.
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof fs>();
  return { ...real, existsSync: (p: string) => p.endsWith('index.html') || real.existsSync(p) };
});

const { app, ipcMain, protocol, session, FakeBrowserWindow, FakeUtilityProcess, shell } = electron;

const tick = () => new Promise((r) => setTimeout(r, 0));

beforeAll(async () => {
  await import('../../electron/main/main.ts');
  expect(protocol.privileged).toEqual([
    { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
  ]); // before ready, as Electron requires
  expect(FakeBrowserWindow.created).toHaveLength(0);
  electron.readyNow();
  await tick();
});

const win = () => FakeBrowserWindow.created[0];
const host = () => FakeUtilityProcess.forked[0];
const invoke = (sender: { id: number }, frame: { url: string; parent: unknown } | null, method: unknown, arg: unknown) =>
  ipcMain.handlers.get('flambe:invoke')!({ sender, senderFrame: frame }, method, arg) as Promise<unknown>;
const ourFrame = { url: 'app://flambe/index.html', parent: null };

describe('main', () => {
  it('keeps Chromium\'s own files (userData) out of the library\'s folder (issue 38)', async () => {
    const { platformDataDir } = await import('../../electron/services/library/library-path.ts');
    const { chromiumProfileDir } = await import('../../electron/main/profile-dir.ts');
    const userData = (electron.app as unknown as { paths: Record<string, string> }).paths.userData;
    expect(userData).toBe(chromiumProfileDir());
    expect(path.relative(platformDataDir(), userData)).toMatch(/^\.\./);
  });

  it('opens one locked-down window on app://flambe/', () => {
    expect(FakeBrowserWindow.created).toHaveLength(1);
    expect(win().options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true });
    expect(String((win().options.webPreferences as { preload: string }).preload)).toMatch(/preload\.cjs$/);
    expect(win().loadedUrl).toBe('app://flambe/index.html');
    expect(protocol.handlers.has('app')).toBe(true);
  });

  it('denies permission requests (clipboard writes aside)', () => {
    const answers: boolean[] = [];
    for (const p of ['media', 'geolocation', 'notifications', 'clipboard-read']) session.defaultSession.permissionRequest!({}, p, (ok) => answers.push(ok));
    expect(answers).toEqual([false, false, false, false]);
    expect(session.defaultSession.permissionCheck!({}, 'media')).toBe(false);
  });

  it('saves a file from the app’s screens through save-download.ts: its dialog, 0600 once written, a sentence when it failed (issues 32, 38)', async () => {
    // What Electron's binary would add — its native dialog shown, Chromium writing the bytes and reporting "interrupted" —
    // cannot run here (the binary cannot be downloaded): this drives main.ts's wiring with DownloadItem's facts, and
    // test/main/save-download.test.ts holds every decision against the real disk.
    const real = await vi.importActual<typeof fs>('node:fs');
    const dir = real.mkdtempSync(path.join((await import('node:os')).tmpdir(), 'flambe-download-'));
    app.setPath('home', dir);
    const download = (savePath: string, fileName = 'report.html') => {
      const item = Object.assign(new EventEmitter(), {
        dialog: null as null | { defaultPath: string },
        getFilename: () => fileName, getSavePath: () => savePath, getTotalBytes: () => 8,
        setSaveDialogOptions(o: { defaultPath: string }) { item.dialog = o; },
      });
      session.defaultSession.emit('will-download', {}, item);
      return item;
    };
    const saved = path.join(dir, 'reports', 'report.html');
    real.mkdirSync(path.dirname(saved));
    real.writeFileSync(saved, 'a report', { mode: 0o644 });
    const first = download(saved, 'a/b: report.html');
    // No Downloads folder known to this mock: home, with a name every system accepts.
    expect(first.dialog!.defaultPath).toBe(path.join(dir, 'a-b- report.html'));
    first.emit('done', {}, 'completed');
    expect(real.statSync(saved).mode & 0o777).toBe(0o600);
    // The next save opens where the last one went.
    expect(download(path.join(dir, 'x.md'), 'x.md').dialog!.defaultPath).toBe(path.join(dir, 'reports', 'x.md'));
    // Interrupted in a folder that is gone: one sentence, in a message box.
    const gone = download(path.join(dir, 'gone', 'y.md'), 'y.md');
    gone.emit('done', {}, 'interrupted');
    await tick();
    expect(electron.dialog.boxes.at(-1)).toMatchObject({ message: 'Flambé could not save y.md.', detail: `The folder ${path.join(dir, 'gone')} does not exist any more. Save again and choose another folder.` });
    // Cancelled: nothing to say.
    const boxes = electron.dialog.boxes.length;
    download('', 'z.md').emit('done', {}, 'cancelled');
    await tick();
    expect(electron.dialog.boxes).toHaveLength(boxes);
    real.rmSync(dir, { recursive: true, force: true });
  });

  it('blocks navigation and new windows in every webContents', () => {
    const contents = new electron.FakeWebContents();
    app.emit('web-contents-created', {}, contents);
    const navigation = { preventDefault: vi.fn() };
    contents.emit('will-navigate', navigation);
    expect(navigation.preventDefault).toHaveBeenCalled();
    expect(contents.windowOpenHandler!({ url: 'https://nodejs.org/' })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler!({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(shell.opened).toEqual(['https://nodejs.org/']);
  });

  it('starts the service host in a utility process', () => {
    expect(FakeUtilityProcess.forked).toHaveLength(1);
    expect(host().modulePath).toMatch(/[/\\]node[/\\]service-host\.js$/);
  });

  it('refuses callers that are not our window\'s main frame on app://flambe/', async () => {
    const ours = win().webContents;
    await expect(invoke({ id: ours.id + 100 }, ourFrame, 'demoServer', {})).rejects.toThrow(/only Flambé's own window/);
    await expect(invoke(ours, { url: 'app://flambe/index.html', parent: {} }, 'demoServer', {})).rejects.toThrow();
    await expect(invoke(ours, { url: 'https://evil.example/', parent: null }, 'demoServer', {})).rejects.toThrow();
    await expect(invoke(ours, null, 'demoServer', {})).rejects.toThrow();
    expect(host().posted).toEqual([]);
  });

  it('checks the method name, forwards the call to the host (whose dispatcher validates it, once) and returns its outcome', async () => {
    const ours = win().webContents;
    expect(await invoke(ours, ourFrame, 'nope', {})).toEqual({ ok: false, error: { kind: 'user', message: 'There is no API method "nope".' } });
    expect(host().posted).toEqual([]);

    const pending = invoke(ours, ourFrame, 'getTarget', { targetId: 't1' });
    expect(host().posted).toEqual([{ type: 'invoke', id: 1, method: 'getTarget', arg: { targetId: 't1' } }]);
    host().emit('message', { type: 'result', id: 1, ok: true, result: { targetId: 't1' } });
    expect(await pending).toEqual({ ok: true, result: { targetId: 't1' } });
  });

  it('forwards service events to the window', () => {
    const event = { name: 'targetExit', payload: { targetId: 't1', code: 0, signal: null } };
    host().emit('message', { type: 'event', event });
    expect(win().webContents.sent).toContainEqual(['flambe:event', event]);
  });

  it('a page that fails to load shows the window with a sentence, and "Try again" loads it again (issue 38)', async () => {
    const w = win();
    w.visible = false;
    const loads = w.loads;
    electron.dialog.nextResponse = 0;
    w.webContents.emit('did-fail-load', {}, -6, 'ERR_FILE_NOT_FOUND', 'app://flambe/index.html', true);
    await tick();
    expect(w.visible).toBe(true);
    expect(electron.dialog.boxes.at(-1)).toMatchObject({ message: 'Flambé’s window could not load its page.', buttons: ['Try again', 'Quit'] });
    expect(w.loads).toBe(loads + 1);
    // A sub-frame's failure, or a load replaced by another (ERR_ABORTED), is no fault to tell.
    const boxes = electron.dialog.boxes.length;
    w.webContents.emit('did-fail-load', {}, -3, 'ERR_ABORTED', 'app://flambe/index.html', true);
    w.webContents.emit('did-fail-load', {}, -6, 'ERR_FILE_NOT_FOUND', 'app://flambe/x.html', false);
    await tick();
    expect(electron.dialog.boxes.length).toBe(boxes);
  });

  it('a crashed or unresponsive page says so and offers a reload (issue 38)', async () => {
    const w = win();
    const loads = w.loads;
    electron.dialog.nextResponse = 0;
    w.webContents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 139 });
    await tick();
    expect(electron.dialog.boxes.at(-1)).toMatchObject({ message: 'Flambé’s window crashed.', buttons: ['Reload', 'Quit'] });
    expect(w.loads).toBe(loads + 1);
    w.emit('unresponsive');
    await tick();
    expect(electron.dialog.boxes.at(-1)).toMatchObject({ message: 'Flambé’s window is not responding.', buttons: ['Wait', 'Reload', 'Quit'] });
    expect(w.loads).toBe(loads + 1); // "Wait" waits
  });

  it('on quit, disposes the host first and quits once it has exited', async () => {
    const quitted = vi.fn();
    app.on('quitted', quitted);
    app.quit();
    expect(quitted).not.toHaveBeenCalled(); // held back while the host disposes
    expect(win().hidden).toBe(true);
    expect(host().posted.at(-1)).toEqual({ type: 'dispose' });
    host().emit('exit', 0);
    await tick();
    expect(quitted).toHaveBeenCalledTimes(1);
    expect(host().killed).toBe(false);
  });
});
