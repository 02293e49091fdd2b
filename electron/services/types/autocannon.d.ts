// Minimal types for autocannon 9 (it ships none): only what we use.
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';
  interface Options {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    pipelining?: number;
    skipAggregateResult?: boolean;
  }
  interface Result {
    errors: number;
    timeouts: number;
    non2xx: number;
    totalBytes?: number;
    statusCodeStats?: Record<string, { count: number }>;
    [k: string]: unknown;
  }
  interface Instance extends EventEmitter {
    stop(): void;
  }
  function autocannon(opts: Options, cb: (err: Error | null, result: Result) => void): Instance;
  export default autocannon;
}
