// Experiments and sweeps in the Library: each one row (name, what it varies,
// how many recordings, date, the verdict or the knee in short) that opens its
// result — the experiment's comparison, the sweep's table and chart — and
// expands to its recordings (rounds or levels), each opening as any recording.
// Its recordings are listed here only, not as loose rows in the table below.
import { useState } from 'react';
import { deleteGroupSentence, shortSummary, type GroupRow } from '../../../shared/library/groups.ts';
import { useClient } from '../client/context.tsx';
import { errorMessage } from '../client/types.ts';
import { ErrorNote } from '../components/Notes.tsx';
import { formatMsNumber, formatRate } from '../lib/format.ts';
import { downloadExported } from '../lib/download.ts';
import { formatRowDate } from '../lib/row-format.ts';
import './groups.css';

interface Props {
  groups: GroupRow[];
  error: string | null;
  onOpenGroup(g: GroupRow): void;
  onOpenRecording(id: string): void;
}

const memberWord = (g: GroupRow, n: number) => `${n} ${g.kind === 'experiment' ? (n === 1 ? 'round' : 'rounds') : n === 1 ? 'level' : 'levels'}`;

function memberLabel(g: GroupRow, m: GroupRow['members'][number]): string {
  return g.kind === 'experiment' ? `${m.label} · round ${m.round ?? '?'}` : `${m.label} connection${m.label === '1' ? '' : 's'}`;
}

export function GroupsSection({ groups, error, onOpenGroup, onOpenRecording }: Props) {
  if (!groups.length && !error) return null;
  return (
    <section className="library-groups card" aria-label="Experiments and sweeps" data-testid="library-groups">
      <h2>Experiments and sweeps <span className="muted small">— each opens its answer; ▸ shows its recordings</span></h2>
      <ErrorNote message={error} testId="library-groups-error" />
      <ul className="group-list">
        {groups.map((g) => <GroupItem key={g.id} g={g} onOpenGroup={onOpenGroup} onOpenRecording={onOpenRecording} />)}
      </ul>
    </section>
  );
}

function GroupItem({ g, onOpenGroup, onOpenRecording }: { g: GroupRow; onOpenGroup(g: GroupRow): void; onOpenRecording(id: string): void }) {
  const client = useClient();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const membersId = `group-${g.id}-members`;

  const exportIt = async () => {
    setBusy(true);
    try {
      const file = await client.api.exportGroup({ id: g.id });
      downloadExported(file);
      setStatus(`Saved ${file.fileName}: the ${g.kind} and its ${memberWord(g, g.members.length)} in one file.${file.note ? ` ${file.note.replace(/; export with secrets included.*$/, ' (flambe library export --include-secrets keeps them).')}` : ''}`);
      setProblem(null);
    } catch (e) {
      setProblem(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const deleteIt = async () => {
    setBusy(true);
    try {
      await client.api.deleteGroup({ id: g.id });
    } catch (e) {
      setProblem(errorMessage(e));
      setBusy(false);
    }
  };

  return (
    <li className="group-item" data-testid="group-row" data-kind={g.kind} data-id={g.id}>
      <div className="group-line">
        <button
          type="button" className="group-toggle" aria-expanded={open} aria-controls={membersId} data-testid="group-expand"
          title={open ? 'Hide its recordings' : 'Show its recordings'} onClick={() => setOpen(!open)}
        >
          {open ? '▾' : '▸'}
        </button>
        <span className={`group-kind ${g.kind}`}>{g.kind === 'experiment' ? 'A/B' : 'Sweep'}</span>
        <button type="button" className="link-button group-name" data-testid="group-open" title={`Open this ${g.kind}`} onClick={() => onOpenGroup(g)}>
          {g.name}
        </button>
        <span className="group-detail muted">{g.detail}</span>
        <span className="group-count muted">{memberWord(g, g.members.length)}</span>
        <span className="group-date muted" title={new Date(g.createdAt).toString()}>{formatRowDate(g.createdAt)}</span>
        <span className="group-actions">
          <button type="button" className="button small ghost" data-testid="group-export" disabled={busy} onClick={() => void exportIt()}>Export .flambe</button>
          <button type="button" className="button small ghost" data-testid="group-delete" disabled={busy} onClick={() => setConfirming(true)}>Delete…</button>
        </span>
      </div>
      <p className="group-summary" data-testid="group-summary" title={g.summary ?? undefined}>
        {g.status && g.status !== 'done' && <span className="row-flag">{g.status}</span>}
        {shortSummary(g.summary) ?? <span className="muted">{g.kind === 'experiment' ? 'No verdict: not enough complete rounds.' : 'No knee computed.'}</span>}
      </p>
      {confirming && (
        <div className="note note-warn group-confirm" role="alertdialog" aria-label={`Delete ${g.name}`} data-testid="group-delete-confirm">
          <span>{deleteGroupSentence(g.kind, g.members.length)} This cannot be undone.</span>
          <button type="button" className="button small danger" data-testid="group-delete-yes" disabled={busy} onClick={() => void deleteIt()}>Delete</button>
          <button type="button" className="button small" autoFocus onClick={() => setConfirming(false)}>Cancel</button>
        </div>
      )}
      <ErrorNote message={problem} testId="group-error" />
      {status && <p className="hint" role="status">{status}</p>}
      {open && (
        <table className="data-table group-members" id={membersId} data-testid="group-members">
          <thead><tr><th scope="col">{g.kind === 'experiment' ? 'Round' : 'Level'}</th><th scope="col">Recording</th><th scope="col">Req/s</th><th scope="col">p99 (ms)</th><th /></tr></thead>
          <tbody>
            {g.members.map((m) => (
              <tr key={m.recordingId} data-testid="group-member">
                <th scope="row">{g.kind === 'experiment' && <span className={m.label === 'A' ? 'tag-a' : 'tag-b'}>{m.label}</span>} {memberLabel(g, m).replace(/^[AB] · /, '')}</th>
                <td className="text">{m.row?.name ?? <span className="muted">(cannot be read)</span>}</td>
                <td>{formatRate(m.row?.rps ?? null)}</td>
                <td>{formatMsNumber(m.row?.p99Ms)}</td>
                <td><button type="button" className="button small ghost" data-testid="group-member-open" onClick={() => onOpenRecording(m.recordingId)}>Open</button></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </li>
  );
}
