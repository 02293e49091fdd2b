// One chosen file imported into the library. In browser mode the File itself
// is the request body (browser.ts sends a Blob as it is): the browser streams
// it from disk and the page makes no copy of it — for a 78 MB profile the
// upload took 2 s as bytes read into the page, 0.4 s as the file
// (bench:open). Electron's IPC carries bytes: the file is read for it.
import type { ApiResults } from '../../../shared/api.ts';
import type { RendererClient } from './types.ts';

/** The file's content as importFile takes it over this client's transport. */
async function contentFor(client: RendererClient, file: File): Promise<Uint8Array<ArrayBuffer>> {
  if (client.transport !== 'browser') return new Uint8Array(await file.arrayBuffer());
  // The contract says bytes; over HTTP the body IS the bytes, and a Blob body sends them without a copy.
  return file as Blob as unknown as Uint8Array<ArrayBuffer>;
}

/** True when the file holds nothing but white space (or nothing at all). */
export async function isBlankFile(file: File): Promise<boolean> {
  if (file.size === 0) return true;
  return file.size < 1024 && !(await file.text()).trim();
}

/** `id`: the id the page already shows the file under (library/open-imported.ts). */
export async function importChosenFile(client: RendererClient, file: File, id?: string): Promise<ApiResults['importFile']> {
  return client.api.importFile({ fileName: file.name, content: await contentFor(client, file), ...(id ? { id } : {}) });
}
