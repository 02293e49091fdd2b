// The Result screen: what the server did (the CPU profile: flamegraph,
// bottom-up, call tree, where the time went), how it served the load
// (summary) and how the process held up (samples). Its header is
// ResultHeader.tsx; its problems (an error, a failed save or import) and its
// verdict card are below the screen.
import { requestsHandledCount } from '../../../shared/load/request-counts.ts';
import { useCallback, useEffect, useMemo, useRef, useState, type ComponentProps } from 'react';
import type { RecordingMeta } from '../../../shared/api.ts';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import { ImportSaving, type ImportSave } from '../library/ImportSaving.tsx';
import { SaveError } from '../library/SaveError.tsx';
import type { Imports } from '../library/useImports.ts';
import { AnalysisPanel, rangeTransforms } from './AnalysisPanel.tsx';
import { ThreadPicker } from './ThreadPicker.tsx';
import { LoadSummary } from './LoadSummary.tsx';
import { RequestTime } from './RequestTime.tsx';
import { ProcessSamples } from './ProcessSamples.tsx';
import { MemoryPanel } from './MemoryPanel.tsx';
import { noProfileSentence } from './result-labels.ts';
import { ResultHeader } from './ResultHeader.tsx';
import { useAnalysisClient } from './useAnalysis.ts';
import type { TimeSelection } from './Timeline.tsx';
import { Verdict, type RevealRequest } from './Verdict.tsx';
import { recordingContext } from '../../../shared/verdict/index.ts';
import { periodicSamples } from '../../../shared/recording/process-samples.ts';
import { perRequestOf } from '../../../shared/profile/cpu-time.ts';
import { requestsOfThread } from '../../../shared/recording/processes.ts';
import { ALL_THREADS } from '../../../shared/profile/import/open-thread.ts';
import { useAddressRange } from './use-address-range.ts';
import { useVerdictThread } from './use-verdict-thread.ts';
import { useAfterFlame } from './use-after-flame.ts';
import { startScreenAtTop } from '../lib/screen-start.ts';

interface Props {
  result: RecordingMeta;
  /** Set when the library could not store the recording. */
  saveProblem?: string | null;
  /** A file opened while the library saves it: the save's progress or failure (library/ImportSaving.tsx). */
  importing?: { save: ImportSave; progress: Imports['progress'] } | null;
  onNewRecording: () => void;
  /** "Compare with…": this recording becomes A; the Library picks B. */
  onCompareWith?: () => void;
}

export function ResultScreen({ result, saveProblem, importing, onNewRecording, onCompareWith }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { settings } = result;

  // A new screen: move focus to its heading so keyboard and screen-reader users start here.
  useEffect(() => startScreenAtTop(heading.current), []);

  // One analysis client for the verdict and the views: the profile's bytes are
  // fetched by id once (getProfile) and imported once, in one worker.
  // With worker threads, the one chosen (0: the main thread); the verdict follows it too.
  const [thread, setThread] = useState(0);
  const loaded = useAnalysisClient(result.hasProfile ? result.id : null, thread);
  const requests = requestsHandledCount(result);
  // Per-request figures of the thread on screen: CPU from its OS clock where the recording read one (shared/profile/cpu-time.ts),
  // of the requests its process served when that is a cluster worker (requestsOfThread).
  const threadRequests = loaded.threadRequests[thread] ?? null;
  const perRequest = useMemo(() => perRequestOf(requestsOfThread({ requests: threadRequests }, requests), result.cpu, loaded.threads[thread]), [requests, threadRequests, result.cpu, loaded.threads, thread]);
  const context = useMemo(() => recordingContext(result), [result]);
  const [reveal, setReveal] = useState<RevealRequest | null>(null);
  // A time range chosen on the timeline: every view shows only it, the verdict too.
  // The range and the tab are in the address (#/recordings/<id>?tab=…&range=<from>-<to> ms): reload and links keep them.
  const { range, setRange, params, setParams } = useAddressRange(result.id);
  const verdictTransforms = useMemo(() => rangeTransforms(range), [range]);
  // Inside a range, the verdict's "per 1 000 requests" uses the requests of that range (null: not known for it).
  // The allocations cover the whole profile: inside a range the GC finding does not name who allocates (null: not the recording's).
  const verdictContext = useMemo(() => (range ? { ...context, requests: range.requests, allocations: null } : context), [context, range]);
  // A file opened at once that neither the page nor the library could read:
  // one sentence says both, instead of a save failure and a profile failure.
  const unreadable = importing?.save.status === 'failed' && loaded.status === 'error' ? loaded.reason : null;
  // A profile imported from a file has no load of Flambé's: no card to say so.
  const showLoad = !unreadable && (result.load !== null || result.settings !== null);
  const onReveal = useCallback((frame: number, name: string) => setReveal((r) => ({ frame, name, seq: (r?.seq ?? 0) + 1 })), []);
  // The verdict's culprit on a worker thread: the profile opens on that thread (use-verdict-thread.ts).
  const threadNames = loaded.threads;
  const { profileHeading, openedFor, onShowThread } = useVerdictThread(threadNames, setThread);
  // The memory and process cards mount once the flamegraph is drawn (use-after-flame.ts).
  const screen = useRef<HTMLDivElement>(null);
  const belowProfile = useAfterFlame(screen, result.id, !result.hasProfile || loaded.status === 'error');

  return (
    <div className="result-screen" data-testid="result-screen" ref={screen}>
      <ResultHeader result={result} heading={heading} loaded={loaded} context={context} canCompare={!!onCompareWith && !saveProblem} onCompareWith={onCompareWith} onNewRecording={onNewRecording} />

      <ResultProblems result={result} saveProblem={saveProblem} importing={importing} unreadable={unreadable} />

      {result.hasProfile && loaded.status !== 'error' && (
        <VerdictCard resultId={result.id} loaded={loaded} range={range} transforms={verdictTransforms} context={verdictContext} onReveal={onReveal} onShowThread={onShowThread} />
      )}

      {showLoad && (
        <section className="card" aria-labelledby="load-result-heading">
          <h2 id="load-result-heading">Load</h2>
          <ErrorBoundary what="The load summary" resetKey={result.id}>
            <LoadSummary load={result.load} settings={result.settings?.load} name={result.name} samplingIntervalUs={result.hasProfile ? result.settings?.samplingIntervalUs : null} targetLabel={result.target?.label ?? null} output={result.output} ownLoad={!!result.settings?.ownLoad} />
          </ErrorBoundary>
        </section>
      )}

      {result.requestTime && (
        <section className="card" aria-labelledby="request-time-heading">
          <h2 id="request-time-heading">Where each request’s time went</h2>
          <ErrorBoundary what="The request times" resetKey={result.id}>
            <RequestTime measured={result.requestTime} load={result.load} />
          </ErrorBoundary>
        </section>
      )}

      {unreadable === null && <section className="card" aria-labelledby="profile-heading">
        <h2 id="profile-heading" ref={profileHeading}>CPU profile{threadNames.length > 1 && threadNames[thread] ? <span className="muted"> — {threadNames[thread]}</span> : null}</h2>
        {openedFor !== null && threadNames[thread] === openedFor && (
          <p className="note" data-testid="thread-opened-note">Showing {openedFor}: the verdict’s first finding runs there, not on the main thread. Choose another thread below.</p>
        )}
        {!result.hasProfile ? (
          <p className="empty-state" data-testid="flamegraph-empty">{noProfileSentence(result)}</p>
        ) : (
          // A new recording is a new analysis: transforms, tabs and tables start over.
          <ErrorBoundary what="The CPU profile" resetKey={result.id}>
            {/* A cluster's workers recorded beside the primary: who served how many (shared/recording/processes.ts). */}
            {loaded.servedBy && <p className="note" data-testid="served-by">{loaded.servedBy}</p>}
            <ThreadPicker threads={loaded.threads} choice={thread} onChoose={setThread} recordingId={result.id} pid={result.target?.pid} />
            {/* Merged, the threads' (or processes') profiles are added one after another, not on one clock: no timeline
                and no time range there, or work would be drawn where it did not happen. */}
            {thread === ALL_THREADS && <p className="muted small" data-testid="merged-note">Merged adds the profiles together, not on one clock: pick one to see when its work happened.</p>}
            {/* Another thread is another analysis: transforms, tabs and tables start over. */}
            <AnalysisPanel key={`${result.id}-${thread}`} loaded={loaded} perRequest={perRequest} cpu={result.cpu ?? null} reveal={reveal} load={context.load} samples={periodicSamples(result.samples)}
              range={thread === ALL_THREADS ? null : range} onRange={thread === ALL_THREADS ? undefined : setRange} warmupSec={settings?.warmupSec ?? null} onReveal={onReveal}
              tab={params.tab ?? null} onTab={(tab) => setParams({ tab })} />
          </ErrorBoundary>
        )}
      </section>}

      {belowProfile && unreadable === null && (result.samples.length > 0 || result.hasProfile) && (
        <section className="card" aria-labelledby="memory-heading" data-testid="memory-card">
          <h2 id="memory-heading">Memory</h2>
          <ErrorBoundary what="The memory view" resetKey={result.id}>
            <MemoryPanel key={result.id} result={result} />
          </ErrorBoundary>
        </section>
      )}

      {belowProfile && result.samples.length > 0 && (
        <section className="card" aria-labelledby="samples-heading">
          <h2 id="samples-heading">The process</h2>
          <ErrorBoundary what="The process samples" resetKey={result.id}>
            <ProcessSamples samples={periodicSamples(result.samples)} />
          </ErrorBoundary>
        </section>
      )}
    </div>
  );
}

/** What went wrong with this recording: its error, a save that failed, a file opened that could not be read (else its save's progress). */
function ResultProblems({ result, saveProblem, importing, unreadable }: Pick<Props, 'result' | 'saveProblem' | 'importing'> & { unreadable: string | null }) {
  return (
    <>
      {result.error && (
        <div className="error-banner" role="alert" data-testid="recording-error">
          <strong>{result.error}</strong>
          <span> What was measured is shown below.</span>
        </div>
      )}

      {saveProblem && <SaveError id={result.id} problem={saveProblem} />}
      {unreadable !== null && importing ? (
        <div className="error-banner" role="alert" data-testid="import-unreadable">
          <strong>{importing.save.fileName} could not be opened.</strong> {unreadable} Nothing was added to the library, and the file itself is unchanged.
        </div>
      ) : importing && <ImportSaving save={importing.save} progress={importing.progress} />}
    </>
  );
}

/** "What is slow, and what to do": the verdict, over the range chosen on the timeline if there is one. */
function VerdictCard({ resultId, loaded, range, ...verdict }: { resultId: string; loaded: ReturnType<typeof useAnalysisClient>; range: TimeSelection | null } & Omit<ComponentProps<typeof Verdict>, 'client'>) {
  return (
    <section className="card verdict-card" data-testid="verdict" aria-labelledby="verdict-heading">
      <h2 id="verdict-heading">What is slow, and what to do{range && <span className="muted small" data-testid="verdict-range"> — from {(range.fromMs / 1000).toFixed(1)} s to {(range.toMs / 1000).toFixed(1)} s of the profile</span>}</h2>
      <ErrorBoundary what="The verdict" resetKey={resultId}>
        {loaded.status === 'ready'
          ? <Verdict key={resultId} client={loaded.client} {...verdict} />
          : <p className="empty-state" aria-busy="true">Reading the profile…</p>}
      </ErrorBoundary>
    </section>
  );
}
