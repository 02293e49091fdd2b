// "Repeat as an experiment" on Compare: one pair of runs cannot tell a 10 %
// change from noise, so run both recordings' settings again in interleaved
// rounds (planRepeat builds the experiment from what the library kept). When
// a target cannot be launched again the button is disabled, with one sentence why.
import { useEffect, useId, useState } from 'react';
import type { RepeatPlan } from '../../../shared/api.ts';
import { useClient } from '../client/context.tsx';
import { errorMessage } from '../client/types.ts';

export function RepeatExperiment({ ids, onStarted }: { ids: readonly [string, string]; onStarted(experimentId: string): void }) {
  const api = useClient().api;
  const uid = useId();
  const [plan, setPlan] = useState<{ key: string; plan: RepeatPlan } | null>(null);
  const [rounds, setRounds] = useState('3');
  const [problem, setProblem] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const key = ids.join('/');

  useEffect(() => {
    let live = true;
    api.planRepeat({ a: ids[0], b: ids[1] }).then(
      (p) => live && setPlan({ key, plan: p }),
      (e: unknown) => live && setPlan({ key, plan: { spec: null, reason: errorMessage(e), what: null } }),
    );
    return () => { live = false; };
  }, [api, ids, key]);

  const current = plan?.key === key ? plan.plan : null;
  const n = Number(rounds);
  const roundsProblem = Number.isInteger(n) && n >= 1 && n <= 30 ? null : 'Rounds: a whole number from 1 to 30.';

  const start = async () => {
    if (!current?.spec || roundsProblem) return;
    setStarting(true);
    setProblem(null);
    try {
      const { experimentId } = await api.startExperiment({ ...current.spec, rounds: n });
      onStarted(experimentId);
    } catch (e) {
      setProblem(errorMessage(e));
    } finally {
      setStarting(false);
    }
  };

  return (
    <div className="repeat-experiment" data-testid="repeat-experiment">
      <button
        type="button" className="button small" data-testid="repeat-button" disabled={!current?.spec || starting || !!roundsProblem}
        aria-describedby={`${uid}-why`} onClick={() => void start()}
      >
        {starting ? 'Starting…' : 'Repeat as an experiment'}
      </button>
      <label className="repeat-rounds">
        <input className="inline-number" inputMode="numeric" aria-label="Rounds of each" data-testid="repeat-rounds" value={rounds}
          disabled={!current?.spec} onChange={(e) => setRounds(e.target.value)} /> rounds each
      </label>
      <span id={`${uid}-why`} className={`small ${current && !current.spec ? '' : 'muted'}`} data-testid="repeat-why">
        {!current ? 'Checking whether both runs can be repeated…'
          : current.spec ? `Runs A and B again, interleaved (${current.what}), and answers with 95% intervals.`
          : current.reason}
      </span>
      {(problem || roundsProblem) && <p className="note note-error" role="alert" data-testid="repeat-error">{problem ?? roundsProblem}</p>}
    </div>
  );
}
