// An experiment's comparison: shared/compare's Comparison of A's rounds
// against B's (the object `flambe compare --json` prints, every interval from
// the rounds), plus "rounds", with the experiment's verdict (verdict.ts), which
// claims only what the rounds support.
import { buildComparison, type CompareRound, type Comparison } from '../compare/index.ts';
import { experimentVerdict } from './verdict.ts';

export interface ExperimentComparison extends Comparison {
  /** Complete rounds per side (the smaller side when they differ). */
  rounds: number;
}

export function compareRounds(names: { a: string; b: string }, a: CompareRound[], b: CompareRound[]): ExperimentComparison | null {
  if (!a.length || !b.length) return null;
  const c = buildComparison(a, b, { names });
  const rounds = Math.min(a.length, b.length);
  const out: ExperimentComparison = { ...c, rounds };
  if (rounds < 2) {
    out.warnings = [...c.warnings, { kind: 'rounds', message: 'One round of each variant: Flambé cannot tell a difference from noise. Run at least 2 rounds (3 or more is better).' }];
  }
  out.verdict = experimentVerdict(out);
  return out;
}
