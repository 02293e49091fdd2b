// The contract's experiments and the library's groups (experiments and sweeps):
// an experiment is claimed in the work registry until it is done; its rounds
// are ordinary recordings begun by the service.
import type { FlambeEvent, FlambeServiceApi } from '../../../shared/api.ts';
import type { createExperiments } from '../experiment/experiment-runs.ts';
import { experimentLabel } from '../work/work-in-progress.ts';
import type { ServiceParts } from './service-parts.ts';

type Experiments = ReturnType<typeof createExperiments>;
type ExperimentsApi = Pick<FlambeServiceApi,
  'startExperiment' | 'stopExperiment' | 'getExperiment' | 'listExperiments' | 'listGroups' | 'getSweep' | 'deleteGroup' | 'exportGroup' | 'planRepeat'>;

/** `experiments()`: made after the validated contract it launches targets through. */
export function createExperimentsApi({ work, groups }: ServiceParts, experiments: () => Experiments, onEvent: (l: (e: FlambeEvent) => void) => () => void): ExperimentsApi {
  return {
    async startExperiment(spec) {
      const claim = work.claim({ kind: 'experiment', label: experimentLabel(spec), targetId: null, targetKey: null });
      let started: Awaited<ReturnType<Experiments['start']>>;
      try {
        started = await experiments().start(spec);
      } catch (e) {
        claim.cancel();
        throw e;
      }
      const id = started.experimentId;
      const ended = claim.started(id);
      const off = onEvent((e) => {
        if (e.name !== 'experimentDone' || e.payload.experimentId !== id) return;
        off();
        ended(id);
      });
      return started;
    },
    stopExperiment: async ({ id }) => experiments().stop(id),
    getExperiment: async ({ id }) => experiments().get(id),
    listExperiments: async () => experiments().list(),
    listGroups: async () => groups.listGroups(),
    getSweep: async ({ id }) => groups.getSweep(id),
    deleteGroup: async ({ id }) => groups.deleteGroup(id),
    exportGroup: async ({ id, includeSecrets }) => groups.exportGroup(id, includeSecrets),
    planRepeat: async (arg) => groups.planRepeat(arg),
  };
}
