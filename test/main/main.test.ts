// electron/main/main.ts against the mock in mocks/electron.ts: the window's
// security settings, the IPC gate, event forwarding and the quit sequence —
// what cannot be run here for real without Electron's binary.
import type * as fs from 'node:fs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
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
  it('keeps its user data (and so its library) in the platform data folder the CLI uses', async () => {
    const { platformDataDir } = await import('../../electron/services/library/library-path.ts');
    expect((electron.app as unknown as { paths: Record<string, string> }).paths.userData).toBe(platformDataDir());
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
