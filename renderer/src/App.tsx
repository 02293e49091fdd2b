// The one window: the Record screen, then the Result screen of the last
// recording. What must survive the trip between them lives here: the
// target, its console output, the demo routes and the load settings.
import { useState } from 'react';
import type { DemoServerInfo, RecordingResult, TargetInfo } from '../../shared/api.ts';
import { useClient, useConnectionStatus, useFlambeEvent } from './client/context.tsx';
import { ConnectionBanner } from './components/Notes.tsx';
import { ConsoleStore } from './lib/console-store.ts';
import { describeExit } from './lib/format.ts';
import { defaultLoadForm, type LoadFormState } from './lib/forms.ts';
import { RecordScreen } from './record/RecordScreen.tsx';
import { defaultPickerState, type PickerState } from './record/TargetPicker.tsx';
import { useSuggestedUrls } from './record/useSuggestedUrls.ts';
import { ResultScreen } from './result/ResultScreen.tsx';

export interface TargetState {
  info: TargetInfo;
  /** Set once the process has exited (launched) or the inspector went away. */
  exit: { code: number | null; signal: string | null } | null;
  /** Launched with "Try the demo server": its routes are offered as quick picks. */
  isDemo: boolean;
}

export function App() {
  const client = useClient();
  const connection = useConnectionStatus();
  const [shown, setShown] = useState<{ result: RecordingResult; saveProblem: string | null } | null>(null);
  const [target, setTarget] = useState<TargetState | null>(null);
  const [demo, setDemo] = useState<DemoServerInfo | null>(null);
  const [loadForm, setLoadForm] = useState<LoadFormState>(defaultLoadForm);
  const [picker, setPicker] = useState<PickerState>(defaultPickerState);
  const [consoleStore] = useState(() => new ConsoleStore(5000));

  useFlambeEvent((event) => {
    if (event.name === 'targetOutput') {
      consoleStore.append(event.payload.targetId, event.payload.stream, event.payload.text);
    } else if (event.name === 'targetExit') {
      const { targetId, code, signal } = event.payload;
      consoleStore.append(targetId, 'system', `\n— The process ${describeExit(code, signal)}.\n`);
      setTarget((t) => (t && t.info.targetId === targetId ? { ...t, info: { ...t.info, running: false }, exit: { code, signal } } : t));
    }
  });

  const { onTargetReady } = useSuggestedUrls({ client, target, setTarget, setLoadForm });

  const chooseTarget = (info: TargetInfo, isDemo: boolean) => {
    setTarget({ info, exit: null, isDemo });
    onTargetReady(info);
  };

  return (
    <div className="app">
      <ConnectionBanner status={connection} />
      <header className="app-header">
        <svg className="brand" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path d="M12 2c1 3.5-1.5 5.5-3 7.5C7.6 11.4 7 13 7 14.8A5 5 0 0 0 12 20a5 5 0 0 0 5-5.2c0-2.6-1.6-4.4-2.6-5.6.1 1.7-.6 2.9-1.6 3.4.4-3.9-1-7.6-.8-10.6Z" fill="currentColor" />
        </svg>
        <span className="brand-name">Flambé</span>
        <span className="brand-tagline">record a Node.js server under load, see where its time goes</span>
      </header>
      <main className="app-main">
        {shown ? (
          <ResultScreen result={shown.result} saveProblem={shown.saveProblem} onNewRecording={() => setShown(null)} />
        ) : (
          <RecordScreen
            target={target}
            onTargetChosen={chooseTarget}
            onTargetCleared={() => setTarget(null)}
            picker={picker}
            setPicker={setPicker}
            demo={demo}
            onDemo={setDemo}
            loadForm={loadForm}
            setLoadForm={setLoadForm}
            consoleStore={consoleStore}
            onResult={(result, saveProblem) => setShown({ result, saveProblem })}
          />
        )}
      </main>
    </div>
  );
}
