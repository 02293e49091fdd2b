// Nothing is ever lost: two processes on one library, a write that fails,
// a library that cannot be opened.
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Library } from '../../../electron/services/library/library.ts';
import { createFlambeService } from '../../../electron/services/service.ts';
import { repo, waitFor } from '../../helpers/demo.ts';
import { makeRecording } from '../../helpers/profiles.ts';
import type { FlambeEvent } from '../../../shared/api.ts';

const tmp = () => mkdtempSync(path.join(tmpdir(), 'flambe-safety-'));

describe('two processes on one library', () => {
  it('neither corrupts it nor loses the other\'s writes', async () => {
    const file = path.join(tmp(), 'shared.sqlite');
    const writer = path.join(tmp(), 'writer.ts');
    writeFileSync(writer, `
      import { Library } from ${JSON.stringify(path.join(repo, 'electron/services/library/library.ts'))};
      import { makeRecording } from ${JSON.stringify(path.join(repo, 'test/helpers/profiles.ts'))};
      const lib = new Library(process.argv[2]);
      for (let i = 0; i < 40; i++) {
        const r = lib.save(makeRecording({ name: process.argv[3] + ' ' + i }));
        lib.editTags(r.id, [process.argv[3]], []);
        lib.list({ search: process.argv[3] });
      }
      lib.close();
    `);
    const run = (who: string) => new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, [writer, file, who], { stdio: ['ignore', 'inherit', 'inherit'] });
      child.on('exit', resolve);
    });
    expect(await Promise.all([run('app'), run('cli')])).toEqual([0, 0]);
    const lib = new Library(file);
    expect(lib.list({ tag: 'app' }).total).toBe(40);
    expect(lib.list({ tag: 'cli' }).total).toBe(40);
    lib.close();
    const db = new DatabaseSync(file, { readOnly: true });
    expect(db.prepare('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' });
    db.close();
  });
});

describe('a write that fails', () => {
  it('keeps the recording in memory, says so, and still opens and exports it', async () => {
    const file = path.join(tmp(), 'locked.sqlite');
    const service = createFlambeService({ libraryPath: file, libraryBusyTimeoutMs: 100 });
    const events: FlambeEvent[] = [];
    service.onEvent((e) => events.push(e));
    // Another process holds the write lock for longer than we wait.
    const other = new DatabaseSync(file);
    other.exec('BEGIN EXCLUSIVE');
    try {
      const { recordingId } = await service.api.startRecording({ targetId: null, load: { url: 'http://127.0.0.1:9/', durationSec: 1 }, warmupSec: 0 });
      const done = await waitFor(() => events.find((e) => e.name === 'recordingDone' && e.payload.recordingId === recordingId), 10_000, 'done');
      expect(done.payload).toMatchObject({ saved: false, saveError: expect.stringMatching(/^The recording was not saved\. The library .*locked\.sqlite is busy: another process has been writing to it for more than 100 ms, so nothing was saved\. Try again when it is done, or close it\. It is kept in memory/) });
      const rec = await service.api.getRecording({ id: recordingId });
      expect(rec.error).toMatch(/Nothing is listening/);
      const bundle = await service.api.exportRecording({ id: recordingId, format: 'bundle' });
      expect(JSON.parse(bundle.content).recording.id).toBe(recordingId);
    } finally {
      other.exec('ROLLBACK');
      other.close();
      await service.dispose();
    }
  });

  it('a library that cannot be opened leaves the app working in memory, with the reason', async () => {
    const file = path.join(tmp(), 'not-a-library.sqlite');
    writeFileSync(file, 'this is somebody\'s file');
    const service = createFlambeService({ libraryPath: file });
    const status = await service.api.libraryStatus({});
    expect(status).toEqual({ path: null, problem: expect.stringMatching(/is not a Flambé library .* kept in memory until Flambé closes/), readOnly: null });
    await expect(service.api.listRecordings({})).rejects.toThrow(/is not a Flambé library/);
    await service.dispose();
  });

  it('a folder where the library cannot be created', async () => {
    const blocker = path.join(tmp(), 'a-file');
    writeFileSync(blocker, 'not a folder');
    const service = createFlambeService({ libraryPath: path.join(blocker, 'library.sqlite') });
    expect((await service.api.libraryStatus({})).problem).toMatch(/^Could not (create the folder for|open) the library/);
    await service.dispose();
  });
});

describe('the service saves before showing', () => {
  it('a finished recording is in the library when recordingDone arrives, under its default name', async () => {
    const file = path.join(tmp(), 'lib.sqlite');
    const service = createFlambeService({ libraryPath: file });
    const events: FlambeEvent[] = [];
    service.onEvent((e) => events.push(e));
    const { recordingId } = await service.api.startRecording({ targetId: null, load: { url: 'http://127.0.0.1:9/x', durationSec: 1 }, warmupSec: 0, tags: ['ci'] });
    const done = await waitFor(() => events.find((e) => e.name === 'recordingDone'), 10_000, 'done');
    expect(done.payload).toMatchObject({ recordingId, saved: true, saveError: null });
    const { rows } = await service.api.listRecordings({});
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: recordingId, name: expect.stringMatching(/^GET \/x · \d{4}-\d\d-\d\d \d\d:\d\d$/), tags: ['ci'], error: expect.stringMatching(/Nothing is listening/) });
    expect(events.some((e) => e.name === 'libraryChanged' && e.payload.ids.includes(recordingId))).toBe(true);
    await service.dispose();
    // Reopened by another process later: still there.
    const lib = new Library(file);
    expect(lib.get(recordingId).settings?.load.url).toBe('http://127.0.0.1:9/x');
    lib.close();
    void makeRecording;
  });
});
