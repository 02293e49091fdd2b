// The experiment runner's service calls for a load-only experiment (no script
// launched): every target call refuses, so a test sees it if one is made.
import type { ExperimentDeps } from '../../electron/services/experiment/runner.ts';

export const noTargetsApi = {
  launchTarget: async () => { throw new Error('no launch in a load-only experiment'); },
  getTarget: async () => { throw new Error('no target'); },
  stopTarget: async () => undefined,
  listTargets: async () => ({ targets: [] }),
  stopRecording: async () => undefined,
  demoServer: async () => ({ script: '/nowhere/demo.js', cwd: '/nowhere', running: false, url: null }),
} as never as ExperimentDeps['api'];
