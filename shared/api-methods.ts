// The names of the contract's methods and events, without any dependency:
// the sandboxed preload allow-lists the methods, the renderer checks incoming
// events against the event names, and importing shared/api.ts there would
// bundle zod. shared/api.ts checks at compile time that these lists, the
// schemas, the results and FlambeEvents agree.
export const apiMethodNames = [
  'launchTarget',
  'listInspectorTargets',
  'attachTarget',
  'listNodeProcesses',
  'findNodePrograms',
  'attachProcess',
  'getTarget',
  'probeAddresses',
  'snapshotEstimate',
  'listTargets',
  'stopTarget',
  'startRecording',
  'stopRecording',
  'getRecording',
  'getProfile',
  'demoServer',
  'libraryStatus',
  'listRecordings',
  'renameRecording',
  'setNotes',
  'editTags',
  'deleteRecording',
  'importFile',
  'exportRecording',
  'runSweep',
  'measureOverhead',
  'profileRoutes',
  'lastOverhead',
  'startExperiment',
  'stopExperiment',
  'getExperiment',
  'listExperiments',
  'runningWork',
  'compareNoise',
  'listGroups',
  'getSweep',
  'deleteGroup',
  'exportGroup',
  'planRepeat',
] as const;

export type ApiMethodName = (typeof apiMethodNames)[number];

export const eventNames = ['targetOutput', 'targetExit', 'recordingProgress', 'recordingDone', 'libraryChanged', 'importProgress', 'experimentProgress', 'experimentDone', 'workChanged'] as const;

export type EventNameFromList = (typeof eventNames)[number];
