// "How sure?": the method behind an experiment's answer, in plain words
// (docs/how-sure.md "How sure is an experiment?" says the same, with the simulations).
export function ExperimentHowSure({ rounds }: { rounds: number }) {
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
        <strong>Many measures at once.</strong> An experiment shows a dozen numbers and tables of kinds of work and functions; at 95%
        each, one unchanged number in twenty would look real by chance. So the intervals shown are <em>widened</em> so that all of
        them hold together: Holm’s correction across the headline measures (requests/s, latencies, errors, CPU per request), the
        Benjamini–Hochberg false-discovery rate across each table’s rows.
      </p>
      <p>
        A change is called <strong>real</strong> only when (1) its widened interval leaves out 0, (2) at least 3 in 4 pairs moved
        the same way — a mean pulled by one or two bursts of other work is not a change — and (3) it is at least 3% (1% of the
        CPU per request for a row): smaller is <strong>“no meaningful difference”</strong>, as it is when the whole interval lies
        within ±3%. <strong>“No clear difference”</strong> means the pairs disagree about as much as A and B differ: these rounds
        cannot tell, which is not “equal”. One pair claims nothing.
      </p>
      <p>
        <strong>A busy machine.</strong> During every round Flambé reads what the machine does: the load average and runnable tasks
        against the cores, CPU stolen by a host, the CPU other programs used (the machine’s busy time minus the server’s and
        Flambé’s own), whether the server ran for the time it was busy or waited for a core, and whether the load generator itself was
        the limit. A round is <em>disturbed</em> when other programs took a quarter of the cores or more, the host stole 5% or more, or
        the server waited for a core; a pair is, when either round is or its two rounds met very different neighbours. With at least
        3 clean pairs the disturbed ones are left out; with fewer, requests/s and latency — wall time, which the neighbours move as
        much as the code — are <strong>not judged</strong>, and only the CPU time per 1 000 requests (of the whole process, and of
        each kind of work) can show a change. The verdict says so first.
      </p>
      <p>
        <strong>“The difference is X”</strong> names a kind of work only when its own change is real after the correction, most
        pairs agree on its sign, and it explains at least a quarter of the change in CPU per 1 000 requests (the share is stated).
        A kind of work done in every round of one side and in none of the other’s (<strong>“only with A, every round”</strong>) is
        what an env switch or a script turns on or off: the verdict leads with it.
      </p>
      <p>
        <strong>Rounds until it knows.</strong> With “until ±N%”, after the rounds asked for Flambé adds pairs until the headline
        interval is within ±N%, or the time budget ends; the verdict says how many pairs it took, or that the budget ended first.
      </p>
      <p className="muted">
        Checked by simulation (400 experiments of 5 pairs per case) on a machine that drifts (a random walk, a trend, jumps) with
        heavy-tailed noise and Pareto-sized bursts: false alarms on any measure 0.8–1.8%; the shown interval holds the true change in
        98.5–100%; a 20% CPU change is found in 70% of experiments of 8 pairs, never the wrong way round.
      </p>
    </details>
  );
}
