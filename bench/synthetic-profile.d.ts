// Types for synthetic-profile.js (plain JS, run by Node), imported by tests.
/** A deterministic synthetic .cpuprofile of about `bytes` bytes, as JSON text; another `seed`, another profile of the same shape. */
export function generate(bytes: number, seed?: number): string;
