// The Library's Import… sends a file's bytes as read (the UI and browser mode
// do not decode them): the services' import undoes gzip (DevTools saves traces
// gzipped), UTF-16 (some Windows editors) and pprof, and names what it cannot
// read in one sentence, writing nothing (electron/services/formats/gunzip.ts, files.ts).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createFlambeService } from '../../../electron/services/service.ts';
import { analyzeProfile } from '../../../shared/profile/views/analyze.ts';
import { importProfile } from '../../../shared/profile/import/any-format.ts';
import { FIXTURES } from '../../../shared/profile/test-support/fixtures.ts';
import { repo } from '../../helpers/demo.ts';

const service = createFlambeService({ libraryPath: path.join(mkdtempSync(path.join(tmpdir(), 'flambe-import-bytes-')), 'library.sqlite') });
afterAll(() => service.dispose());

const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));
const stored = async (id: string) => analyzeProfile(importProfile(await service.api.getProfile({ id })));

describe('import of a file as bytes', () => {
  it('reads plain UTF-8 bytes as the same profile', async () => {
    const text = FIXTURES['node24.cpuprofile'];
    const row = await service.api.importFile({ fileName: 'a.cpuprofile', content: utf8(text) });
    expect(await stored(row.id)).toEqual(analyzeProfile(importProfile(text)));
  });

  it('saves a single profile under the id the UI chose (it shows the file while it is saved); a bundle keeps its own', async () => {
    const id = '6f1d8a52-3c4b-4e5f-9a7b-2c1d0e9f8a7b';
    const row = await service.api.importFile({ fileName: 'shown.cpuprofile', content: utf8(FIXTURES['node24.cpuprofile']), id });
    expect(row.id).toBe(id);
    expect(row.name).toBe('shown');
    expect((await service.api.getRecording({ id })).notes).toBe('Imported from shown.cpuprofile');
    const bundle = await service.api.exportRecording({ id, format: 'bundle' });
    await service.api.deleteRecording({ id });
    const other = '0b7e6a4d-1f2e-4c3b-8a9d-5e6f7a8b9c0d';
    const again = await service.api.importFile({ fileName: bundle.fileName, content: utf8(bundle.content as string), id: other });
    expect(again.id).toBe(id);
  });

  it('undoes gzip (a .json.gz trace as DevTools saves it)', async () => {
    const text = FIXTURES['devtools-trace.json'];
    const row = await service.api.importFile({ fileName: 'trace.json.gz', content: new Uint8Array(gzipSync(text)) });
    expect(row.name).toBe('trace');
    expect(await stored(row.id)).toEqual(analyzeProfile(importProfile(text)));
  });

  it('decodes UTF-16 with its BOM', async () => {
    const text = FIXTURES['node22.cpuprofile'];
    const bytes = new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
    const row = await service.api.importFile({ fileName: 'win.cpuprofile', content: bytes });
    expect(await stored(row.id)).toEqual(analyzeProfile(importProfile(text)));
  });

  it('reads a gzipped Go pprof profile', async () => {
    const bytes = new Uint8Array(readFileSync(path.join(repo, 'test/fixtures/profiles/go-cpu.pb.gz')));
    const row = await service.api.importFile({ fileName: 'go-cpu.pb.gz', content: bytes });
    expect(row.name).toBe('go-cpu');
    expect((await stored(row.id)).functions.map((f) => f.name)).toContain('main.hash');
  });

  it('says in one sentence when the gzip data is cut off, and writes nothing', async () => {
    const before = (await service.api.listRecordings({})).total;
    const cut = new Uint8Array(gzipSync(FIXTURES['node22.cpuprofile']).subarray(0, 300));
    await expect(service.api.importFile({ fileName: 'cut.cpuprofile.gz', content: cut })).rejects.toThrow(
      'cut.cpuprofile.gz is not a usable CPU profile: This file is gzip-compressed but its data is damaged or cut off: was it copied completely?',
    );
    expect((await service.api.listRecordings({})).total).toBe(before);
  });

  it('names a zip archive instead of showing its bytes', async () => {
    await expect(service.api.importFile({ fileName: 'p.zip', content: Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x9c, 0xff]) })).rejects.toThrow(/p\.zip is not a usable CPU profile: This file is a zip archive/);
  });
});
