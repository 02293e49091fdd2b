// How far pairs of rounds of the same code spread on a busy machine, known
// apart from any one experiment's pairs (docs/how-sure.md "A busy machine").
//
// Why: with disturbed pairs that cannot be left out, only CPU per 1 000
// requests is judged, from as few as 3 pairs. Three pairs that happen to agree
// closely look precise (2 degrees of freedom say little about a spread): an
// A/A experiment beside a CPU hog once called the same route "7.7% more CPU
// (95%: 3.1–13%)", its three pairs within a point of each other. The spread
// below is pooled with the pairs' own (stats/paired.ts SpreadPrior).
import type { SpreadPrior } from '../stats/index.ts';

/**
 * ln(B/A) of the whole process's CPU per 1 000 requests in pairs of one route against itself (A/A experiments of 3
 * pairs, 1 s rounds) beside a CPU hog that kept a whole core busy, 2 cores: root mean square of the pairs' standard
 * deviations 0.061 (each 0.011 to 0.116); with other work running as well, 0.126 (8 experiments, load 4–6) and
 * 0.19 (20, load 4–6). The least of them, worth 4 pairs: a machine busier than that shows it in its own pairs.
 * The profile's figures add their sampling's spread to it (compare.ts profileSpread).
 */
export const BUSY_PAIR_SPREAD: SpreadPrior = { sd: 0.061, df: 4 };
