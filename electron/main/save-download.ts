// Saving a file from the desktop app's screens (an export, a report: an
// <a download> that Electron saves through its own dialog, will-download in
// main.ts): every decision here, in plain Node, so it is tested without
// Electron's binary — where the dialog opens and with which name, the file
// made the user's alone (0600) once written, and the one sentence when it
// could not be written (a folder not writable, a full disk, a folder gone).
// main.ts only passes Electron's DownloadItem facts in and shows what comes out.
import { accessSync, constants, rmSync, statfsSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { tightenToOwnerOnly } from '../services/owner-only.ts';

/** What Electron's DownloadItem.setSaveDialogOptions takes (Electron's SaveDialogOptions, the part we set). */
export interface SaveDialogChoice {
  title: string;
  defaultPath: string;
  filters: { name: string; extensions: string[] }[];
  properties: ('createDirectory' | 'showOverwriteConfirmation')[];
}

/** Where a save dialog may open: the folder used last in this session, then Downloads, then home. */
export interface SaveFolders {
  last: string | null;
  downloads: string | null;
  home: string;
}

const KINDS: Record<string, string> = {
  cpuprofile: 'CPU profile', flambe: 'Flambé recording', md: 'Report (Markdown)', html: 'Report (HTML)', json: 'JSON',
  txt: 'Collapsed stacks', pb: 'pprof profile', js: 'k6 script', sh: 'Shell command',
};

const FALLBACK_NAME = 'flambe-export';
const MAX_NAME = 180;

/**
 * A file name the dialog can offer on every desktop system: the name alone (a
 * recording's name may hold "/" or ":"), no control characters, none of the
 * characters Windows refuses, no leading or trailing dots or spaces, at most
 * MAX_NAME characters with its extension kept.
 */
export function safeSaveName(suggested: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const cleaned = suggested.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, '-').replace(/^[\s.-]+|[\s.]+$/g, '');
  if (!cleaned || /^-+$/.test(cleaned)) return FALLBACK_NAME;
  if (cleaned.length <= MAX_NAME) return cleaned;
  const ext = path.extname(cleaned);
  return ext.length < 20 ? `${cleaned.slice(0, MAX_NAME - ext.length)}${ext}` : cleaned.slice(0, MAX_NAME);
}

const isFolder = (dir: string): boolean => {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
};

/** The dialog's folder, name and file types for a download Flambé's page started. */
export function saveDialogOptions(suggested: string, folders: SaveFolders, folderExists: (dir: string) => boolean = isFolder): SaveDialogChoice {
  const name = safeSaveName(suggested);
  // The last folder may have been removed since; Downloads may not exist on a minimal Linux.
  const folder = [folders.last, folders.downloads].find((d): d is string => !!d && folderExists(d)) ?? folders.home;
  const ext = path.extname(name).slice(1).toLowerCase();
  const filters = ext ? [{ name: KINDS[ext] ?? `.${ext} file`, extensions: [ext] }, { name: 'All files', extensions: ['*'] }] : [{ name: 'All files', extensions: ['*'] }];
  return { title: `Save ${name}`, defaultPath: path.join(folder, name), filters, properties: ['createDirectory', 'showOverwriteConfirmation'] };
}

/**
 * After a completed save: the file is the user's alone (0600), as the CLI
 * writes a file that may hold a secret — the bytes went through Chromium's
 * download, which cannot say whether they hold one. Returns the folder to
 * offer next time.
 */
export function afterSaved(savePath: string): string {
  tightenToOwnerOnly(savePath);
  return path.dirname(savePath);
}

/** What the disk says about a folder (injectable: a full disk cannot be made on demand in a test). */
export interface FolderProbe {
  exists(dir: string): boolean;
  /** Null when writable, else the errno code of the failed write ('EACCES', 'EROFS', …). */
  writeRefusal(dir: string): string | null;
  /** Bytes this user may still write there, null when unknown. */
  freeBytes(dir: string): number | null;
}

export const diskProbe: FolderProbe = {
  exists: isFolder,
  writeRefusal(dir) {
    // A real write, not access(W_OK): root passes access() on a read-only mount's folder but not a write.
    const probe = path.join(dir, `.flambe-write-check-${process.pid}`);
    try {
      accessSync(dir, constants.W_OK);
      writeFileSync(probe, '', { flag: 'wx', mode: 0o600 });
      rmSync(probe, { force: true });
      return null;
    } catch (e) {
      rmSync(probe, { force: true });
      return (e as NodeJS.ErrnoException).code ?? 'EIO';
    }
  },
  freeBytes(dir) {
    try {
      const fs = statfsSync(dir);
      return fs.bavail * fs.bsize;
    } catch {
      return null;
    }
  },
};

const sizeWords = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`);

/**
 * A save that Chromium reports "interrupted" (it gives no reason): the folder
 * is looked at to say why, in one sentence, with what to do. `totalBytes`:
 * the file's size (0 when unknown).
 */
export function saveFailedMessage(savePath: string, totalBytes: number, probe: FolderProbe = diskProbe): { message: string; detail: string } {
  const folder = path.dirname(savePath);
  const name = path.basename(savePath);
  const message = `Flambé could not save ${name}.`;
  if (!probe.exists(folder)) return { message, detail: `The folder ${folder} does not exist any more. Save again and choose another folder.` };
  const refusal = probe.writeRefusal(folder);
  if (refusal === 'EROFS') return { message, detail: `The folder ${folder} is on a disk that cannot be written to (read-only). Save again and choose a folder on another disk, such as your Downloads folder.` };
  if (refusal === 'EACCES' || refusal === 'EPERM') return { message, detail: `This user may not write in the folder ${folder}. Save again and choose a folder you own, such as your Downloads folder.` };
  const free = probe.freeBytes(folder);
  const full = refusal === 'ENOSPC' || refusal === 'EDQUOT' || (free !== null && (free < 1024 * 1024 || free < totalBytes));
  if (full) {
    const needs = totalBytes > 0 ? `, and the file needs ${sizeWords(totalBytes)}` : '';
    return { message, detail: `The disk that holds ${folder} is full (${sizeWords(free ?? 0)} free${needs}). Free some space, or save it on another disk.` };
  }
  return { message, detail: `Writing it to ${folder} stopped before the end, and nothing was kept. Save again; if it fails again, choose another folder.` };
}
