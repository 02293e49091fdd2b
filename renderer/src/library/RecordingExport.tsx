// A recording's Export section in the Library's details: the V8 profile, pprof,
// a trace with every thread, or the whole recording as a .flambe bundle (its
// secret-looking values masked unless the user ticks "Include secrets").
import { useId, useState } from 'react';
import type { RecordingRow } from '../../../shared/api.ts';
import { useClient } from '../client/context.tsx';
import { errorMessage } from '../client/types.ts';
import { downloadExported } from '../lib/download.ts';

type Format = 'cpuprofile' | 'bundle' | 'pprof' | 'trace';

interface Props {
  row: RecordingRow;
  /** What failed, in a sentence (null: the last action worked). */
  onError(message: string | null): void;
  /** What was done, for screen readers. */
  onStatus(status: string): void;
}

export function RecordingExport({ row, onError, onStatus }: Props) {
  const client = useClient();
  const id = useId();
  const [exporting, setExporting] = useState<Format | null>(null);
  // A bundle masks values that look secret (API_TOKEN=…) unless this is ticked; what it masked is said below the buttons.
  const [includeSecrets, setIncludeSecrets] = useState(false);
  const [exportNote, setExportNote] = useState<string | null>(null);

  const exportAs = async (format: Format) => {
    setExporting(format);
    try {
      const file = await client.api.exportRecording({ id: row.id, format, ...(format === 'bundle' ? { includeSecrets } : {}) });
      downloadExported(file);
      onError(null);
      onStatus(`Saved ${file.fileName}.`);
      setExportNote(file.note ? file.note.replace('export with secrets included', 'tick "Include secrets" and export again') : null);
    } catch (e) {
      onError(errorMessage(e));
    } finally {
      setExporting(null);
    }
  };

  return (
    <section className="panel-section" aria-labelledby={`${id}-export`}>
      <h3 id={`${id}-export`}>Export</h3>
      <div className="actions">
        <button
          type="button"
          className="button small"
          data-testid="export-cpuprofile-button"
          disabled={!row.hasProfile || exporting !== null}
          title={row.hasProfile ? 'The V8 CPU profile: opens in Chrome DevTools, VS Code, speedscope (they show the main thread; worker threads ride along for Flambé)' : 'This recording has no CPU profile'}
          onClick={() => void exportAs('cpuprofile')}
        >
          {exporting === 'cpuprofile' ? 'Exporting…' : '.cpuprofile'}
        </button>
        <button
          type="button"
          className="button small"
          data-testid="export-pprof-button"
          disabled={!row.hasProfile || exporting !== null}
          title={row.hasProfile ? 'pprof (.pb.gz): opens in go tool pprof, pushes to Grafana Pyroscope; every thread, each sample labelled with its thread' : 'This recording has no CPU profile'}
          onClick={() => void exportAs('pprof')}
        >
          {exporting === 'pprof' ? 'Exporting…' : 'pprof'}
        </button>
        <button
          type="button"
          className="button small"
          data-testid="export-trace-button"
          disabled={!row.hasProfile || exporting !== null}
          title={row.hasProfile ? 'Chrome trace (.trace.json) with one CPU profile per thread: Chrome DevTools’ Performance panel, speedscope and Perfetto show every thread' : 'This recording has no CPU profile'}
          onClick={() => void exportAs('trace')}
        >
          {exporting === 'trace' ? 'Exporting…' : 'trace (all threads)'}
        </button>
        <button
          type="button"
          className="button small"
          data-testid="export-bundle-button"
          disabled={exporting !== null}
          title="Everything Flambé knows about this recording, for a teammate's Flambé"
          onClick={() => void exportAs('bundle')}
        >
          {exporting === 'bundle' ? 'Exporting…' : '.flambe bundle'}
        </button>
      </div>
      <label className="check-row export-secrets" title="Environment variables and headers named like *TOKEN*, *SECRET*, *PASSWORD*, *KEY* (Authorization, Cookie, X-Api-Key), passwords in URLs, ?token=-like parameters and --secret/--password arguments are masked in a .flambe bundle unless this is ticked">
        <input type="checkbox" data-testid="export-include-secrets" checked={includeSecrets} onChange={(e) => setIncludeSecrets(e.target.checked)} />
        Include secrets in the .flambe bundle
      </label>
      {exportNote && <p className="hint" data-testid="export-note">{exportNote}</p>}
    </section>
  );
}
