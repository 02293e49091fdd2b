// The profile travels once, as bytes: getRecording carries no profile,
// getProfile answers the stored bytes (over HTTP as the body itself), and a
// big import runs in a worker thread while other calls are answered.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FlambeEvent } from '../../shared/api.ts';
import { importProfile } from '../../shared/profile/index.ts';
import { createFlambeService } from '../../electron/services/service.ts';
import { prepareImportOffThread } from '../../electron/services/library/import-in-worker.ts';
import { startWebServer } from '../../electron/web/server.ts';
import { generate } from '../../bench/synthetic-profile.js';
import { makeRecording, realProfileText, truncatedProfileText } from '../helpers/profiles.ts';
import { Library } from '../../electron/services/library/library.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'flambe-bytes-'));
const service = createFlambeService({ libraryPath: path.join(dir, 'lib.sqlite') });
const events: FlambeEvent[] = [];
service.onEvent((e) => events.push(e));
afterAll(() => service.dispose());

describe('a recording\'s profile, as bytes', () => {
  it('getRecording gives the metadata without the profile; getProfile the file\'s own bytes', async () => {
    const text = realProfileText();
    const row = await service.api.importFile({ fileName: 'fib.cpuprofile', content: text });
    const meta = await service.api.getRecording({ id: row.id });
    expect(meta.hasProfile).toBe(true);
    expect('profile' in meta).toBe(false);
    const bytes = await service.api.getProfile({ id: row.id });
    expect(new TextDecoder().decode(bytes)).toBe(text);
    // The library's numbers come from the same (one) import: the duration is the model's.
    expect(row.durationMs).toBeCloseTo(importProfile(text).durationMs, 6);
    expect(Object.values(row.cpuSplit!).reduce((a, b) => a + b, 0)).toBeCloseTo(100, 5);
  });

  it('a .cpuprofile export is the stored text, not parsed on the way (a bundle, one JSON document, is)', async () => {
    const text = realProfileText();
    const row = await service.api.importFile({ fileName: 'out.cpuprofile', content: text });
    const whole = vi.spyOn(Library.prototype, 'get');
    try {
      expect((await service.api.exportRecording({ id: row.id, format: 'cpuprofile' })).content).toBe(text);
      expect(whole).not.toHaveBeenCalled();
      await service.api.exportRecording({ id: row.id, format: 'bundle' });
      expect(whole).toHaveBeenCalledTimes(1);
    } finally {
      whole.mockRestore();
    }
  });

  it('a recording saved from the inspector\'s object stores its JSON, with the model\'s duration', () => {
    const lib = new Library(path.join(dir, 'direct.sqlite'));
    const rec = makeRecording();
    const row = lib.save(rec);
    expect(lib.profileBytes(rec.id)!.toString('utf8')).toBe(JSON.stringify(rec.profile));
    expect(row.durationMs).toBeCloseTo(importProfile(rec.profile).durationMs, 6);
    lib.close();
  });

  it('says in one sentence when there is no profile or no such recording', async () => {
    await expect(service.api.getProfile({ id: 'nope' })).rejects.toThrow(/not in the library/);
  });

  it('browser mode sends the bytes as the body (application/octet-stream)', async () => {
    const staticDir = mkdtempSync(path.join(tmpdir(), 'flambe-static-'));
    writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html>');
    const token = 'tok-0123456789';
    const server = await startWebServer({ service, token, staticDir });
    try {
      const text = realProfileText();
      const row = await service.api.importFile({ fileName: 'again.cpuprofile', content: text });
      const res = await fetch(`http://127.0.0.1:${server.port}/api/getProfile`, {
        method: 'POST', headers: { 'content-type': 'application/json', 'x-flambe-token': token }, body: JSON.stringify({ id: row.id }),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/octet-stream');
      expect(await res.text()).toBe(text);

      // An import sends the file's bytes as the body, its name in a header.
      const imported = await fetch(`http://127.0.0.1:${server.port}/api/importFile`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', 'x-flambe-token': token, 'x-flambe-bytes': 'content', 'x-flambe-arg': encodeURIComponent(JSON.stringify({ fileName: 'bytes.cpuprofile' })) },
        body: Buffer.from(text),
      });
      const body = await imported.json() as { ok: boolean; result: { id: string; name: string } };
      expect(body.ok).toBe(true);
      expect(body.result.name).toBe('bytes');
      expect(new TextDecoder().decode(await service.api.getProfile({ id: body.result.id }))).toBe(text);
      const empty = await fetch(`http://127.0.0.1:${server.port}/api/importFile`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', 'x-flambe-token': token, 'x-flambe-bytes': 'content', 'x-flambe-arg': encodeURIComponent('{"fileName":"e.cpuprofile"}') },
        body: Buffer.alloc(0),
      });
      // A user's mistake is data (HTTP 200, ok: false), as every call's is in browser mode.
      expect(empty.status).toBe(200);
      expect(((await empty.json()) as { ok: boolean; error: { message: string } })).toMatchObject({ ok: false, error: { message: 'The file is empty.' } });
    } finally {
      await server.close();
    }
  });
});

describe('a big import does not freeze the service', () => {
  it('answers a small call while a big file is prepared in a worker thread, and says how far it is', async () => {
    const big = generate(24 * 1024 * 1024);
    let imported = false;
    const importing = service.api.importFile({ fileName: 'big.cpuprofile', content: big }).then((row) => {
      imported = true;
      return row;
    });
    // Before the worker, importFile ran to its end before anything else could: `imported` was already true here.
    const status = await service.api.libraryStatus({});
    const list = await service.api.listRecordings({});
    expect(status.problem).toBeNull();
    expect(list.total).toBeGreaterThan(0);
    expect(imported).toBe(false);
    const row = await importing;
    expect(new TextDecoder().decode(await service.api.getProfile({ id: row.id })).length).toBe(big.length);
    const phases = events.filter((e) => e.name === 'importProgress' && e.payload.fileName === 'big.cpuprofile').map((e) => (e.payload as { phase: string }).phase);
    expect(phases).toEqual(['reading', 'checking', 'compressing', 'saving']);
  });

  it('a broken file fails in the worker with the same sentence as in place', async () => {
    const broken = truncatedProfileText();
    const inWorker = await prepareImportOffThread('x.cpuprofile', broken, { inWorker: true }).catch((e: Error) => e);
    const inPlace = await prepareImportOffThread('x.cpuprofile', broken, { inWorker: false }).catch((e: Error) => e);
    expect(inWorker).toBeInstanceOf(Error);
    expect((inWorker as Error).message).toMatch(/is not valid JSON.*is the file complete/);
    expect((inWorker as Error).message).toBe((inPlace as Error).message);
    expect((inWorker as Error).name).toBe('UserError');
  });
});
