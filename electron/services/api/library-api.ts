// The contract's library: its state, the list, names, notes and tags, delete,
// import (parsed and compressed off the serving thread when big) and export
// (a bundle with secrets masked unless asked, or the profile in a format), and
// the noise of repeated recordings for Compare.
import { randomUUID } from 'node:crypto';
import type { FlambeServiceApi, ListQuery } from '../../../shared/api.ts';
import { writeBundleWithNote } from '../../../shared/formats/bundle.ts';
import { estimateNoise, runMetaOf } from '../../../shared/compare/index.ts';
import { maskedSentence, maskSecrets } from '../../../shared/recording/secrets.ts';
import { libraryNoise } from '../compare/compare-noise.ts';
import { UserError } from '../errors.ts';
import { exportStoredProfile } from '../formats/export-recording.ts';
import { prepareImportOffThread } from '../library/import-in-worker.ts';
import type { ServiceParts } from './service-parts.ts';

type LibraryApi = Pick<FlambeServiceApi,
  'libraryStatus' | 'listRecordings' | 'renameRecording' | 'setNotes' | 'editTags' | 'deleteRecording' | 'importFile' | 'exportRecording' | 'compareNoise'>;

export function createLibraryApi({ store, groups, emit }: ServiceParts): LibraryApi {
  return {
    async libraryStatus() {
      return { path: store.library?.file ?? null, problem: store.libraryProblem, readOnly: store.readOnly };
    },
    async listRecordings(q: ListQuery) {
      return store.needLibrary().list(q);
    },
    async renameRecording({ id, name }) {
      const row = store.needLibrary().rename(id, name);
      store.changed(id);
      return row;
    },
    async setNotes({ id, notes }) {
      const row = store.needLibrary().setNotes(id, notes);
      store.changed(id);
      return row;
    },
    async editTags({ id, add = [], remove = [] }) {
      const row = store.needLibrary().editTags(id, add, remove);
      store.changed(id);
      return row;
    },
    async deleteRecording({ id }) {
      if (store.forget(id)) return;
      store.needLibrary().delete(id);
      store.changed(id);
    },
    async importFile({ fileName, content, id }) {
      const lib = store.needLibrary();
      // Parsed, imported once and compressed in a worker thread when big: other calls keep being answered.
      const prepared = await prepareImportOffThread(fileName, content, { onPhase: (phase) => emit('importProgress', { fileName, phase }) });
      const { rec, packed } = prepared;
      emit('importProgress', { fileName, phase: 'saving' });
      if (prepared.group) return groups.saveImported(prepared);
      // The UI already shows this file under the id it chose (renderer/src/library/open-imported.ts).
      if (id && prepared.plain) rec.id = id;
      if (lib.has(rec.id)) rec.id = randomUUID();
      const row = lib.save(rec, rec.settings ? 'recorded' : 'imported', packed);
      store.changed(row.id);
      return row;
    },
    async exportRecording({ id, format = 'cpuprofile', thread, includeSecrets }) {
      // Only a bundle needs the profile parsed (it is one JSON document); a profile file is the stored text.
      const meta = store.metaOf(id);
      // The name may be made of what differed (DB_PASSWORD=…): the file's name is made of the masked one.
      const safeName = maskSecrets(meta.name).value.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80) || 'recording';
      if (format === 'bundle') {
        const { text, masked, holdsSecrets } = writeBundleWithNote(store.fetch(id), { includeSecrets });
        const note = maskedSentence(masked);
        return { fileName: `${safeName}.flambe`, content: text, ...(note ? { note } : {}), holdsSecrets };
      }
      if (!meta.hasProfile) throw new UserError('This recording has no CPU profile to export (it was a load-only run): export it as a bundle instead.');
      const inMemory = store.unsaved(id);
      const text = inMemory ? JSON.stringify(inMemory.profile) : store.library?.profileText(id);
      if (!text) throw new UserError('That recording is not available any more.');
      // Every thread, or the one asked for (export-recording.ts); pprof is binary, so base64 over the transports.
      return exportStoredProfile(text, safeName, format, thread, Date.parse(meta.createdAt) || 0);
    },
    async compareNoise({ a, b }) {
      // Metadata only: the profiles are not needed to find repeats.
      const ma = runMetaOf(store.metaOf(a));
      const mb = runMetaOf(store.metaOf(b));
      return store.library ? libraryNoise(store.library, ma, mb) : estimateNoise([], ma, mb);
    },
  };
}
