// The recording an imported profile file becomes: its name (the file's,
// without the extension), its note, no target, settings or load. One rule for
// the services, which save it (electron/services/library/files.ts), and the
// UI, which opens a single imported file while it is being saved
// (renderer/src/library/open-imported.ts).
import type { RecordingMeta } from '../recording/recording.ts';

export function importedRecording(baseName: string, id: string, createdAt: string): RecordingMeta {
  return {
    id,
    name: baseName.replace(/\.(cpuprofile|heapprofile|json|pb|pprof)(\.gz)?$/i, ''),
    createdAt,
    target: null, settings: null, load: null, hasProfile: true, samples: [], error: null, tags: [], notes: `Imported from ${baseName}`,
  };
}
