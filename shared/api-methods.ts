// The names of the contract's methods, without any dependency: the sandboxed
// preload allow-lists them, and importing shared/api.ts there would bundle zod.
// shared/api.ts checks at compile time that this list and FlambeApi agree.
export const apiMethodNames = [
  'launchTarget',
  'listInspectorTargets',
  'attachTarget',
  'getTarget',
  'stopTarget',
  'startRecording',
  'stopRecording',
  'getRecording',
  'demoServer',
  'libraryStatus',
  'listRecordings',
  'renameRecording',
  'setNotes',
  'editTags',
  'deleteRecording',
  'importFile',
  'exportRecording',
  'startExperiment',
  'stopExperiment',
  'getExperiment',
  'listExperiments',
  'compareNoise',
] as const;

export type ApiMethodName = (typeof apiMethodNames)[number];
