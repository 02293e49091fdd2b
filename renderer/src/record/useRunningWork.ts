// What the service is running now (shared/work/running-work.ts), asked when
// the page loads and whenever the connection comes back, then kept by the
// workChanged events: the buttons that would disturb it are disabled with the
// service's own sentence, and a page reloaded mid-way follows the work to its
// result. `atLoad` is the first answer (what ran before this page). Work of
// another Flambé process (a CLI run on the same library) disables the buttons
// too, but a page has nothing of it to follow.
import { useEffect, useState } from 'react';
import type { FlambeEvents } from '../../../shared/api.ts';
import type { RunningWork } from '../../../shared/work/running-work.ts';
import { useClient, useConnectionStatus, useFlambeEvent } from '../client/context.tsx';

export type WorkEnded = NonNullable<FlambeEvents['workChanged']['ended']>;

export interface RunningWorkState {
  /** This service's work, then other Flambé processes' on the same library (`elsewhere`): the rule counts both. */
  running: readonly RunningWork[];
  /** What this service ran when the page loaded (the page follows it to its result); null until the service answered. */
  atLoad: readonly RunningWork[] | null;
  /** The last work that ended, with what it produced. */
  ended: WorkEnded | null;
}

export function useRunningWork(): RunningWorkState {
  const client = useClient();
  const connection = useConnectionStatus();
  const [state, setState] = useState<RunningWorkState>({ running: [], atLoad: null, ended: null });

  useEffect(() => {
    if (connection !== 'open') return;
    let live = true;
    client.api.runningWork({}).then(
      (running) => live && setState((s) => ({ ...s, running, atLoad: s.atLoad ?? running.filter((w) => !w.elsewhere) })),
      () => live && setState((s) => ({ ...s, atLoad: s.atLoad ?? [] })),
    );
    return () => {
      live = false;
    };
  }, [client, connection]);

  useFlambeEvent((e) => {
    if (e.name === 'workChanged') setState((s) => ({ ...s, running: e.payload.running, ended: e.payload.ended ?? s.ended }));
  });
  return state;
}
