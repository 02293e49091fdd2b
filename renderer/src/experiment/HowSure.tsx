// "How sure?": the method behind an experiment's answer, in plain words
// (README "How sure is an experiment?" says the same, with the simulations).
export function HowSure({ rounds }: { rounds: number }) {
  return (
    <details className="how-sure" data-testid="how-sure">
      <summary>How sure?</summary>
      <p>
        Flambé ran A and B <strong>in pairs, back to back</strong> ({rounds} pair{rounds === 1 ? '' : 's'}): A B, then B A, then A B …,
        which one went first in the first pair decided by a coin. Whatever the computer was doing at that moment — another program
        busy, the CPU slowing down — hits both rounds of a pair alike, so it cancels out when B is compared with A <em>within</em> each pair.
      </p>
      <p>
        Each pair gives one ratio per measure (B’s requests per second over A’s, B’s CPU time per 1 000 requests over A’s …).
        How much that ratio varies from pair to pair is the <em>noise</em>. Flambé puts a <strong>95% interval</strong> on the
        average ratio (Student’s t on the logarithms of the pair ratios, a paired t interval): the true change lies inside it with
        95% confidence.
      </p>
      <p>
        <strong>“No clear difference”</strong> means that interval holds 0: the pairs disagree among themselves about as much as A and B
        differ. It does not mean “equal” — only that these rounds cannot tell. With few pairs only a change that is large next to the
        noise counts (with 3 pairs the interval is 4.3 standard errors wide on each side, with 5 pairs 2.8); more pairs narrow it.
        One pair claims nothing.
      </p>
      <p>
        On a busy computer requests per second move with everything else that runs. Flambé also measures the <strong>CPU time the
        server spends per 1 000 requests</strong> — the whole process, and each kind of work in the profile (logging, JSON …) — which
        moves much less; the verdict uses whichever the pairs support.
      </p>
      <p>
        <strong>“Only with A, every round”</strong> (or B) marks a kind of work done in every round of one side — not a trifle — and
        in none of the other’s (under a twentieth as much): it is there or it is not, however noisy the amounts, so no interval is needed.
      </p>
      <p className="muted">
        Checked by simulation on 500 experiments each with a drifting machine and heavy-tailed noise: with no change, 3 pairs raise a
        false alarm in 3–4% of experiments; at ±7% noise per round, 5 pairs find a 20% change in 89%.
      </p>
    </details>
  );
}
