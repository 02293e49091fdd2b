// The differential flamegraph on an experiment's answer: B's last complete
// round drawn against A's (the same worker and view as Compare), so the trainer
// shows where the cost sits without leaving the answer. Its colours and
// tooltips read B − A like the tables above it (one sign everywhere: red where
// B spends more); it opens on A's shape, where the thing asked about is, in
// blue where B does less of it.
import { useEffect, useState } from 'react';
import type { ExperimentResult } from '../../../shared/experiment/types.ts';
import { useClient } from '../client/context.tsx';
import { errorMessage } from '../client/types.ts';
import { createCompareClient } from '../compare/compare-client.ts';
import type { CompareOutput } from '../compare/compute.ts';
import { DiffFlamegraph } from '../compare/DiffFlamegraph.tsx';

function lastRound(exp: ExperimentResult, variant: 'A' | 'B'): string | null {
  const r = exp.rounds.filter((x) => x.variant === variant && x.complete && !x.notSaved).at(-1);
  return r?.recordingId ?? null;
}

export function ExperimentFlame({ exp }: { exp: ExperimentResult }) {
  const api = useClient().api;
  const a = lastRound(exp, 'A');
  const b = lastRound(exp, 'B');
  const [output, setOutput] = useState<{ key: string; flames: Pick<CompareOutput, 'flameA' | 'flameB' | 'allocFlameA' | 'allocFlameB'> } | { key: string; error: string } | null>(null);
  const key = `${a}/${b}`;

  useEffect(() => {
    if (!a || !b || !exp.spec.profile) return;
    let live = true;
    const client = createCompareClient();
    void (async () => {
      try {
        const recs = await Promise.all([api.getRecording({ id: a }), api.getRecording({ id: b })]);
        const profiles = await Promise.all(recs.map((r) => (r.hasProfile ? api.getProfile({ id: r.id }) : Promise.resolve(null))));
        const out = await client.compare({ rec: recs[0], profile: profiles[0] }, { rec: recs[1], profile: profiles[1] }, null);
        if (live) setOutput({ key, flames: out });
      } catch (e) {
        if (live) setOutput({ key, error: errorMessage(e) });
      }
    })();
    return () => {
      live = false;
      client.close();
    };
  }, [api, a, b, key, exp.spec.profile]);

  if (!a || !b || !exp.spec.profile) return null;
  const shown = output?.key === key ? output : null;
  return (
    <section className="experiment-flame" data-testid="experiment-flame" aria-labelledby="experiment-flame-heading">
      <h2 id="experiment-flame-heading">Where the difference is</h2>
      <p className="hint">A’s and B’s last rounds, with the tables’ signs (change = B − A): red where B spends more CPU per request, blue where B spends less (Allocations: bytes allocated per request instead). It opens on A’s shape: what only A does is blue.</p>
      {!shown ? <p className="empty-state" aria-busy="true">Drawing the differential flamegraph…</p>
        : 'error' in shown ? <p className="note note-error">{shown.error}</p>
          : shown.flames.flameA && shown.flames.flameB ? <DiffFlamegraph flameA={shown.flames.flameA} flameB={shown.flames.flameB} allocA={shown.flames.allocFlameA} allocB={shown.flames.allocFlameB} highlight={null} initialShape="a" />
            : <p className="hint">These rounds have no CPU profile to draw.</p>}
    </section>
  );
}
