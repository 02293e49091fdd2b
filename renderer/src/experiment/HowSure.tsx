// "How sure?": the method behind an experiment's answer, in plain words
// (README "How sure is an experiment?" says the same, with the simulations).
export function HowSure({ rounds }: { rounds: number }) {
  return (
    <details className="how-sure" data-testid="how-sure">
      <summary>How sure?</summary>
      <p>
        Flambé ran A and B <strong>in turns</strong> ({rounds} round{rounds === 1 ? '' : 's'} each), the order of each pair decided by a coin.
        Whatever drifts meanwhile — another program, the CPU heating up — then hits both alike instead of only the one that ran last.
      </p>
      <p>
        Each round gives one number per measure. The spread between rounds of the same variant is the <em>noise</em>; the gap between
        A and B is the <em>signal</em>. Flambé compares them with <strong>Welch’s t-test on the logarithms</strong> of the rounds, so a change
        reads as a ratio (“20% faster”), and gives a <strong>95% interval</strong>: the true change lies inside it with 95% confidence.
      </p>
      <p>
        <strong>“No clear difference”</strong> means that interval holds 0: the rounds disagree among themselves about as much as A and B
        differ. It does not mean “equal” — only that these rounds cannot tell. With 3 rounds only a change that is large next to the noise
        counts; more rounds narrow the interval. One round each claims nothing.
      </p>
      <p className="muted">
        Checked by simulation: at 4% round-to-round noise, 3 rounds each raise a false alarm in about 4% of experiments with no change,
        and find a 20% change in about 95%.
      </p>
    </details>
  );
}
