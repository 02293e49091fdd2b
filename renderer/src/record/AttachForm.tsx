// Attach to a Node process whose inspector is open (node --inspect, or
// SIGUSR1). A host other than this machine must be confirmed: the inspector
// can run any code in that process.
import { useId, useState } from 'react';
import type { InspectorEntry, TargetInfo } from '../../../shared/api.ts';
import { useClient } from '../client/context.tsx';
import { ErrorNote } from '../components/Notes.tsx';
import { AttachFormShell, useAttachSteps } from './AttachSteps.tsx';
import { buildAttachSpec, buildHostPort, type AttachFormState } from '../lib/forms.ts';
import { isLoopbackHost } from '../../../shared/targets/hosts.ts';

interface Props {
  form: AttachFormState;
  setForm: (patch: Partial<AttachFormState>) => void;
  onAttached: (info: TargetInfo) => void;
}

export function AttachForm({ form, setForm, onAttached }: Props) {
  const client = useClient();
  const id = useId();
  const [entries, setEntries] = useState<InspectorEntry[] | null>(null);
  const { busy, error, setError, run } = useAttachSteps<'find' | 'attach'>();
  const remote = form.host.trim() !== '' && !isLoopbackHost(form.host);

  const find = async () => {
    const hp = buildHostPort(form);
    if (!hp.ok) {
      setError(hp.message);
      return;
    }
    await run('find', async () => {
      try {
        const list = await client.api.listInspectorTargets(hp.value);
        setEntries(list);
        // One process: nothing to choose. Several: the user picks.
        setForm({ inspectorId: list.length === 1 ? list[0].id : list.some((e) => e.id === form.inspectorId) ? form.inspectorId : '' });
      } catch (e) {
        setEntries(null);
        throw e;
      }
    });
  };

  const attach = async () => {
    const spec = buildAttachSpec(form);
    if (!spec.ok) {
      setError(spec.message);
      return;
    }
    await run('attach', async () => onAttached(await client.api.attachTarget(spec.value)));
  };

  return (
    <AttachFormShell onAttach={attach}>
      <div className="row">
        <div className="field grow">
          <label htmlFor={`${id}-host`}>Host</label>
          <input id={`${id}-host`} data-testid="attach-host-input" value={form.host} autoComplete="off" spellCheck={false}
            onChange={(e) => {
              setForm({ host: e.target.value, confirmRemote: false });
              setEntries(null);
              setError(null);
            }} />
        </div>
        <div className="field port">
          <label htmlFor={`${id}-port`}>Port</label>
          <input id={`${id}-port`} data-testid="attach-port-input" value={form.port} inputMode="numeric" autoComplete="off"
            onChange={(e) => {
              setForm({ port: e.target.value });
              setEntries(null);
              setError(null);
            }} />
        </div>
      </div>
      <p className="hint">Start your server with <code>node --inspect server.js</code> (port 9229), or send it SIGUSR1.</p>

      {remote && (
        <div className="warning">
          <input id={`${id}-confirm`} type="checkbox" checked={form.confirmRemote} onChange={(e) => setForm({ confirmRemote: e.target.checked })} />
          <label htmlFor={`${id}-confirm`}>
            I trust <strong>{form.host.trim()}</strong>: the inspector can run any code in that process, and anyone on the network between us can too.
          </label>
        </div>
      )}

      {entries && entries.length === 0 && <p className="note">No Node process answered on that inspector port.</p>}
      {entries && entries.length > 0 && (
        <fieldset className="inspector-list">
          <legend>Processes on {form.host.trim()}:{form.port.trim()}</legend>
          {entries.map((entry) => (
            <div key={entry.id} className="radio-row">
              <input type="radio" id={`${id}-entry-${entry.id}`} name={`${id}-entry`} checked={form.inspectorId === entry.id}
                onChange={() => setForm({ inspectorId: entry.id })} />
              <label htmlFor={`${id}-entry-${entry.id}`}>
                <span>{entry.title || '(untitled)'}</span>
                <span className="muted small"> {entry.url}</span>
              </label>
            </div>
          ))}
        </fieldset>
      )}

      <ErrorNote message={error} testId="attach-error" />
      <div className="actions">
        <button type="button" className="button" data-testid="find-targets-button" onClick={() => void find()} disabled={busy !== null}>
          {busy === 'find' ? 'Looking…' : 'Find targets'}
        </button>
        <button type="submit" className="button primary-outline" data-testid="attach-button" disabled={busy !== null || (remote && !form.confirmRemote)}>
          {busy === 'attach' ? 'Attaching…' : 'Attach'}
        </button>
      </div>
    </AttachFormShell>
  );
}
