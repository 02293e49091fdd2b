// The menu per platform and what closing the last window does
// (electron/main/menu-template.ts), under plain Node.
import { describe, expect, it } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { lastWindowClosed, menuTemplate } from '../../electron/main/menu-template.ts';

/** The menu as text: "File: close" per top-level menu. */
function printed(template: MenuItemConstructorOptions[]): string[] {
  return template.map((m) => {
    const items = Array.isArray(m.submenu) ? m.submenu.map((i) => i.role ?? i.label ?? i.type).join(', ') : '';
    return `${m.label ?? m.role}${items ? `: ${items}` : ''}`;
  });
}

describe('the menu', () => {
  const opts = { isPackaged: true, onAbout: () => {} };

  it('macOS: the app menu, ⌘W closes the window (not the app), a Window menu with ⌘M', () => {
    expect(printed(menuTemplate('darwin', opts))).toEqual([
      'appMenu', 'File: close', 'editMenu', 'View: resetZoom, zoomIn, zoomOut, separator, togglefullscreen', 'windowMenu', 'help: About Flambé',
    ]);
    expect(lastWindowClosed('darwin')).toBe('stop-work-and-stay');
  });

  it('Windows and Linux: File → Exit/Quit, a Window menu, no app menu; closing the window quits', () => {
    for (const platform of ['win32', 'linux'] as const) {
      expect(printed(menuTemplate(platform, opts))).toEqual([
        '&File: quit', 'editMenu', 'View: resetZoom, zoomIn, zoomOut, separator, togglefullscreen', '&Window: minimize, close', 'help: About Flambé',
      ]);
      expect(lastWindowClosed(platform)).toBe('quit');
    }
  });

  it('from source: Reload and DevTools in View', () => {
    const view = menuTemplate('linux', { ...opts, isPackaged: false }).find((m) => m.label === 'View')!;
    expect((view.submenu as MenuItemConstructorOptions[]).slice(0, 2).map((i) => i.role)).toEqual(['reload', 'toggleDevTools']);
  });

  it('About calls back', () => {
    let called = 0;
    const help = menuTemplate('darwin', { isPackaged: true, onAbout: () => called++ }).at(-1)!;
    (help.submenu as MenuItemConstructorOptions[])[0].click!({} as never, undefined, {} as never);
    expect(called).toBe(1);
  });
});
