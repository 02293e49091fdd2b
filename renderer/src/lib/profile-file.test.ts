// The Library's Import… reads files as bytes: gzip undone with the browser's
// DecompressionStream, UTF-16 decoded, pprof turned into a .cpuprofile.
import { describe, expect, it } from 'vitest';
import { analyzeProfile } from '../../../shared/profile/analyze.ts';
import { importProfile } from '../../../shared/profile/import.ts';
import { FIXTURES } from '../../../shared/profile/test-support/fixtures.ts';
import { profileFileText } from './profile-file.ts';

async function gzip(text: string): Promise<Uint8Array> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe('profileFileText', () => {
  it('undoes gzip (a .json.gz trace as DevTools saves it)', async () => {
    const text = FIXTURES['devtools-trace.json'];
    expect(await profileFileText(new Blob([(await gzip(text)) as BlobPart]))).toBe(text);
  });

  it('says in one sentence when the gzip data is cut off', async () => {
    const cut = (await gzip(FIXTURES['node22.cpuprofile'])).subarray(0, 300);
    await expect(profileFileText(new Blob([cut as BlobPart]))).rejects.toThrow(/gzip-compressed but its data is damaged or cut off/);
  });

  it('names a zip archive instead of showing its bytes', async () => {
    await expect(profileFileText(new Blob([Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x9c, 0xff])]))).rejects.toThrow(/zip archive/);
  });

  it('reads plain text unchanged', async () => {
    const text = FIXTURES['node24.cpuprofile'];
    const back = await profileFileText(new Blob([text]));
    expect(analyzeProfile(importProfile(back))).toEqual(analyzeProfile(importProfile(text)));
  });
});
