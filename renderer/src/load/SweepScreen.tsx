// A sweep kept in the library, opened from its Library row: its knee, chart
// and table (SweepView), each level opening as the recording it is.
import { useEffect, useState } from 'react';
import type { SweepResult } from '../../../shared/api.ts';
import { useClient } from '../client/context.tsx';
import { errorMessage } from '../client/types.ts';
import { ErrorNote } from '../components/Notes.tsx';
import { formatRowDate } from '../lib/row-format.ts';
import { sweepTarget } from '../../../shared/sweep/sweep-target.ts';
import { SweepView } from './SweepView.tsx';
import './load.css';
import { startScreenAtTop } from '../lib/screen-start.ts';

export function SweepScreen({ id, onOpenRecording, onBack }: { id: string; onOpenRecording(id: string): void; onBack(): void }) {
  const client = useClient();
  const [sweep, setSweep] = useState<SweepResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    client.api.getSweep({ id }).then((s) => live && setSweep(s), (e: unknown) => live && setError(errorMessage(e)));
    return () => { live = false; };
  }, [client, id]);
  useEffect(() => startScreenAtTop(document.querySelector<HTMLElement>('.sweep-screen h1')), [sweep?.id]);

  return (
    <div className="sweep-screen" data-testid="sweep-screen">
      <header className="library-head">
        <h1 tabIndex={-1}>{sweep?.name ?? 'Sweep'}</h1>
        {sweep && <span className="muted" data-testid="sweep-loaded">{sweepTarget(sweep)} · {formatRowDate(sweep.createdAt)}</span>}
        <span className="grow" />
        <button type="button" className="button small" onClick={onBack}>Back to the library</button>
      </header>
      <ErrorNote message={error ?? sweep?.error} testId="sweep-screen-error" />
      {!sweep && !error && <p className="empty-state" aria-busy="true">Opening the sweep…</p>}
      {sweep && <section className="card sweep-card"><SweepView result={sweep} onOpen={onOpenRecording} /></section>}
    </div>
  );
}
