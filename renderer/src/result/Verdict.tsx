// The verdict at the top of the result screen (issue 12): the one to three
// findings that matter, in plain words — what, where (file:line, a button that
// opens that function in Bottom-up with its hot lines and finds it in the
// flamegraph), the line's text, how much, and what to do — then the checks
// that say how far to trust it. Findings come from shared/verdict/findings.ts
// through the analysis worker; the ReDoS check of a hot regex is asked for
// after (it may take a second) and sharpens the advice when it answers.
import { type Transform } from '../../../shared/profile/index.ts';
import { adviceFor, emptyVerdictSentence, allocatesText, findingHeadline, findingPackage, leadCheck, routeCauseLines, shortPlace, spreadSentence, tieSentence, type Finding, type RecordingContext } from '../../../shared/verdict/index.ts';
import type { AnalysisClient } from '../analysis/client.ts';
import { Explain } from '../components/Explain.tsx';
import { useEffect } from 'react';
import { useView } from './useAnalysis.ts';

export interface RevealRequest {
  frame: number;
  name: string;
  /** Changes on every click, so the same finding can be revealed twice. */
  seq: number;
}

interface Props {
  client: AnalysisClient;
  transforms: Transform[];
  context: RecordingContext;
  onReveal(frame: number, name: string): void;
  /**
   * A finding on another thread than the one on screen (a worker pool's hashing): its profile opens on
   * that thread. Also called once with the first finding's thread when it is not the one on screen.
   */
  onShowThread?(thread: string, why: 'first-finding' | 'asked'): void;
}

export function Verdict({ client, transforms, context, onReveal, onShowThread }: Props) {
  const view = useView(client, { view: 'verdict', transforms, context });
  const v = view.data;
  // The culprit runs on a worker: the profile below opens on it, not on the main thread (issue 23 item 1).
  const firstElsewhere = v && !view.stale && v.findings[0]?.thread && v.findings[0].frame < 0 ? v.findings[0].thread : null;
  useEffect(() => {
    if (firstElsewhere) onShowThread?.(firstElsewhere, 'first-finding');
  }, [firstElsewhere, onShowThread]);
  if (view.error) return <p className="note note-error">{view.error}</p>;
  if (!v) return <p className="empty-state" aria-busy="true">Reading what is slow…</p>;
  const busyNote = v.findings.some((f) => Math.abs(f.busyPercent - f.percent) >= 1);
  // Requests that mostly wait: said first, before the CPU findings (which then explain little).
  const lead = leadCheck(v);
  // Memory that grows: said before the CPU findings too (it is what takes a server down).
  const growth = v.load.find((c) => c.id === 'memory-growth');
  // Listeners left behind by the burst: a leak by count, said with memory (issue 35).
  const leak = v.load.find((c) => c.id === 'listener-leak');
  // A request cost that rose through the burst: the same kind of news, said beside them.
  const rising = v.load.find((c) => c.id === 'cost-rises');
  const load = v.load.filter((c) => c !== lead && c !== growth && c !== leak && c !== rising);
  const routes = routeCauseLines(v.routes ?? []);

  return (
    <div className={`verdict${view.stale ? ' stale' : ''}`}>
      {lead && <p className="verdict-lead" data-testid="verdict-lead" data-id={lead.id}>{lead.text}</p>}
      {growth && <p className="verdict-lead" data-testid="verdict-memory-growth" data-id={growth.id}>{growth.text}</p>}
      {leak && <p className="verdict-lead" data-testid="verdict-listener-leak" data-id={leak.id}>{leak.text}</p>}
      {rising && <p className="verdict-lead" data-testid="verdict-cost-rises" data-id={rising.id}>{rising.text}</p>}
      {routes.length > 0 && (
        <div className="verdict-routes" data-testid="verdict-routes">
          <p>{routes[0]}</p>
          <ul>{routes.slice(1).map((line) => <li key={line}>{line.trim()}</li>)}</ul>
        </div>
      )}
      {v.findings.length > 0 ? (
        <ol className="verdict-findings">
          {v.findings.map((f, i) => (
            <FindingItem key={`${f.kind}-${f.frame}-${i}`} finding={f} all={v.findings} client={client} onReveal={onReveal} onShowThread={onShowThread} />
          ))}
        </ol>
      ) : v.spread ? (
        <p className="verdict-spread" data-testid="verdict-spread">{spreadSentence(v.spread)}</p>
      ) : (
        <p className="verdict-spread" data-testid="verdict-spread">{emptyVerdictSentence(v)}</p>
      )}
      {(load.length > 0 || v.trust.length > 0) && (
        <ul className="verdict-checks" aria-label="How far to trust this">
          {load.map((c) => <li key={c.id} className="check load" data-testid="verdict-check" data-id={c.id}>{c.text}</li>)}
          {v.trust.map((c) => <li key={c.id} className="check trust" data-testid="verdict-check" data-id={c.id}>{c.text}</li>)}
        </ul>
      )}
      {busyNote && <p className="muted small verdict-terms">Percentages are of the profiled time and of the <em>busy</em> time <Explain term="busy" />{context.requests ? <>; CPU per 1 000 requests <Explain term="per1k" /></> : null}.</p>}
    </div>
  );
}

function FindingItem({ finding: f, all, client, onReveal, onShowThread }: { finding: Finding; all: readonly Finding[]; client: AnalysisClient; onReveal: Props['onReveal']; onShowThread: Props['onShowThread'] }) {
  const check = useView(client, f.pattern && !f.regex ? { view: 'regex-check', transforms: [], pattern: f.pattern } : null);
  const regex = f.regex ?? check.data;
  // The advice is checked against the line (a literal is never told "compile it once"): the line goes with the check.
  const advice = f.kind === 'regex' && regex ? adviceFor('regex', { regex, lineText: f.lineText }) : f.advice;
  const tie = f.tieWith !== undefined && all[f.tieWith] ? tieSentence(all[f.tieWith], f.tieWith) : '';
  const place = f.location ? shortPlace(f.location) : '';
  return (
    <li className="verdict-finding" data-testid="verdict-finding" data-kind={f.kind} data-function={f.function} data-line={f.line}>
      <p className="verdict-headline"><strong>{findingHeadline(f)}</strong>{regex?.status === 'vulnerable' && <span className="badge danger" data-testid="redos-badge">ReDoS</span>}{tie && <span data-testid="verdict-tie"> {tie}</span>}</p>
      {f.function && (
        <p className="verdict-where">
          {f.kind === 'function' ? 'In ' : f.kind === 'dependency' ? 'Heaviest function: ' : f.kind === 'gc' ? '' : 'From '}
          {f.frame >= 0 ? (
            <button type="button" className="link-button" data-testid="verdict-location" title="Show it in Bottom-up with its hot lines, and find it in the flamegraph" onClick={() => onReveal(f.frame, f.function)}>
              {f.function}{place && <> · {place}</>}
            </button>
          ) : <span>{f.function}{place && <> · {place}</>}</span>}
          {f.frame < 0 && f.thread && onShowThread && (
            <> <button type="button" className="button small" data-testid="verdict-open-thread" onClick={() => onShowThread(f.thread!, 'asked')}>Open {f.thread}’s profile</button></>
          )}
          {findingPackage(f) && <span data-testid="verdict-package"> (the {findingPackage(f)} package)</span>}
          {f.allocates && <span data-testid="verdict-allocates"> allocates {allocatesText(f.allocates)}</span>}
          {f.generated && <span className="muted small" data-testid="verdict-generated" title={f.generated.lineText ?? undefined}> (ran as {shortPlace(f.generated.location)})</span>}
          {f.lineText && <code className="verdict-line" data-testid="verdict-line">{f.lineText}</code>}
        </p>
      )}

      <p className="verdict-advice"><span className="what-to-do">What to do:</span> {advice}{f.pattern && !regex && <span className="muted" aria-busy="true"> Checking the pattern for catastrophic backtracking…</span>}</p>
    </li>
  );
}
