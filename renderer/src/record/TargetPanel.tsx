// The chosen target: what it is, whether it still runs, a Stop button and,
// for a launched process, its console.
import { useState } from 'react';
import type { TargetState } from './target-state.ts';
import { useClient } from '../client/context.tsx';
import { errorMessage } from '../client/types.ts';
import { ErrorNote } from '../components/Notes.tsx';
import type { ConsoleStore } from '../lib/console-store.ts';
import { describeExit } from '../lib/format.ts';
import { ConsolePane } from './ConsolePane.tsx';

interface Props {
  target: TargetState;
  consoleStore: ConsoleStore;
  onCleared: () => void;
}

export function TargetPanel({ target, consoleStore, onCleared }: Props) {
  const client = useClient();
  const [stopping, setStopping] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { info, exit } = target;
  const launched = info.kind === 'launched';

  const stop = async () => {
    setStopping(true);
    setError(null);
    try {
      await client.api.stopTarget({ targetId: info.targetId });
      onCleared();
    } catch (e) {
      setError(errorMessage(e));
      setStopping(false);
    }
  };

  const status = info.running ? 'running' : exit ? describeExit(exit.code, exit.signal) : 'not running';

  return (
    <div className="target-panel">
      <div className="target-info" data-testid="target-info" data-running={info.running}>
        <div className="target-title">
          <span className={`status-dot ${info.running ? 'on' : 'off'}`} aria-hidden="true" />
          {/* Long paths: the right-to-left box clips at the start, keeping the file name; the inner dir="ltr" keeps the characters in order. */}
          <strong className="target-label" title={info.label}><span dir="ltr">{info.label}</span></strong>
        </div>
        <dl className="facts">
          <div><dt>{launched ? 'Launched' : 'Attached'}</dt><dd>{status}</dd></div>
          <div><dt>PID</dt><dd data-testid="target-pid">{info.pid}</dd></div>
          <div><dt>Node</dt><dd data-testid="target-node-version" title={info.argv[0] ? `The Node program that runs it: ${info.argv[0]}` : undefined}>{info.nodeVersion}{info.argv[0] && <span className="muted" data-testid="target-node-path"> {info.argv[0]}</span>}</dd></div>
          {/* A process that ended listens on nothing: its last ports would read as if it still served them. */}
          <div><dt>Listening</dt><dd data-testid="target-listening">{!info.running ? '–' : info.listeningPorts.length ? info.listeningPorts.map((p) => `:${p}`).join(' ') : 'not yet'}</dd></div>
        </dl>
        {info.lastError && <p className="note note-error">{info.lastError}</p>}
        <ErrorNote message={error} />
        <div className="actions">
          {info.running ? (
            <button type="button" className="button" data-testid="stop-target-button" onClick={() => void stop()} disabled={stopping}>
              {stopping ? 'Stopping…' : launched ? 'Stop' : 'Detach'}
            </button>
          ) : (
            <button type="button" className="button" data-testid="choose-target-button" onClick={onCleared}>
              Choose another target
            </button>
          )}
        </div>
      </div>
      {launched && <ConsolePane store={consoleStore} targetId={info.targetId} />}
    </div>
  );
}
