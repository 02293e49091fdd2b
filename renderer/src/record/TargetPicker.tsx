// Step 1 on the Record screen: choose what to profile — the demo server, a
// script to launch, a Node process whose inspector is already open, or any
// Node process running here (by pid). The launch form is LaunchForm.tsx.
import { useState, type Dispatch, type SetStateAction } from 'react';
import type { DemoServerInfo, TargetInfo } from '../../../shared/api.ts';
import { useClient } from '../client/context.tsx';
import { errorMessage } from '../client/types.ts';
import { ErrorNote } from '../components/Notes.tsx';
import { Tabs } from '../components/Tabs.tsx';
import { buildLaunchSpec, defaultAttachForm, defaultLaunchForm, type AttachFormState, type LaunchFormState } from '../lib/forms.ts';
import { AttachForm } from './AttachForm.tsx';
import { LaunchForm } from './LaunchForm.tsx';
import { ProcessPicker } from './ProcessPicker.tsx';

export interface PickerState {
  tab: 'launch' | 'attach' | 'process';
  launch: LaunchFormState;
  attach: AttachFormState;
}

export const defaultPickerState: PickerState = { tab: 'launch', launch: defaultLaunchForm, attach: defaultAttachForm };

interface Props {
  picker: PickerState;
  setPicker: Dispatch<SetStateAction<PickerState>>;
  onChosen: (info: TargetInfo, isDemo: boolean) => void;
  onDemo: (demo: DemoServerInfo) => void;
}

export function TargetPicker({ picker, setPicker, onChosen, onDemo }: Props) {
  const client = useClient();
  const [busy, setBusy] = useState<'demo' | 'launch' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const runDemo = async () => {
    setBusy('demo');
    setError(null);
    try {
      const demo = await client.api.demoServer({});
      onDemo(demo);
      onChosen(await client.api.launchTarget({ script: demo.script, cwd: demo.cwd }), true);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  const launch = async () => {
    const spec = buildLaunchSpec(picker.launch);
    if (!spec.ok) {
      setError(spec.message);
      return;
    }
    setBusy('launch');
    setError(null);
    try {
      onChosen(await client.api.launchTarget(spec.value), false);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  const [moreOpen, setMoreOpen] = useState(() => !!(picker.launch.args || picker.launch.cwd || picker.launch.env || picker.launch.nodePath || picker.launch.outputToFile));
  const setLaunch = (patch: Partial<LaunchFormState>) => setPicker((p) => ({ ...p, launch: { ...p.launch, ...patch } }));

  const launchTab = (
    <LaunchForm form={picker.launch} set={setLaunch} busy={busy} onLaunch={() => void launch()} moreOpen={moreOpen} setMoreOpen={setMoreOpen} />
  );

  return (
    <div className="target-picker">
      <div className="demo-offer">
        <button type="button" className="button primary demo-button" data-testid="demo-button" onClick={() => void runDemo()} disabled={busy !== null}>
          {busy === 'demo' ? 'Starting the demo server…' : 'Try the demo server'}
        </button>
        <p className="hint">A small server with classic mistakes (console.log, sync crypto, huge JSON, a slow regex) to see what they cost.</p>
      </div>
      <ErrorNote message={error} testId="target-error" />
      <Tabs
        label="How to reach your server"
        selected={picker.tab}
        onSelect={(tab) => {
          setError(null);
          setPicker((p) => ({ ...p, tab }));
        }}
        tabs={[
          { key: 'launch', label: 'Launch a script', content: launchTab },
          {
            key: 'attach',
            label: 'Attach to host:port',
            content: <AttachForm form={picker.attach} setForm={(patch) => setPicker((p) => ({ ...p, attach: { ...p.attach, ...patch } }))} onAttached={(info) => onChosen(info, false)} />,
          },
          { key: 'process', label: 'Running Node process', testId: 'process-tab', content: <ProcessPicker onAttached={(info) => onChosen(info, false)} /> },
        ]}
      />
    </div>
  );
}
