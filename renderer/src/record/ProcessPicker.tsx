// Attach to a Node process already running on this computer, by pid — no
// restart, no --inspect needed: the services open its inspector (SIGUSR1, or
// process._debugProcess on Windows) and confirm the pid over the protocol.
import { useEffect, useId, useState } from 'react';
import type { NodeProcessInfo, TargetInfo } from '../../../shared/api.ts';
import { SIGUSR1_NOTICE } from '../../../shared/targets/attach-pid.ts';
import { useClient } from '../client/context.tsx';
import { errorMessage } from '../client/types.ts';
import { ErrorNote } from '../components/Notes.tsx';
import { AttachFormShell, useAttachSteps } from './AttachSteps.tsx';

/** "node --inspect-port=0 /app/server.js": the node program by its name, so the script shows. */
function shownCommand(p: NodeProcessInfo): string {
  if (p.argv.length === 0) return p.command;
  return [p.argv[0].split(/[\\/]/).pop(), ...p.argv.slice(1)].join(' ');
}

interface Props {
  onAttached: (info: TargetInfo) => void;
}

export function ProcessPicker({ onAttached }: Props) {
  const client = useClient();
  const id = useId();
  const [list, setList] = useState<NodeProcessInfo[] | null>(null);
  const [pid, setPid] = useState<number | null>(null);
  const { busy, setBusy, error, setError, run } = useAttachSteps<'list' | 'attach'>();

  const [generation, setGeneration] = useState(0);

  // The list is read when the tab opens, and again on Refresh (a server started meanwhile).
  useEffect(() => {
    let cancelled = false;
    client.api.listNodeProcesses({}).then(
      (found) => {
        if (cancelled) return;
        setList(found);
        setPid((p) => (found.some((x) => x.pid === p) ? p : found.length === 1 ? found[0].pid : null));
        setBusy(null);
      },
      (e: unknown) => {
        if (cancelled) return;
        setError(errorMessage(e));
        setBusy(null);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [client, generation, setBusy, setError]);

  const refresh = () => {
    setBusy('list');
    setError(null);
    setGeneration((g) => g + 1);
  };

  const attach = async () => {
    if (pid === null) {
      setError('Choose the process to profile.');
      return;
    }
    await run('attach', async () => onAttached(await client.api.attachProcess({ pid })));
  };

  return (
    <AttachFormShell onAttach={attach}>
      <p className="hint">
        A server already running on this computer, even without <code>--inspect</code>: Flambé opens its inspector (as <code>node inspect -p PID</code> does) and leaves it running when you detach. {SIGUSR1_NOTICE}
      </p>
      {list && list.length === 0 && <p className="note" data-testid="no-node-processes">No other Node process is running on this computer.</p>}
      {list && list.length > 0 && (
        <fieldset className="inspector-list process-list" data-testid="node-process-list">
          <legend>Node processes ({list.length})</legend>
          {list.map((p) => (
            <div key={p.pid} className="radio-row">
              <input type="radio" id={`${id}-pid-${p.pid}`} name={`${id}-pid`} checked={pid === p.pid} data-testid={`node-process-${p.pid}`}
                onChange={() => setPid(p.pid)} />
              <label htmlFor={`${id}-pid-${p.pid}`} className="process-label">
                <span className="process-pid">{p.pid}</span>
                <span className="process-command" title={p.command}>{shownCommand(p)}</span>
                <span className="muted small">{[p.cwd, p.user].filter(Boolean).join(' · ')}</span>
              </label>
            </div>
          ))}
        </fieldset>
      )}
      <ErrorNote message={error} testId="process-error" />
      <div className="actions">
        <button type="button" className="button" data-testid="refresh-processes-button" onClick={refresh} disabled={busy !== null}>
          {busy === 'list' ? 'Looking…' : 'Refresh'}
        </button>
        <button type="submit" className="button primary-outline" data-testid="attach-process-button" disabled={busy !== null || pid === null}>
          {busy === 'attach' ? 'Opening its inspector…' : 'Attach'}
        </button>
      </div>
    </AttachFormShell>
  );
}
