// Issue 9, items 8, 10, 12, 13: a library that is busy, damaged in one row, or
// not ours is handled in one sentence, and what is fine stays usable.
import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Library } from '../../../electron/services/library/library.ts';
import { resolveLibraryPath } from '../../../electron/services/library/library-path.ts';
import { APPLICATION_ID } from '../../../electron/services/library/schema.ts';
import { makeRecording } from '../../helpers/profiles.ts';
import { runFlambe } from '../../helpers/demo.ts';

const tmp = () => mkdtempSync(path.join(tmpdir(), 'flambe-damage-'));

describe('--library with an empty value (item 8)', () => {
  it('is refused instead of falling back to the real default library', () => {
    expect(() => resolveLibraryPath('')).toThrow(/--library was given an empty path/);
    expect(() => resolveLibraryPath('  ')).toThrow(/--library was given an empty path/);
  });

  it('flambe library delete --library "" exits 1 and touches nothing', async () => {
    const home = tmp();
    const r = await runFlambe(['library', 'delete', 'abc', '--library', ''], { env: { HOME: home, XDG_DATA_HOME: home, FLAMBE_LIBRARY: '' } });
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toMatch(/^flambe: --library was given an empty path/);
    expect(readdirSync(home)).toEqual([]);
  });
});

describe('read-only commands do not need the write lock (item 10)', () => {
  it('lists while another process holds the write lock', () => {
    const file = path.join(tmp(), 'busy.sqlite');
    const first = new Library(file);
    first.save(makeRecording({ name: 'kept' }));
    first.close();
    const writer = new DatabaseSync(file);
    writer.exec('PRAGMA busy_timeout = 0');
    writer.exec('BEGIN IMMEDIATE');
    try {
      const lib = new Library(file, { busyTimeoutMs: 50 });
      expect(lib.list({}).rows.map((r) => r.name)).toEqual(['kept']);
      lib.close();
    } finally {
      writer.exec('ROLLBACK');
      writer.close();
    }
  });
});

describe('one damaged row (item 12)', () => {
  function damaged(): { file: string; good: string; bad: string; badBlob: string } {
    const file = path.join(tmp(), 'damaged.sqlite');
    const lib = new Library(file);
    const good = lib.save(makeRecording({ name: 'good one' })).id;
    const bad = lib.save(makeRecording({ name: 'bad split' })).id;
    const badBlob = lib.save(makeRecording({ name: 'bad blob' })).id;
    lib.close();
    const db = new DatabaseSync(file);
    db.prepare('UPDATE recordings SET cpu_split = ? WHERE id = ?').run('{not json', bad);
    db.prepare('UPDATE profiles SET data = ? WHERE recording_id = ?').run(Buffer.from('garbage, not zstd'), badBlob);
    db.close();
    return { file, good, bad, badBlob };
  }

  it('is skipped by the list and reported; the others stay listed', () => {
    const { file, good, bad } = damaged();
    const lib = new Library(file);
    const result = lib.list({});
    expect(result.rows.map((r) => r.id).sort()).toEqual(expect.arrayContaining([good]));
    expect(result.rows.map((r) => r.id)).not.toContain(bad);
    expect(result.damaged).toEqual([{ id: bad, name: 'bad split', why: expect.stringMatching(/CPU split/) }]);
    lib.close();
  });

  it('flambe library list prints the rest and names the damaged row on stderr; exports of the others work', async () => {
    const { file, good, bad, badBlob } = damaged();
    const list = await runFlambe(['library', 'list', '--json', '--library', file]);
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout).map((r: { id: string }) => r.id)).toContain(good);
    expect(list.stderr).toMatch(new RegExp(`1 damaged recording was skipped: ${bad.slice(0, 8)}`));
    const out = path.join(tmp(), 'good.cpuprofile');
    const exp = await runFlambe(['library', 'export', good.slice(0, 8), '--out', out, '--library', file]);
    expect(exp.stderr).toBe('');
    expect(exp.code).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8')).nodes.length).toBeGreaterThan(0);
    const blob = await runFlambe(['library', 'export', badBlob, '--out', path.join(tmp(), 'x.cpuprofile'), '--library', file]);
    expect(blob.code).toBe(1);
    expect(blob.stderr.trim()).toMatch(/^flambe: This recording's profile is damaged in the library/);
  });
});

describe('files that are not Flambé libraries (item 13)', () => {
  it('an empty foreign SQLite file with user_version 7 is another program\'s, not a newer Flambé\'s', () => {
    const file = path.join(tmp(), 'foreign.sqlite');
    const db = new DatabaseSync(file);
    db.exec('PRAGMA user_version = 7');
    db.close();
    expect(() => new Library(file)).toThrow(/another program/);
  });

  it('a refused WAL library is left byte-for-byte untouched, without a stray -shm', () => {
    const file = path.join(tmp(), 'newer.sqlite');
    const db = new DatabaseSync(file);
    db.exec('PRAGMA journal_mode = WAL');
    db.exec(`PRAGMA application_id = ${APPLICATION_ID}`);
    db.exec('CREATE TABLE recordings (id TEXT)');
    db.exec('PRAGMA user_version = 999');
    db.close();
    const before = readFileSync(file);
    expect(() => new Library(file)).toThrow(/newer version of Flambé/);
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(existsSync(`${file}-shm`)).toBe(false);
    expect(existsSync(`${file}-wal`)).toBe(false);
  });

  it('an empty file still becomes a new library', () => {
    const file = path.join(tmp(), 'empty.sqlite');
    writeFileSync(file, '');
    const lib = new Library(file);
    expect(lib.list({}).total).toBe(0);
    lib.close();
  });
});
