// What the Record screen keeps while another screen shows — the target and its
// console output, the demo server, the load form, the target picker — and how
// a target arrives: chosen by the user, or taken back after a reload. It lives
// in the App, not the screen, so it survives the trip between screens.
import { useState } from 'react';
import type { DemoServerInfo, TargetInfo } from '../../shared/api.ts';
import type { RendererClient } from './client/types.ts';
import { ConsoleStore } from './lib/console-store.ts';
import { defaultLoadForm, type LoadFormState } from './lib/forms.ts';
import { useSessionState } from './lib/session-state.ts';
import { defaultPickerState, type PickerState } from './record/TargetPicker.tsx';
import type { TargetState } from './record/target-state.ts';
import { useRecoveredTarget } from './record/useRecoveredTarget.ts';
import { useSuggestedUrls } from './record/useSuggestedUrls.ts';
import { useTargetConsole } from './record/useTargetConsole.ts';

/** The Record screen's props that the App keeps for it (spread onto `<RecordScreen/>`). */
export function useRecordSetup(client: RendererClient) {
  const [target, setTarget] = useState<TargetState | null>(null);
  const [demo, setDemo] = useState<DemoServerInfo | null>(null);
  // Kept across reloads (this tab): what was typed is not lost (lib/session-state.ts).
  const [loadForm, setLoadForm] = useSessionState<LoadFormState>('flambe.loadForm', defaultLoadForm);
  const [picker, setPicker] = useSessionState<PickerState>('flambe.picker', defaultPickerState);
  const [consoleStore] = useState(() => new ConsoleStore(5000));

  useTargetConsole(consoleStore, setTarget);

  const { onTargetReady } = useSuggestedUrls({ client, target, setTarget, setLoadForm });

  const onTargetChosen = (info: TargetInfo, isDemo: boolean) => {
    setTarget({ info, exit: info.running ? null : { code: null, signal: null }, isDemo });
    onTargetReady(info, isDemo);
  };
  // After a reload: the target launched before it, with its console.
  useRecoveredTarget({ client, consoleStore, canRecover: () => target === null, onRecovered: onTargetChosen });

  return {
    target, onTargetChosen, onTargetCleared: () => setTarget(null),
    picker, setPicker, demo, onDemo: setDemo, loadForm, setLoadForm, consoleStore,
  };
}
