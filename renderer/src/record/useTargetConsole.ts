// The target's console, kept for the whole window (the Record screen shows it):
// what it prints, and a line when it exits — which also marks the target as
// no longer running.
import type { Dispatch, SetStateAction } from 'react';
import { useFlambeEvent } from '../client/context.tsx';
import type { ConsoleStore } from '../lib/console-store.ts';
import { describeExit } from '../lib/format.ts';
import type { TargetState } from './target-state.ts';

export function useTargetConsole(consoleStore: ConsoleStore, setTarget: Dispatch<SetStateAction<TargetState | null>>): void {
  useFlambeEvent((event) => {
    if (event.name === 'targetOutput') {
      consoleStore.append(event.payload.targetId, event.payload.stream, event.payload.text);
    } else if (event.name === 'targetExit') {
      const { targetId, code, signal } = event.payload;
      consoleStore.append(targetId, 'system', `\n— The process ${describeExit(code, signal)}.\n`);
      setTarget((t) => (t && t.info.targetId === targetId ? { ...t, info: { ...t.info, running: false }, exit: { code, signal } } : t));
    }
  });
}
