// Types for synthetic-profile.js (plain JS, run by Node), imported by tests.
/** A deterministic synthetic .cpuprofile of about `bytes` bytes, as JSON text. */
export function generate(bytes: number): string;
