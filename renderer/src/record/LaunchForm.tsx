// "Launch a script": the script, and folded under it its arguments, working
// directory, environment, Node executable and where its output goes.
import { useEffect, useState } from 'react';
import type { LaunchFormState } from '../lib/forms.ts';
import { useClient } from '../client/context.tsx';
import { nodeLabel, nodeLine, type NodePrograms } from './node-line.ts';

/** The Node programs on this computer, asked once per form (a few `node --version` runs in the service). */
function useNodePrograms(): NodePrograms | null {
  const api = useClient().api;
  const [found, setFound] = useState<NodePrograms | null>(null);
  useEffect(() => {
    let live = true;
    api.findNodePrograms({}).then((r) => live && setFound(r), () => undefined);
    return () => {
      live = false;
    };
  }, [api]);
  return found;
}

interface Props {
  form: LaunchFormState;
  set(patch: Partial<LaunchFormState>): void;
  /** What the picker is starting, if anything: Launch is disabled meanwhile. */
  busy: 'demo' | 'launch' | null;
  onLaunch(): void;
  /** The folded part is open (kept by the picker: open when something in it was typed). */
  moreOpen: boolean;
  setMoreOpen(open: boolean): void;
}

export function LaunchForm({ form, set, busy, onLaunch, moreOpen, setMoreOpen }: Props) {
  const programs = useNodePrograms();
  const line = nodeLine(programs, form.nodePath);
  return (
    <form
      className="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onLaunch();
      }}
    >
      <div className="field">
        <label htmlFor="launch-script">Script</label>
        <input id="launch-script" data-testid="launch-script-input" value={form.script} placeholder="/path/to/server.js" autoComplete="off" spellCheck={false}
          onChange={(e) => set({ script: e.target.value })} />
        <p className="hint" data-testid="launch-node-line">
          {line.text}
          {line.offer && <>{' '}<button type="button" className="button small" data-testid="use-your-node" onClick={() => set({ nodePath: line.offer!.program.path })}>{line.offer.label}</button></>}
        </p>
      </div>
      {/* Folded, so the one-click questions stay in view at 1024×700; open when something in it was typed (kept across reloads). */}
      <details className="more" open={moreOpen} onToggle={(e) => setMoreOpen(e.currentTarget.open)}>
        <summary>Arguments, working directory, environment and Node</summary>
        <div className="field">
          <label htmlFor="launch-args">Arguments</label>
          <input id="launch-args" value={form.args} placeholder={'--port 3000 --name "My app"'} autoComplete="off" spellCheck={false}
            aria-describedby="launch-args-hint" onChange={(e) => set({ args: e.target.value })} />
          <p className="hint" id="launch-args-hint">Separated by spaces; quote an argument that contains spaces.</p>
        </div>
        <div className="field">
          <label htmlFor="launch-cwd">Working directory <span className="optional">(optional)</span></label>
          <input id="launch-cwd" value={form.cwd} placeholder="the script’s folder" autoComplete="off" spellCheck={false}
            onChange={(e) => set({ cwd: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="launch-env">Environment variables</label>
          <textarea id="launch-env" rows={3} value={form.env} placeholder={'NODE_ENV=production\nPORT=3000'} spellCheck={false}
            aria-describedby="launch-env-hint" onChange={(e) => set({ env: e.target.value })} />
          <p className="hint" id="launch-env-hint">One KEY=VALUE per line, added to Flambé’s own environment.</p>
        </div>
        <div className="field">
          <label htmlFor="launch-node">Node executable <span className="optional">(optional)</span></label>
          <input id="launch-node" data-testid="launch-node-input" value={form.nodePath} placeholder="your terminal’s node" autoComplete="off" spellCheck={false}
            list="launch-node-programs" onChange={(e) => set({ nodePath: e.target.value })} />
          {/* The others found (login shell, nvm, Volta, fnm, Homebrew), each with its version. */}
          <datalist id="launch-node-programs">
            {programs?.programs.map((p) => <option key={p.realPath} value={p.path} label={nodeLabel(p)} />)}
          </datalist>
        </div>
        <div className="field">
          <label>
            <input type="checkbox" data-testid="launch-output-file" checked={!!form.outputToFile} onChange={(e) => set({ outputToFile: e.target.checked })} />
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
}
