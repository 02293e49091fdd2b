// The application menu, per platform (Apple's and Microsoft's conventions):
// macOS has the app menu, a Window menu (Minimize ⌘M, Zoom, Bring All to
// Front) and ⌘W closing the window; Windows and Linux have File → Exit/Quit
// and no app menu. Pure, so it is tested under plain Node
// (test/main/menu-template.test.ts); main.ts builds it with Menu.buildFromTemplate.
import type { MenuItemConstructorOptions } from 'electron';

export interface MenuOptions {
  /** Packaged builds have no Reload or DevTools items. */
  isPackaged: boolean;
  onAbout(): void;
}

export function menuTemplate(platform: NodeJS.Platform, opts: MenuOptions): MenuItemConstructorOptions[] {
  const isMac = platform === 'darwin';
  const devItems: MenuItemConstructorOptions[] = opts.isPackaged ? [] : [{ role: 'reload' }, { role: 'toggleDevTools' }, { type: 'separator' }];
  const view: MenuItemConstructorOptions = {
    label: 'View',
    submenu: [...devItems, { role: 'resetZoom' }, { role: 'zoomIn' }, { role: 'zoomOut' }, { type: 'separator' }, { role: 'togglefullscreen' }],
  };
  const about: MenuItemConstructorOptions = { label: 'About Flambé', click: () => opts.onAbout() };
  if (isMac) {
    return [
      // The app menu: About, Services, Hide, Quit (⌘Q).
      { role: 'appMenu' },
      // ⌘W closes the window; the app stays in the Dock (main.ts: lastWindowClosed).
      { label: 'File', submenu: [{ role: 'close' }] },
      // Without an Edit menu, copy and paste do not work in text fields on macOS.
      { role: 'editMenu' },
      view,
      // Minimize (⌘M), Zoom, Bring All to Front.
      { role: 'windowMenu' },
      { role: 'help', submenu: [about] },
    ];
  }
  return [
    // "Exit" on Windows, "Quit" (Ctrl+Q) on Linux: Electron's quit role says each.
    { label: '&File', submenu: [{ role: 'quit' }] },
    { role: 'editMenu' },
    view,
    { label: '&Window', submenu: [{ role: 'minimize' }, { role: 'close' }] },
    { role: 'help', submenu: [about] },
  ];
}

/**
 * What closing the last window does. macOS: the app stays (its Dock icon reopens a window), as Mac apps do — but
 * its work stops with the window (launched targets, recordings), so nothing runs behind a closed window.
 * Elsewhere: the app quits.
 */
export function lastWindowClosed(platform: NodeJS.Platform): 'quit' | 'stop-work-and-stay' {
  return platform === 'darwin' ? 'stop-work-and-stay' : 'quit';
}
