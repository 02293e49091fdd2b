// One function's own time, line by line (shared/profile hotLines): where in
// the function the samples were, with the line's text when the recording
// read it — so a JSON.stringify or a regex that V8 shows as no frame of its
// own is still found, on its line.
import type { Group, Grouping, Transform } from '../../../shared/profile/index.ts';
import type { AnalysisClient } from '../analysis/client.ts';
import { shortPlace } from '../../../shared/profile/places.ts';
import { formatPercent, formatTimeMs } from '../lib/format.ts';
import { useView } from './useAnalysis.ts';

const BUCKET_TAG = { json: 'JSON', regex: 'regex', logging: 'logging' } as const;

/** "work.js:17": where a mapped line ran (the generated script), as a student finds it. */
const generatedPlace = (g: { url: string; line: number }) => `${shortPlace(g.url)}:${g.line}`;
const MAX_LINES = 8;

interface Props {
  client: AnalysisClient;
  transforms: Transform[];
  /** The tables' grouping: a file or a package has no lines of its own, so the panel shows only by function. */
  by: Grouping;
  /** The selected row's group, if any. */
  selected: Group | undefined;
  /** In the call tree a row is one call path; the lines are the function's, over all its calls. */
  allCalls?: boolean;
}

export function HotLines({ client, transforms, by, selected, allCalls }: Props) {
  const fn = selected && selected.frame >= 0 && selected.url ? selected : null;
  const frame = fn?.frame ?? null;
  const name = fn?.name ?? '';
  const file = fn?.location ?? '';
  if (by !== 'function') return null;
  return <Lines client={client} transforms={transforms} frame={frame} name={name} file={file} url={fn?.url ?? ''} allCalls={allCalls} />;
}

interface LinesProps { client: AnalysisClient; transforms: Transform[]; frame: number | null; name: string; file: string; url: string; allCalls?: boolean }

function Lines({ client, transforms, frame, name, file, url, allCalls }: LinesProps) {
  const view = useView(client, frame !== null ? { view: 'lines', transforms, frame } : null);
  if (frame === null) {
    return <p className="hot-lines muted small" data-testid="hot-lines">Select a function to see which of its lines its own time was spent on.</p>;
  }
  const d = view.data;
  if (view.error) return <p className="hot-lines note note-error" data-testid="hot-lines">{view.error}</p>;
  if (!d) return <p className="hot-lines muted small" data-testid="hot-lines" aria-busy="true">Reading lines…</p>;
  if (!d.hasLines) {
    return <p className="hot-lines muted small" data-testid="hot-lines">This profile has no line numbers (the tool that wrote it did not record them).</p>;
  }
  if (d.lines.length === 0) {
    return <p className="hot-lines muted small" data-testid="hot-lines">{name} has no time of its own: everything is in the functions it calls.</p>;
  }
  const shown = d.lines.slice(0, MAX_LINES);
  return (
    <section className="hot-lines" data-testid="hot-lines" aria-label={`Lines of ${name} by own time`}>
      <h4>
        Where {name}’s own time went{allCalls ? ', over all its calls' : ''} <span className="muted small">{file}</span>
      </h4>
      <table>
        <tbody>
          {shown.map((l) => (
            <tr key={`${l.url}:${l.line}`} data-testid="hot-line" data-line={l.line} data-bucket={l.bucket ?? ''}
              title={l.generated ? `Ran as ${generatedPlace(l.generated)}${l.generated.text !== null ? `: ${l.generated.text}` : ''}` : undefined}>
              <td className="num">
                line {l.line}
                {l.url !== url && <span className="muted small"> of {shortPlace(l.url)}</span>}
                {l.generated && <span className="muted small hot-line-generated" data-testid="hot-line-generated"><br />ran as {generatedPlace(l.generated)}</span>}
              </td>
              <td className="num">{formatTimeMs(l.ms)}</td>
              <td className="num">{formatPercent(l.percentOfSelf / 100)}</td>
              <td className="code-cell">
                {l.bucket && <span className={`tag tag-${l.bucket}`}>{BUCKET_TAG[l.bucket]}</span>}
                {l.text !== null ? <code>{l.text}</code> : <span className="muted">—</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {d.lines.length > MAX_LINES && <p className="muted small">and {d.lines.length - MAX_LINES} more lines.</p>}
      {!d.hasText && <p className="muted small">Line text is read during a Flambé recording; this profile has the line numbers only.</p>}
    </section>
  );
}
