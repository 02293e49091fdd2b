// Plain explanations of the words a student meets on the result screen — in
// hover texts and "what is this?" buttons, never a link out. One place, so the
// flamegraph, the tables, the load tiles and the verdict say the same thing.
export type Term =
  | 'program' | 'idle' | 'gc' | 'native' | 'self' | 'total' | 'p50' | 'p99' | 'elu' | 'loop-delay' | 'busy' | 'per1k' | 'cpu' | 'heap';

export const GLOSSARY: Record<Term, { title: string; text: string }> = {
  program: { title: '(program)', text: 'Time V8 and Node spent outside any JavaScript function: compiling code, bookkeeping, running C++ between your callbacks. A lot of it right after start-up is compilation (a warm-up leaves it out).' },
  idle: { title: '(idle)', text: 'The event loop had nothing to run: the server was waiting for requests or for I/O to finish. Idle time costs nothing; much of it during a load burst means the load did not keep the server busy.' },
  gc: { title: '(garbage collector)', text: 'V8 freeing memory your program no longer uses. It runs on the same thread as your code: while it works, requests wait. Many short-lived objects (big strings, copied arrays) make it work more.' },
  native: { title: 'V8 and native', text: 'Code without a JavaScript file: V8 builtins (JSON, regular expressions, string and array methods), C++ in Node (sockets, crypto, zlib). Your code usually pays for it by calling it — look at who calls it (Bottom-up).' },
  self: { title: 'Self time', text: "Time spent in a function's own code, not in the functions it calls. A function with high self time is where the CPU actually was." },
  total: { title: 'Total time', text: 'Time spent in a function and everything it called. A handler has high total time when anything below it is slow; follow the heaviest child to find what.' },
  p50: { title: 'p50 (median)', text: 'Half of the requests were answered faster than this, half slower: the typical request.' },
  p99: { title: 'p99', text: '99 requests in 100 were answered faster than this; 1 in 100 was slower. The slow tail users notice: one page that loads many resources meets it often.' },
  elu: { title: 'Event-loop utilisation', text: 'The share of time the event loop was busy running JavaScript (or waiting on the CPU) rather than idle. Near 100%, new requests queue behind the running code.' },
  'loop-delay': { title: 'Event-loop delay', text: 'How late a timer fired because the event loop was busy: how long a new request may wait before its code even starts.' },
  busy: { title: 'Busy time', text: 'The profile minus idle time: the time the server was actually working. Shares of the busy time do not shrink when the load leaves the server idle.' },
  per1k: { title: 'ms per 1 000 requests', text: 'CPU time this takes for every 1 000 requests served: its share of the samples times the CPU time the operating system measured for the thread (sampled time where that clock could not be read, as for a profile file). It compares runs fairly even when they served different numbers of requests.' },
  cpu: { title: 'CPU', text: 'Processor time used by the process, in % of one core. Near 100%, a single-threaded Node server is saturated: requests queue for the CPU.' },
  heap: { title: 'Heap used', text: 'Memory V8 holds for JavaScript objects. A saw-tooth is normal (garbage collection frees memory); a line that only climbs is a leak.' },
};
