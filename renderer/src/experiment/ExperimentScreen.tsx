// The answer of an experiment: the verdict first, then every load number
// with its 95% interval ("no clear difference" when the rounds do not support
// one), the kinds of work and functions that moved, and the rounds themselves
// (their tables in ExperimentTables.tsx).
import { useEffect, useState } from 'react';
import type { ExperimentResult } from '../../../shared/experiment/types.ts';
import { LoadTable } from '../compare/LoadTable.tsx';
import { RequestTimeTable } from '../compare/RequestTimeTable.tsx';
import { AllocationTable } from '../compare/AllocationTable.tsx';
import '../compare/compare.css';
import { useClient } from '../client/context.tsx';
import { errorMessage } from '../client/types.ts';
import { ErrorNote } from '../components/Notes.tsx';
import { ExperimentHowSure } from './ExperimentHowSure.tsx';
import { RunProgress } from './RunProgress.tsx';
import { downloadExported } from '../lib/download.ts';
import './experiment.css';
import { ExportReport } from '../components/ExportReport.tsx';
import { DEMO_QUESTIONS } from './experiment-form.ts';
import { experimentReportOf } from './experiment-report.ts';
import { ExperimentFlame } from './ExperimentFlame.tsx';
import { KindsOfWorkTable, MovedFunctionsTable, RoundsTable } from './ExperimentTables.tsx';
import { useExperimentResult } from './use-experiment-result.ts';
import { costSentence } from '../../../shared/experiment/cost-sentence.ts';
import { startScreenAtTop } from '../lib/screen-start.ts';

export function ExperimentScreen({ id, onOpenRecording, onBack, onLibrary }: { id: string; onOpenRecording: (id: string) => void; onBack: () => void; onLibrary?: () => void }) {
  const { exp, error } = useExperimentResult(id);
  useEffect(() => startScreenAtTop(document.querySelector<HTMLElement>('.experiment-screen h1')), [exp?.id]);

  if (error) return <div className="experiment-screen"><ErrorNote message={error} testId="experiment-screen-error" /></div>;
  if (!exp) return <div className="experiment-screen"><p className="muted">Loading the experiment…</p></div>;
  const c = exp.comparison;
  const { a, b } = exp.variants;
  // A one-click question of the demo: the answer leads with the cost of the thing it shows.
  const question = DEMO_QUESTIONS.find((q) => q.question === exp.name) ?? null;
  const cost = question && c ? costSentence(question.thing, c) : null;

  return (
    <div className="experiment-screen" data-testid="experiment-screen">
      <ExperimentHead exp={exp} onBack={onBack} onLibrary={onLibrary} />
      {exp.status === 'running' && <RunProgress id={exp.id} totalRounds={Math.max(exp.spec.rounds * 2, exp.rounds.length)} />}
      <p className="ab-legend">
        <span className="tag-a">A</span> {a.name}{a.name !== a.what && <span className="muted"> ({a.what})</span>}
        {'  '}<span className="tag-b">B</span> {b.name}{b.name !== b.what && <span className="muted"> ({b.what})</span>}
      </p>
      {exp.error && <ErrorNote message={exp.error} testId="experiment-problem" />}
      {c ? (
        <>
          {cost && <p className="verdict experiment-cost" data-testid="experiment-cost">{cost}</p>}
          <p className={cost ? 'verdict-detail' : 'verdict'} data-testid="experiment-verdict">{c.verdict}</p>
          {/* A one-click question compares two routes on purpose: its own warning about that would only confuse. */}
          {c.warnings.filter((w) => !(question && w.kind === 'url')).map((w) => <p key={w.message} className="warning">{w.message}</p>)}
          <ExperimentHowSure rounds={c.rounds} />
          <ExperimentFlame exp={exp} />
          <h2>Load</h2>
          <LoadTable c={c} />
          {c.allocations && (
            <>
              <h2>Allocated per request</h2>
              <AllocationTable a={c.allocations} />
            </>
          )}
          <p className="hint">A and B are the geometric means of their rounds; each interval is widened so that all shown hold together at 95%; “no clear difference”: it holds 0; “no meaningful difference”: the change is under 3%.</p>
          {c.requestTime && (
            <>
              <h2>Where each request’s time went</h2>
              <RequestTimeTable c={c.requestTime} />
            </>
          )}
          <KindsOfWorkTable c={c} />
          <MovedFunctionsTable c={c} />
        </>
      ) : exp.status === 'running' ? null : (
        <p className="verdict">Not enough complete rounds to compare: each variant needs at least one.</p>
      )}
      <RoundsTable exp={exp} onOpenRecording={onOpenRecording} />
      {exp.output && (
        <p className="hint">
          The script wrote its output to {exp.output === 'file' ? 'a file Flambé tailed: synchronous, like a terminal, so console.log costs what it costs at home.' : 'a pipe: Node writes pipes asynchronously, so console.log costs less here than in a terminal.'}
        </p>
      )}
    </div>
  );
}

/** The experiment's name, and what can be done with it: export it (once it ended), the Library, a new one. */
function ExperimentHead({ exp, onBack, onLibrary }: { exp: ExperimentResult; onBack(): void; onLibrary?: () => void }) {
  const client = useClient();
  const [exported, setExported] = useState<string | null>(null);
  const exportIt = () => client.api.exportGroup({ id: exp.id }).then(
    (file) => { downloadExported(file); setExported(`Saved ${file.fileName}: the experiment and its rounds in one file.`); },
    (e: unknown) => setExported(errorMessage(e)),
  );
  return (
    <>
      <header className="experiment-head">
        <h1 tabIndex={-1}>{exp.name}</h1>
        {exp.status !== 'running' && (
          <button type="button" className="button small" data-testid="experiment-export" onClick={() => void exportIt()} title="The experiment, its verdict and all its rounds' recordings as one .flambe file">
            Export .flambe
          </button>
        )}
        {exp.status !== 'running' && <ExportReport secretsFrom={() => exp} build={() => experimentReportOf(client.api, exp)} />}
        {onLibrary && <button type="button" className="button small" onClick={onLibrary}>Library</button>}
        <button type="button" className="button" onClick={onBack}>New experiment</button>
      </header>
      {exported && <p className="hint" role="status">{exported}</p>}
    </>
  );
}
