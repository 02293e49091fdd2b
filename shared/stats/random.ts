// A seeded pseudo-random generator, so that simulations (the statistics
// tests, the experiment runner's A-first/B-first coin when a seed is given)
// give the same answer on every run. mulberry32: 32-bit state, good enough
// for simulation, not for secrets.

export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Standard normal draws from a uniform source (Box–Muller). */
export function normalRandom(uniform: () => number): () => number {
  return () => {
    let u = uniform();
    while (u === 0) u = uniform();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * uniform());
  };
}
