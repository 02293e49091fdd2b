// The contract's targets: launch, attach (host:port or a pid), list, look, stop;
// and where the demo server is.
import path from 'node:path';
import type { DemoServerInfo, FlambeServiceApi } from '../../../shared/api.ts';
import { demoServerDir } from '../app-files.ts';
import { listInspectorTargets } from '../targets/attach.ts';
import { probeAddresses } from '../targets/probe-addresses.ts';
import { listNodeProcesses } from '../targets/processes.ts';
import { findNodePrograms } from '../targets/node-programs.ts';
import type { TargetRegistry } from '../targets/registry.ts';
import { snapshotEstimateOf } from '../memory/snapshot-estimate.ts';
import { snapshotCostSentence } from '../../../shared/memory/snapshot-cost.ts';
import { UserError } from '../errors.ts';

export const DEMO_ROUTES: DemoServerInfo['routes'] = [
  { path: '/hello', what: 'answers "hello world": the baseline' },
  { path: '/log', what: 'one console.log per request' },
  { path: '/json', what: 'JSON.stringify of a large object' },
  { path: '/crypto', what: 'pbkdf2Sync: synchronous crypto' },
  { path: '/regex', what: 'a backtracking regular expression' },
];

type TargetsApi = Pick<FlambeServiceApi,
  'launchTarget' | 'listInspectorTargets' | 'attachTarget' | 'listNodeProcesses' | 'findNodePrograms' | 'attachProcess' | 'getTarget' | 'probeAddresses' | 'snapshotEstimate' | 'listTargets' | 'stopTarget' | 'demoServer'>;

export function createTargetsApi(targets: TargetRegistry): TargetsApi {
  return {
    launchTarget: (spec) => targets.launch(spec),
    listInspectorTargets: ({ host, port }) => listInspectorTargets(host, port),
    attachTarget: (spec) => targets.attach(spec),
    listNodeProcesses: () => listNodeProcesses(),
    findNodePrograms: () => findNodePrograms(),
    attachProcess: ({ pid }) => targets.attachPid(pid),
    getTarget: ({ targetId }) => targets.refresh(targetId),
    probeAddresses: async ({ targetId }) => probeAddresses((await targets.refresh(targetId)).suggestedUrls),
    async snapshotEstimate({ targetId }) {
      const t = targets.get(targetId);
      if (!t.info.running || t.session.isClosed) throw new UserError('The target is not running any more: launch or attach again.');
      const estimate = await snapshotEstimateOf(t.session, t.host);
      return { ...estimate, sentence: snapshotCostSentence(estimate) };
    },
    listTargets: async () => ({ targets: await targets.list() }),
    stopTarget: ({ targetId }) => targets.stop(targetId),
    async demoServer() {
      const dir = demoServerDir();
      return { script: path.join(dir, 'server.js'), cwd: dir, routes: DEMO_ROUTES };
    },
  };
}
