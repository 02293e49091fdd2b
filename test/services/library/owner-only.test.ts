// Issue 32 item 2: the library holds every secret verbatim (it must, to run an
// experiment again), so it, its -wal, -shm and .running files are 0600 and the
// folders Flambé creates 0700; an export or a report is 0600 when it holds a
// secret, else as the user's umask says. Modes are read after each write.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chmodSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Library } from '../../../electron/services/library/library.ts';
import { openWorkRegistry } from '../../../electron/services/work/work-registry.ts';
import { prepareOwnerOnlyDatabase, writeExportFile } from '../../../electron/services/owner-only.ts';
import { makeRecording } from '../../helpers/profiles.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'flambe-owner-only-'));
const modeOf = (file: string) => (statSync(file).mode & 0o777).toString(8);

// A common umask: without the rule, everything here would be readable by every user (0644, 0755).
let umask = 0;
beforeAll(() => { umask = process.umask(0o022); });
afterAll(() => { process.umask(umask); rmSync(dir, { recursive: true, force: true }); });

describe('what Flambé writes is the user\'s alone', () => {
  it('a new library in new folders: folders 0700, the file, its -wal and -shm 0600 after a save', () => {
    const file = path.join(dir, 'new', 'deeper', 'library.sqlite');
    const lib = new Library(file);
    try {
      lib.save(makeRecording({ name: 'one', target: { kind: 'launched', label: 's.js', pid: 1, nodeVersion: 'v24.0.0', argv: [], env: { API_TOKEN: 'x' } } }));
      expect(existsSync(`${file}-wal`)).toBe(true);
      expect([modeOf(path.join(dir, 'new')), modeOf(path.dirname(file)), modeOf(file), modeOf(`${file}-wal`), modeOf(`${file}-shm`)])
        .toEqual(['700', '700', '600', '600', '600']);
    } finally {
      lib.close();
    }
  });

  it('a library an older Flambé wrote 0644 is made 0600 when opened, with its side files', () => {
    const file = path.join(dir, 'old.sqlite');
    new Library(file).close();
    chmodSync(file, 0o644);
    writeFileSync(`${file}-journal`, '');
    chmodSync(`${file}-journal`, 0o644);
    const lib = new Library(file);
    try {
      expect([modeOf(file), modeOf(`${file}-journal`)]).toEqual(['600', '600']);
    } finally {
      lib.close();
    }
  });

  it('the .running registry beside a library is 0600', () => {
    const file = path.join(dir, 'work', 'library.sqlite');
    const registry = openWorkRegistry(file, 'test');
    expect(registry).not.toBeNull();
    try {
      expect([modeOf(path.dirname(file)), modeOf(`${file}.running`)]).toEqual(['700', '600']);
    } finally {
      registry!.close();
    }
  });

  it('an export with a secret is 0600 (also over an existing 0644 file); one without follows the umask', () => {
    const secret = path.join(dir, 'secret.flambe');
    writeFileSync(secret, 'old');
    expect(modeOf(secret)).toBe('644');
    writeExportFile(secret, 'new', true);
    expect(modeOf(secret)).toBe('600');
    const plain = path.join(dir, 'plain.cpuprofile');
    writeExportFile(plain, '{}', false);
    expect(modeOf(plain)).toBe('644');
  });

  it('a device given as the library (/dev/null) is never chmod-ed', () => {
    const before = modeOf('/dev/null');
    prepareOwnerOnlyDatabase('/dev/null');
    expect(modeOf('/dev/null')).toBe(before);
  });
});
