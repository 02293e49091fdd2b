// Step 1 on the Record screen: choose what to profile — the demo server, a
// script to launch, a Node process whose inspector is already open, or any
// Node process running here (by pid).
import { useState, type Dispatch, type SetStateAction } from 'react';
import type { DemoServerInfo, TargetInfo } from '../../../shared/api.ts';
import { useClient } from '../client/context.tsx';
import { errorMessage } from '../client/types.ts';
import { ErrorNote } from '../components/Notes.tsx';
import { Tabs } from '../components/Tabs.tsx';
import { buildLaunchSpec, defaultAttachForm, defaultLaunchForm, type AttachFormState, type LaunchFormState } from '../lib/forms.ts';
import { AttachForm } from './AttachForm.tsx';
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
  const f = picker.launch;

  const launchTab = (
    <form
      className="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void launch();
      }}
    >
      <div className="field">
        <label htmlFor="launch-script">Script</label>
        <input id="launch-script" data-testid="launch-script-input" value={f.script} placeholder="/path/to/server.js" autoComplete="off" spellCheck={false}
          onChange={(e) => setLaunch({ script: e.target.value })} />
      </div>
      {/* Folded, so the one-click questions stay in view at 1024×700; open when something in it was typed (kept across reloads). */}
      <details className="more" open={moreOpen} onToggle={(e) => setMoreOpen(e.currentTarget.open)}>
        <summary>Arguments, working directory, environment and Node</summary>
        <div className="field">
          <label htmlFor="launch-args">Arguments</label>
          <input id="launch-args" value={f.args} placeholder={'--port 3000 --name "My app"'} autoComplete="off" spellCheck={false}
            aria-describedby="launch-args-hint" onChange={(e) => setLaunch({ args: e.target.value })} />
          <p className="hint" id="launch-args-hint">Separated by spaces; quote an argument that contains spaces.</p>
        </div>
        <div className="field">
          <label htmlFor="launch-cwd">Working directory <span className="optional">(optional)</span></label>
          <input id="launch-cwd" value={f.cwd} placeholder="the script’s folder" autoComplete="off" spellCheck={false}
            onChange={(e) => setLaunch({ cwd: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="launch-env">Environment variables</label>
          <textarea id="launch-env" rows={3} value={f.env} placeholder={'NODE_ENV=production\nPORT=3000'} spellCheck={false}
            aria-describedby="launch-env-hint" onChange={(e) => setLaunch({ env: e.target.value })} />
          <p className="hint" id="launch-env-hint">One KEY=VALUE per line, added to Flambé’s own environment.</p>
        </div>
        <div className="field">
          <label htmlFor="launch-node">Node executable <span className="optional">(optional)</span></label>
          <input id="launch-node" value={f.nodePath} placeholder="node from PATH" autoComplete="off" spellCheck={false}
            onChange={(e) => setLaunch({ nodePath: e.target.value })} />
        </div>
        <div className="field">
          <label>
            <input type="checkbox" data-testid="launch-output-file" checked={!!f.outputToFile} onChange={(e) => setLaunch({ outputToFile: e.target.checked })} />
            {' '}Write its output to a file (as a terminal or a log file does)
          </label>
          <p className="hint">Node writes to a file or a terminal synchronously and to a pipe asynchronously, so logging costs more in a file. The recording says which was used.</p>
        </div>
      </details>
      <div className="actions">
        <button type="submit" className="button" data-testid="launch-button" disabled={busy !== null}>
          {busy === 'launch' ? 'Launching…' : 'Launch'}
        </button>
      </div>
    </form>
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
