// "How sure?": the method behind every "real", "no clear difference" and
// "cannot tell", in words a student understands (docs/how-sure.md "How sure is a comparison?").
import type { Comparison } from '../../../shared/compare/index.ts';

export function CompareHowSure({ c }: { c: Comparison }) {
  return (
    <details className="how-sure card" data-testid="how-sure">
      <summary>How sure?</summary>
      <p><strong>For this comparison:</strong> {c.howSure.summary}</p>
      <p>
        Two runs of the very same code on the same computer never give the same numbers: other programs, the CPU’s speed,
        garbage collection and the JIT all change from one minute to the next. On a shared machine two identical runs can
        differ by 40% in requests per second. So one recording of A and one of B cannot, alone, tell a real change from luck.
      </p>
      <p>
        What one run shows about itself — its second-by-second requests, its latency spread, how many samples the profile
        holds — only measures the wobble <em>inside</em> that run, which is much smaller than the wobble <em>between</em> runs.
        Flambé never uses it to call a difference real.
      </p>
      <ul>
        <li>
          <strong>Several rounds of each</strong> (an experiment): A and B ran in pairs, back to back, so what the computer was
          doing at the time hits both rounds of a pair alike. How much B/A varies from pair to pair is the noise. Flambé gives a
          95% interval for the change (Student’s t on the logarithms of the pair ratios — rounds that were not run in pairs:
          Welch’s t on the logarithms of the rounds). Because a dozen numbers and whole tables are judged at once, every interval
          is widened so that all of them hold together at 95% (Holm for the headline numbers, Benjamini–Hochberg for each
          table’s rows). A change is <em>real</em> only when its interval leaves out 0, at least 3 in 4 pairs moved the same way,
          and it is 3% or more; under that it is <em>no meaningful difference</em>. When the computer was busy during most pairs
          (other programs taking a quarter of the cores, or the server waiting for a core), requests per second and latency are
          <em>not judged</em>: only the CPU time per request is.
        </li>
        <li>
          <strong>One run each, but earlier recordings repeat the same settings</strong> (same target, route or routes,
          headers, body, connections, rate, length, sampling interval, the script’s arguments and environment, Node version,
          machine — <code>LOG=1</code> and <code>LOG=0</code> are two settings, never repeats): how much those repeats differ from each other is the noise. The
          interval is the change ± 2 to 4 times that spread (depending on how many repeats there are). If A and B themselves
          share settings they count among the repeats, which only makes Flambé more careful.
        </li>
        <li>
          <strong>One run each, and a change far beyond noise</strong>: some changes are too large for any luck to explain. Flambé
          looks at how far apart repeated runs of the same code have been on this computer — the rounds of the experiments in
          the library — and never assumes less than a busy computer shows: 2× in requests per second and CPU per request, 3× in
          the median latency, 5× in p99. A change three times that far (past 8× either way, with 2×) is <em>real</em>, said
          with its size and the spread it beat (“17× apart, far more than the 2.0× two runs of the same code can differ by”),
          without an interval. Anything smaller stays <em>cannot tell</em>.
        </li>
        <li>
          <strong>Otherwise</strong> Flambé shows the numbers and says <em>cannot tell: one run each</em>. Record A and B again
          with the same settings (two or three times each) and the comparison will say how sure it is.
        </li>
      </ul>
      <p className="muted small">
        <em>No clear difference</em> does not mean “equal”: it means these runs disagree among themselves about as much as A and B
        differ. The tables of what changed (CPU per 1 000 requests by function, file, kind of work) show what each profile
        measured; with one run each they are not tested either.
      </p>
    </details>
  );
}
