// The desktop app's save path (electron/main/save-download.ts) under plain
// Node, against the real disk where it can be: the dialog's folder and name,
// the saved file made 0600, and the sentence for a save that failed.
//
// What needs Electron's binary, which cannot be downloaded here: its native
// save dialog opening on `defaultPath`, and Chromium writing the bytes and
// reporting "completed" or "interrupted" (DownloadItem). main.ts's wiring of
// these facts to this module is driven with the mock in test/main/main.test.ts.
import { mkdirSync, mkdtempSync, rmSync, statSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { afterSaved, diskProbe, safeSaveName, saveDialogOptions, saveFailedMessage, type FolderProbe } from '../../electron/main/save-download.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'flambe-save-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the save dialog', () => {
  it('offers a name every desktop system accepts, keeping its extension', () => {
    expect(safeSaveName('hello run.cpuprofile')).toBe('hello run.cpuprofile');
    expect(safeSaveName('GET /api/users?id=1: slow.md')).toBe('GET -api-users-id=1- slow.md');
    expect(safeSaveName('..\u0000/etc/passwd')).toBe('etc-passwd');
    expect(safeSaveName('  ...  ')).toBe('flambe-export');
    expect(safeSaveName('/')).toBe('flambe-export');
    const long = safeSaveName(`${'x'.repeat(400)}.flambe`);
    expect(long).toHaveLength(180);
    expect(long.endsWith('.flambe')).toBe(true);
  });

  it('opens on the folder used last, else Downloads, else home — each only while it exists', () => {
    const last = path.join(dir, 'last');
    const downloads = path.join(dir, 'Downloads');
    mkdirSync(last);
    mkdirSync(downloads);
    expect(saveDialogOptions('a.md', { last, downloads, home: dir }).defaultPath).toBe(path.join(last, 'a.md'));
    rmSync(last, { recursive: true });
    expect(saveDialogOptions('a.md', { last, downloads, home: dir }).defaultPath).toBe(path.join(downloads, 'a.md'));
    rmSync(downloads, { recursive: true });
    expect(saveDialogOptions('a.md', { last, downloads, home: dir }).defaultPath).toBe(path.join(dir, 'a.md'));
    expect(saveDialogOptions('a.md', { last: null, downloads: null, home: dir }).defaultPath).toBe(path.join(dir, 'a.md'));
  });

  it('names the file type, asks before overwriting, and lets the user make a folder', () => {
    const o = saveDialogOptions('hello.cpuprofile', { last: null, downloads: null, home: dir });
    expect(o.title).toBe('Save hello.cpuprofile');
    expect(o.filters).toEqual([{ name: 'CPU profile', extensions: ['cpuprofile'] }, { name: 'All files', extensions: ['*'] }]);
    expect(o.properties).toEqual(['createDirectory', 'showOverwriteConfirmation']);
    expect(saveDialogOptions('report', { last: null, downloads: null, home: dir }).filters).toEqual([{ name: 'All files', extensions: ['*'] }]);
  });
});

describe('a saved file', () => {
  it.skipIf(process.platform === 'win32')('is made the user’s alone (0600), and its folder is offered next time', () => {
    const file = path.join(dir, 'report.html');
    writeFileSync(file, '<p>a report</p>', { mode: 0o644 });
    expect(afterSaved(file)).toBe(dir);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});

describe('a save that failed', () => {
  const probe = (o: Partial<FolderProbe>): FolderProbe => ({ exists: () => true, writeRefusal: () => null, freeBytes: () => 10 * 1024 ** 3, ...o });

  it('says the folder is gone, read-only or not this user’s, in one sentence with what to do', () => {
    const gone = saveFailedMessage(path.join(dir, 'gone', 'a.md'), 100);
    expect(gone).toEqual({ message: 'Flambé could not save a.md.', detail: `The folder ${path.join(dir, 'gone')} does not exist any more. Save again and choose another folder.` });
    expect(saveFailedMessage('/media/usb/a.md', 100, probe({ writeRefusal: () => 'EROFS' })).detail)
      .toBe('The folder /media/usb is on a disk that cannot be written to (read-only). Save again and choose a folder on another disk, such as your Downloads folder.');
    expect(saveFailedMessage('/srv/shared/a.md', 100, probe({ writeRefusal: () => 'EACCES' })).detail)
      .toBe('This user may not write in the folder /srv/shared. Save again and choose a folder you own, such as your Downloads folder.');
  });

  it.skipIf(process.platform !== 'linux')('finds a folder this user may not write in on the real disk (Linux /sys refuses even root)', () => {
    expect(diskProbe.writeRefusal('/sys')).toBe('EACCES');
    expect(saveFailedMessage('/sys/report.md', 100).detail).toMatch(/^This user may not write in the folder \/sys\./);
    expect(diskProbe.writeRefusal(dir)).toBeNull();
  });

  it('says the disk is full, with what is free and what the file needs — from the real disk’s free space', () => {
    const free = (() => {
      const s = statfsSync(dir);
      return s.bavail * s.bsize;
    })();
    const m = saveFailedMessage(path.join(dir, 'big.cpuprofile'), free + 1024 ** 3);
    expect(m.detail).toMatch(new RegExp(`^The disk that holds ${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is full \\([\\d.]+ MB free, and the file needs [\\d.]+ MB\\)\\. Free some space, or save it on another disk\\.$`));
    expect(saveFailedMessage('/x/a.md', 0, probe({ freeBytes: () => 300 * 1024 })).detail).toBe('The disk that holds /x is full (300 kB free). Free some space, or save it on another disk.');
    expect(saveFailedMessage('/x/a.md', 0, probe({ writeRefusal: () => 'ENOSPC', freeBytes: () => null })).detail).toMatch(/^The disk that holds \/x is full/);
  });

  it('says what it can when the folder looks fine (Chromium gives no reason)', () => {
    expect(saveFailedMessage(path.join(dir, 'a.md'), 100).detail).toBe(`Writing it to ${dir} stopped before the end, and nothing was kept. Save again; if it fails again, choose another folder.`);
  });
});
