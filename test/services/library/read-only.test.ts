// Issue 9, item 13: a good library in a read-only folder (or a read-only file)
// is opened for reading — list and export work — and a save says it is
// read-only and where the recording went instead (docs/cli.md's bundle fallback).
// Run as a user file permissions apply to (root ignores them: see unprivileged.ts).
import { afterAll, describe, expect, it } from 'vitest';
import { chmodSync, copyFileSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Library } from '../../../electron/services/library/library.ts';
import { makeRecording } from '../../helpers/profiles.ts';
import { demoScript, repo } from '../../helpers/demo.ts';
import { runUnprivileged, sharedDir, unprivileged } from '../../helpers/unprivileged.ts';

const made: string[] = [];
afterAll(() => {
  for (const d of made) {
    chmodSync(d, 0o755);
    rmSync(d, { recursive: true, force: true });
  }
});

/** A library with two recordings in a folder nobody but its owner may write; and a folder the test user may write. */
function readOnlyLibrary(fileMode = 0o644): { folder: string; file: string; ids: string[]; out: string } {
  const folder = sharedDir('flambe-ro-');
  const out = sharedDir('flambe-ro-out-', 0o777);
  made.push(folder, out);
  const file = path.join(folder, 'library.sqlite');
  const lib = new Library(file);
  const ids = [lib.save(makeRecording({ name: 'first' })).id, lib.save(makeRecording({ name: 'second' })).id];
  lib.close();
  chmodSync(file, fileMode);
  chmodSync(folder, 0o555);
  return { folder, file, ids, out };
}

const READ_ONLY = /The library .*library\.sqlite is read-only \([^)]*\): its recordings can be listed, opened and exported, but nothing new can be saved in it\./;

describe.skipIf(unprivileged.skip)(`a library in a read-only folder (item 13)${unprivileged.skip ? ` — skipped: ${unprivileged.skip}` : ''}`, () => {
  it('is listed and exported; an import says it is read-only and writes nothing', async () => {
    // The file itself could be written: the folder, where SQLite keeps its -wal and -shm, cannot.
    const { folder, file, ids, out } = readOnlyLibrary(0o666);
    const before = readdirSync(folder);
    const list = await runUnprivileged(['library', 'list', '--json', '--library', file], { cwd: out });
    expect(list.stderr).toBe('');
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout).map((r: { name: string }) => r.name).sort()).toEqual(['first', 'second']);

    const exported = path.join(out, 'first.cpuprofile');
    const exp = await runUnprivileged(['library', 'export', ids[0], '--out', exported, '--library', file], { cwd: out });
    expect(exp.stderr).toBe('');
    expect(exp.code).toBe(0);
    expect(JSON.parse(readFileSync(exported, 'utf8')).nodes.length).toBeGreaterThan(0);

    const imp = await runUnprivileged(['library', 'import', path.join(repo, 'test/fixtures/profiles/node24.cpuprofile'), '--library', file], { cwd: out });
    expect(imp.code).toBe(1);
    expect(imp.stderr.trim()).toMatch(new RegExp(`^flambe: ${READ_ONLY.source.replace('[^)]*', 'its folder cannot be written')}$`));
    expect(readdirSync(folder)).toEqual(before);
  });

  it('a read-only file with its -wal and -shm beside it (copied while open) is read with what the -wal holds', async () => {
    const folder = sharedDir('flambe-ro-wal-');
    made.push(folder);
    const { file: source } = readOnlyLibrary();
    const file = path.join(folder, 'library.sqlite');
    const writer = new DatabaseSync(source, { readOnly: false });
    // The rename stays in the -wal (no checkpoint) while the three files are copied.
    chmodSync(path.dirname(source), 0o755);
    writer.exec('PRAGMA wal_autocheckpoint = 0');
    writer.exec("UPDATE recordings SET name = 'renamed in the wal' WHERE name = 'first'");
    for (const suffix of ['', '-wal', '-shm']) copyFileSync(source + suffix, file + suffix);
    writer.close();
    for (const suffix of ['', '-wal', '-shm']) chmodSync(file + suffix, 0o444);
    chmodSync(folder, 0o555);
    const list = await runUnprivileged(['library', 'list', '--json', '--library', file], { cwd: folder });
    expect(list.stderr).toBe('');
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout).map((r: { name: string }) => r.name).sort()).toEqual(['renamed in the wal', 'second']);
  });

  it('record --save records, says the library is read-only, and writes the whole recording beside --out', async () => {
    const { file, out } = readOnlyLibrary();
    const profile = path.join(out, 'run.cpuprofile');
    const r = await runUnprivileged(['record', '--launch', demoScript, '-n', '200', '--warmup', '0', '--json', '--save', '--library', file, '--out', profile], { cwd: out });
    // Issue 32, item 4: what --save asked was not done (the bundle keeps the recording): exit 1.
    expect(r.code).toBe(1);
    const bundleFile = path.join(out, 'run.flambe');
    expect(r.stderr).toMatch(READ_ONLY);
    expect(r.stderr).toContain(`It was written to ${bundleFile} instead.`);
    expect(JSON.parse(r.stdout).load.requests).toBeGreaterThanOrEqual(200);
    const bundle = JSON.parse(readFileSync(bundleFile, 'utf8'));
    expect(bundle.recording.load.requests).toBeGreaterThanOrEqual(200);
    expect(bundle.recording.profile.nodes.length).toBeGreaterThan(0);
  });

  it('record --save in a read-only current folder without --out writes the bundle to the temporary folder', async () => {
    const { folder, file, out } = readOnlyLibrary();
    const r = await runUnprivileged(['record', '--launch', demoScript, '-n', '200', '--warmup', '0', '--json', '--save', '--library', file], { cwd: folder, env: { TMPDIR: out } });
    expect(r.code).toBe(1);
    const written = /It was written to (\S+\.flambe) instead\./.exec(r.stderr)?.[1];
    expect(written && path.dirname(written)).toBe(out);
    expect(existsSync(written!)).toBe(true);
    expect(JSON.parse(readFileSync(written!, 'utf8')).recording.load.requests).toBeGreaterThanOrEqual(200);
  });
});
