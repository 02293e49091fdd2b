// The contract's recordings: start one (claimed in the work registry first, so
// nothing else measures the machine meanwhile), stop it, read it and its profile.
import type { FlambeServiceApi, RecordingResult } from '../../../shared/api.ts';
import { loadTitle } from '../../../shared/load/load-title.ts';
import { UserError } from '../errors.ts';
import type { ServiceParts } from './service-parts.ts';

const NO_PROFILE = 'This recording has no CPU profile (it was a load-only run).';

type RecordingsApi = Pick<FlambeServiceApi, 'startRecording' | 'stopRecording' | 'getRecording' | 'getProfile'>;

export function createRecordingsApi({ store, recordings, work, targetKey }: ServiceParts): RecordingsApi {
  return {
    async startRecording(req) {
      const targetId = req.targetId ?? null;
      const claim = work.claim({ kind: 'recording', label: loadTitle(req.load), targetId, targetKey: targetKey(targetId) });
      let started: { id: string; finished: Promise<RecordingResult> };
      try {
        started = recordings.begin(req);
      } catch (e) {
        claim.cancel();
        throw e;
      }
      const ended = claim.started(started.id);
      started.finished.then(() => ended(started.id), () => ended(null));
      return { recordingId: started.id };
    },
    async stopRecording({ id }) {
      recordings.stop(id);
    },
    async getRecording({ id }) {
      return store.metaOf(id);
    },
    async getProfile({ id }) {
      const mem = store.unsaved(id);
      if (mem) {
        if (mem.profile == null) throw new UserError(NO_PROFILE);
        return Buffer.from(JSON.stringify(mem.profile));
      }
      if (recordings.isRunning(id)) throw new UserError('That recording is still running.');
      const library = store.library;
      if (!library) throw new UserError('That recording is not available any more.');
      const bytes = library.profileBytes(id);
      if (!bytes) throw new UserError(library.has(id) ? NO_PROFILE : 'That recording is not in the library (it may have been deleted).');
      return bytes;
    },
  };
}
