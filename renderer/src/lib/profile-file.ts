// A dropped or chosen profile file → the JSON text the library's import
// takes. Gzip is undone here with the browser's DecompressionStream (shared/
// has no zlib); UTF-16 and pprof are read by shared/profile/binary-files.ts.
import { binaryKind, profileTextFromBytes } from '../../../shared/profile/binary-files.ts';
import { ProfileFormatError } from '../../../shared/profile/errors.ts';

async function gunzip(bytes: Uint8Array): Promise<Uint8Array> {
  try {
    const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new DecompressionStream('gzip'));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  } catch {
    throw new ProfileFormatError('This file is gzip-compressed but its data is damaged or cut off: was it copied completely?');
  }
}

/** The file as profile JSON text; throws ProfileFormatError with the sentence for the user. */
export async function profileFileText(file: Blob): Promise<string> {
  let bytes: Uint8Array = new Uint8Array(await file.arrayBuffer());
  if (binaryKind(bytes) === 'gzip') bytes = await gunzip(bytes);
  return profileTextFromBytes(bytes);
}
