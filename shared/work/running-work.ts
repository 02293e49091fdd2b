// Work the service is doing right now, and whether new work may start beside
// it. One machine runs the target, the load and the profiler: an experiment,
// a sweep, an overhead measurement or a per-route profile measures the
// machine's time, so nothing else that puts load on it may run beside one —
// it would disturb what it measures. The service refuses with one sentence
// (the CLI and the UI see the same), and the UI disables the button with it.
// Recordings of two different targets may run together (each its own
// process); two of one target may not (their samples and load would mix).
// The rule holds across processes too: work another Flambé process runs on
// the same library (the app beside a CLI run) is listed with `elsewhere`, and
// its target is named by the target process's pid (`targetKey`), the one name
// two Flambé processes share for it.
import { z } from 'zod';

export const workKinds = ['recording', 'experiment', 'sweep', 'overhead', 'routes'] as const;
export type WorkKind = (typeof workKinds)[number];

export const runningWorkSchema = z.object({
  kind: z.enum(workKinds),
  /** The recording's or experiment's id; the run's own id for a sweep, overhead or per-route profile. */
  id: z.string(),
  /** What the user would call it: the experiment's question, the recording's URL. */
  label: z.string(),
  /** The target it records or loads; null for load only, or a target it launches itself (an experiment). */
  targetId: z.string().nullable(),
  startedAt: z.string(),
  /** A sweep: its levels (connections) in the order they run, and how many have ended — a page reloaded mid-way says "level 2 of 3". */
  levels: z.array(z.number().int()).optional(),
  levelsDone: z.number().int().optional(),
  /** Run by another Flambé process on the same library (electron/services/work/work-registry.ts): which. */
  elsewhere: z.object({ pid: z.number().int(), program: z.string() }).optional(),
});
export type RunningWork = z.infer<typeof runningWorkSchema>;

/** How two Flambé processes name one target: its process on this machine. */
export const targetKeyOf = (pid: number | null | undefined): string | null => (pid ? `pid:${pid}` : null);

/** Running work that measures the machine's time: nothing that loads it may start beside it. */
const measuresTheMachine = (kind: WorkKind) => kind !== 'recording';

function describeRunning(w: RunningWork): string {
  const where = w.elsewhere ? ` in another Flambé process (${w.elsewhere.program}, pid ${w.elsewhere.pid})` : '';
  switch (w.kind) {
    case 'recording': return `A recording (${w.label}) is running${where}`;
    case 'experiment': return `The experiment “${w.label}” is running${where}`;
    case 'sweep': return `A concurrency sweep (${w.label}) is running${where}`;
    case 'overhead': return `An overhead measurement (${w.label}) is running${where}`;
    case 'routes': return `Each route is being profiled (${w.label})${where}`;
  }
}

const startingPhrase: Record<WorkKind, string> = {
  recording: 'a recording',
  experiment: 'an experiment',
  sweep: 'a sweep',
  overhead: 'an overhead measurement',
  routes: 'profiling each route',
};

/**
 * Why `starting` may not start beside `running`, as one sentence; null when it may.
 * `targetId`: the target the new work records (null: load only, or its own processes);
 * compared with work of this process. Work `elsewhere` is compared by `targetKey`.
 */
export function workRefusal(starting: { kind: WorkKind; targetId: string | null; targetKey?: string | null }, running: readonly RunningWork[]): string | null {
  for (const w of running) {
    if (w.kind === 'recording' && starting.kind === 'recording') {
      const same = w.elsewhere ? starting.targetKey ?? null : starting.targetId;
      if (w.targetId && w.targetId === same) {
        return w.elsewhere
          ? `This target is already being recorded by another Flambé process (${w.elsewhere.program}, pid ${w.elsewhere.pid}): wait for that recording to finish, or stop it first.`
          : 'This target is already being recorded: wait for that recording to finish, or stop it first.';
      }
      continue;
    }
    if (measuresTheMachine(w.kind) || measuresTheMachine(starting.kind)) {
      return `${describeRunning(w)}: ${startingPhrase[starting.kind]} now would share the machine with it and disturb what it measures. Wait for it to finish, or stop it first.`;
    }
  }
  return null;
}
