// Browser mode: reloading the page used to forget the launched target while
// its process kept running (and kept its port, so launching again failed).
// On start the UI asks the service which targets it holds and takes back the
// newest one, with the console output it printed so far.
import { useEffect, useRef } from 'react';
import type { TargetInfo } from '../../../shared/api.ts';
import type { RendererClient } from '../client/types.ts';
import type { ConsoleStore } from '../lib/console-store.ts';

interface Options {
  client: RendererClient;
  consoleStore: ConsoleStore;
  /** False once the user chose a target themselves: nothing is taken back then. */
  canRecover: () => boolean;
  onRecovered: (info: TargetInfo, isDemo: boolean) => void;
}

export function useRecoveredTarget({ client, consoleStore, canRecover, onRecovered }: Options): void {
  const latest = useRef({ canRecover, onRecovered });
  useEffect(() => {
    latest.current = { canRecover, onRecovered };
  });
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      try {
        const { targets } = await client.api.listTargets({});
        const last = targets.at(-1);
        if (cancelled || !last || !latest.current.canRecover()) return;
        const demo = await client.api.demoServer({}).catch(() => null);
        if (cancelled || !latest.current.canRecover()) return;
        for (const chunk of last.output) consoleStore.append(last.targetId, chunk.stream, chunk.text);
        const { output: _output, ...info } = last;
        void _output;
        latest.current.onRecovered(info, !!demo && last.argv.includes(demo.script));
      } catch {
        // An older service without listTargets, or none reachable yet: start with no target, as before.
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [client, consoleStore]);
}
