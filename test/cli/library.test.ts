// `flambe library …` and `flambe record --save` as a user runs them, on a real library file.
import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { demoScript, runFlambe } from '../helpers/demo.ts';
import { realProfileText, truncatedProfileText } from '../helpers/profiles.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'flambe-cli-lib-'));
const library = path.join(dir, 'library.sqlite');
const lib = ['--library', library];

describe('flambe library', () => {
  let recordedId = '';

  it('an empty library says how to fill it', async () => {
    const r = await runFlambe(['library', 'list', ...lib]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/is empty: record with "flambe record … --save"/);
  });

  it('record --save --name --tag stores the recording and prints its id', async () => {
    const r = await runFlambe(['record', '--launch', demoScript, '-d', '1', '--warmup', '0', '--json', '--save', '--name', 'demo baseline', '--tag', 'ci', '--tag', 'demo', ...lib]);
    expect(r.code).toBe(0);
    const o = JSON.parse(r.stdout);
    expect(o.id).toMatch(/^[0-9a-f-]{36}$/);
    recordedId = o.id;
  });

  it('import prints the new ids, one per line', async () => {
    const a = path.join(dir, 'a.cpuprofile');
    const b = path.join(dir, 'b.cpuprofile');
    writeFileSync(a, realProfileText());
    writeFileSync(b, realProfileText());
    const r = await runFlambe(['library', 'import', a, b, ...lib]);
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/), expect.stringMatching(/^[0-9a-f-]{36}$/)]);
  });

  it('a broken file imports nothing, not even the good files beside it', async () => {
    const good = path.join(dir, 'good.cpuprofile');
    const bad = path.join(dir, 'bad.cpuprofile');
    writeFileSync(good, realProfileText());
    writeFileSync(bad, truncatedProfileText());
    const before = JSON.parse((await runFlambe(['library', 'list', '--json', ...lib])).stdout).length;
    const r = await runFlambe(['library', 'import', good, bad, ...lib]);
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toMatch(/^flambe: bad\.cpuprofile is not valid JSON/);
    const after = JSON.parse((await runFlambe(['library', 'list', '--json', ...lib])).stdout).length;
    expect(after).toBe(before);
  });

  it('a bundle with wrong types imports nothing, not even the good file beside it, and says why in one line', async () => {
    const good = path.join(dir, 'good2.cpuprofile');
    const bad = path.join(dir, 'bad.flambe');
    writeFileSync(good, realProfileText());
    writeFileSync(bad, JSON.stringify({ format: 'flambe-bundle', version: 1, recording: { name: 'x', createdAt: '2026-01-01T00:00:00Z', profile: null, tags: 'oops' } }));
    const before = JSON.parse((await runFlambe(['library', 'list', '--json', ...lib])).stdout).length;
    const r = await runFlambe(['library', 'import', good, bad, ...lib]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('flambe: bad.flambe is a damaged Flambé bundle: tags should be a list, not text. Nothing was imported.\n');
    const after = JSON.parse((await runFlambe(['library', 'list', '--json', ...lib])).stdout).length;
    expect(after).toBe(before);
  });

  it('a library file that is not one is refused in one sentence, with no promise of memory the CLI does not keep', async () => {
    const notLibrary = path.join(dir, 'not-a-library.sqlite');
    writeFileSync(notLibrary, 'hello, I am a text file');
    const good = path.join(dir, 'good3.cpuprofile');
    writeFileSync(good, realProfileText());
    const imported = await runFlambe(['library', 'import', good, '--library', notLibrary]);
    expect(imported.code).toBe(1);
    expect(imported.stderr).toMatch(/^flambe: .*not a Flambé library[^\n]*\n$/);
    expect(imported.stderr).not.toMatch(/memory/);
    // record --save still records (a refused library ends in a bundle file, docs/cli.md): here nothing
    // listens, so the run fails — and says why the library was not used, without a memory promise.
    const recorded = await runFlambe(['record', '--no-profile', '--url', 'http://127.0.0.1:9/', '--save', '--library', notLibrary]);
    expect(recorded.code).toBe(1);
    expect(recorded.stderr).toMatch(/^flambe: .*not a Flambé library[^\n]*$/m);
    expect(recorded.stderr).not.toMatch(/memory/);
  });

  it('list --json prints the documented shape; --search and --tag filter', async () => {
    const r = await runFlambe(['library', 'list', '--json', ...lib]);
    const rows = JSON.parse(r.stdout);
    expect(rows).toHaveLength(3);
    const saved = rows.find((x: { id: string }) => x.id === recordedId);
    expect(Object.keys(saved).sort()).toEqual(['createdAt', 'durationMs', 'id', 'name', 'p99Ms', 'requests', 'rps', 'tags'].sort());
    expect(saved).toMatchObject({ name: 'demo baseline', tags: ['ci', 'demo'], requests: expect.any(Number), rps: expect.any(Number), p99Ms: expect.any(Number) });
    expect(JSON.parse((await runFlambe(['library', 'list', '--json', '--tag', 'ci', ...lib])).stdout).map((x: { id: string }) => x.id)).toEqual([recordedId]);
    expect(JSON.parse((await runFlambe(['library', 'list', '--json', '--search', 'baseline', ...lib])).stdout)).toHaveLength(1);
    const table = await runFlambe(['library', 'list', ...lib]);
    expect(table.stdout).toMatch(/^ID\s+NAME\s+CREATED\s+REQ\/S\s+P99 MS\s+TAGS/);
    expect(table.stdout).toContain('demo baseline');
  });

  it('export writes the .cpuprofile, or a bundle that imports into another library unchanged', async () => {
    const out = path.join(dir, 'out.cpuprofile');
    expect((await runFlambe(['library', 'export', recordedId.slice(0, 8), '--out', out, ...lib])).code).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8')).nodes.length).toBeGreaterThan(1);
    const bundle = path.join(dir, 'out.flambe');
    expect((await runFlambe(['library', 'export', recordedId, '--out', bundle, '--bundle', ...lib])).code).toBe(0);
    const other = ['--library', path.join(dir, 'other.sqlite')];
    const imported = await runFlambe(['library', 'import', bundle, ...other]);
    expect(imported.stdout.trim()).toBe(recordedId);
    const rows = JSON.parse((await runFlambe(['library', 'list', '--json', ...other])).stdout);
    const original = JSON.parse((await runFlambe(['library', 'list', '--json', '--tag', 'ci', ...lib])).stdout);
    expect(rows).toEqual(original);
  });

  it('delete removes one recording', async () => {
    expect((await runFlambe(['library', 'delete', recordedId, ...lib])).code).toBe(0);
    const rows = JSON.parse((await runFlambe(['library', 'list', '--json', ...lib])).stdout);
    expect(rows.map((x: { id: string }) => x.id)).not.toContain(recordedId);
    const again = await runFlambe(['library', 'delete', recordedId, ...lib]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/No recording with id/);
  });

  it('a file that is not a library is refused and left untouched', async () => {
    const notes = path.join(dir, 'notes.txt');
    writeFileSync(notes, 'precious');
    const r = await runFlambe(['library', 'list', '--library', notes]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/is not a Flambé library/);
    expect(readFileSync(notes, 'utf8')).toBe('precious');
    const rec = await runFlambe(['record', '--no-profile', '--url', 'http://127.0.0.1:9/', '--save', '--library', notes]);
    expect(rec.code).toBe(1);
    expect(rec.stderr).toMatch(/is not a Flambé library/);
    expect(existsSync(`${notes}-wal`)).toBe(false);
  });

  it('$FLAMBE_LIBRARY is used when --library is absent', async () => {
    const envLib = path.join(dir, 'env.sqlite');
    const r = await runFlambe(['library', 'list', '--json'], { env: { FLAMBE_LIBRARY: envLib } });
    expect(r.code).toBe(0);
    expect(existsSync(envLib)).toBe(true);
  });
});
