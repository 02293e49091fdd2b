// What the contract's method groups (this folder) share: the targets, where
// recordings are kept, the recordings being made, the work running now (the
// one-measurement rule), the library's groups, and the events.
import type { FlambeEvents } from '../../../shared/api.ts';
import type { GroupApi } from '../library/group-service.ts';
import type { RecordingsInFlight } from '../recording/recordings-in-flight.ts';
import type { RecordingStore } from '../recording/recording-store.ts';
import type { TargetRegistry } from '../targets/registry.ts';
import type { WorkInProgress } from '../work/work-in-progress.ts';

export type Emit = <K extends keyof FlambeEvents>(name: K, payload: FlambeEvents[K]) => void;

export interface ServiceParts {
  targets: TargetRegistry;
  store: RecordingStore;
  recordings: RecordingsInFlight;
  work: WorkInProgress;
  groups: GroupApi;
  emit: Emit;
  /** The target's identity across processes (its pid and start time), for the work registry. */
  targetKey(targetId: string | null): string | null;
}
