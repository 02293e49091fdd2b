// Runs that differ only in environment or arguments get names that tell them
// apart, and the target keeps its env and arguments (issue 9 item 19).
import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defaultName, Library } from '../../../electron/services/library/library.ts';
import { launchDetails } from '../../../electron/services/library/launch-details.ts';
import { makeRecording } from '../../helpers/profiles.ts';

describe('launchDetails', () => {
  it('says what was given: env first, then arguments', () => {
    expect(launchDetails({ env: { LOG: '1' }, args: [] })).toBe('LOG=1');
    expect(launchDetails({ env: { LOG: '1', NODE_ENV: 'production' }, args: ['--fast', 'x y'] })).toBe('LOG=1 NODE_ENV=production --fast "x y"');
    expect(launchDetails({ env: {}, args: [] })).toBe('');
    expect(launchDetails(undefined)).toBe('');
  });

  it('never puts a secret in a name', () => {
    expect(launchDetails({ env: { DB_PASSWORD: 'hunter2', API_TOKEN: 'abc', LOG: '1' }, args: [] })).toBe('DB_PASSWORD=… API_TOKEN=… LOG=1');
    // Nor an argument that carries one, nor a URL's password (the one rule: shared/recording/secrets.ts).
    expect(launchDetails({ env: { DB_URL: 'pg://u:pw@db' }, args: ['--password', 'pw2'] })).toBe('DB_URL=pg://u:(masked)@db --password (masked)');
    expect(launchDetails({ args: ['--secret=s'] })).toBe('--secret=(masked)');
  });

  it('keeps a name short', () => {
    expect(launchDetails({ env: { A: 'x'.repeat(200) }, args: [] }).length).toBeLessThanOrEqual(60);
  });
});

describe('default names', () => {
  it('differ when only the environment differs', () => {
    const at = '2026-11-23T10:00:00.000Z';
    const a = defaultName('GET', 'http://127.0.0.1:3000/log', at, launchDetails({ env: { LOG: '1' }, args: [] }));
    const b = defaultName('GET', 'http://127.0.0.1:3000/log', at, launchDetails({ env: {}, args: [] }));
    expect(a).not.toBe(b);
    expect(a).toMatch(/^GET \/log · LOG=1 · 2026-11-23 \d\d:00$/);
  });
});

describe('the library keeps env and arguments with the target', () => {
  it('round-trips them', () => {
    const lib = new Library(path.join(mkdtempSync(path.join(tmpdir(), 'flambe-launch-')), 'l.sqlite'));
    const rec = makeRecording();
    rec.target = { ...rec.target!, env: { LOG: '1' }, args: ['--fast'] };
    lib.save(rec);
    expect(lib.get(rec.id).target).toMatchObject({ env: { LOG: '1' }, args: ['--fast'] });
    lib.close();
  });
});

describe('a target whose command line is unknown', () => {
  it('is saved, with an empty command line, not refused by SQLite', () => {
    const lib = new Library(path.join(mkdtempSync(path.join(tmpdir(), 'flambe-argv-')), 'l.sqlite'));
    const rec = makeRecording();
    // What a process still starting answered once: no argv (inspector.ts readIdentity now waits for it).
    rec.target = { ...rec.target!, argv: undefined as unknown as string[] };
    lib.save(rec);
    expect(lib.get(rec.id).target?.argv).toEqual([]);
    lib.close();
  });
});
