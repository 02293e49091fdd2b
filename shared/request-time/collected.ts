// What the request collector (electron/services/request-time/request-collector.ts)
// hands over from the target, batch by batch: checked here, since it crosses a
// process boundary and a target can be anything. Times are µs on the CPU
// profile's clock.
import { z } from 'zod';

const us = z.number().finite();

/**
 * Which requests the collector reads the thread's CPU time for: the first CPU_TIMED_FIRST of a recording, then
 * each with chance CPU_TIMED_SHARE (reading it costs ~2 µs a time). A route's mean weighs each by 1 / its chance
 * (summarize.ts): the first ones, often slower just after the profiler starts, must not count four times over.
 */
export const CPU_TIMED_FIRST = 200;
export const CPU_TIMED_SHARE = 0.25;
/**
 * …and the first CPU_TIMED_FIRST_OF_ROUTE of each route (method and path), for the first CPU_TIMED_ROUTES routes
 * seen: a cheap route of a mixed burst had ~50 reads, and a 0.9 ms route on a 4 ms-tick clock read anywhere from 0.45
 * to 1.3 ms over 50 (route-cpu-text.ts). Those count once in its mean too.
 */
export const CPU_TIMED_FIRST_OF_ROUTE = 100;
export const CPU_TIMED_ROUTES = 1000;
/** The most statements the collector keeps for one call (a pipeline's commands). */
export const MAX_WIRE_COMMANDS = 50;
/** 'ipc': a message to a forked child until its answer. 'connect': opening a client socket (its time is waiting on that socket, but it is no request-response exchange of its own). */
const waitKinds = ['http', 'socket', 'connect', 'fs', 'dns', 'threadpool', 'worker', 'child', 'ipc', 'timer', 'queue'] as const;

/**
 * The collector hands its times over as whole tenths of a µs after the batch's `timeBaseUs` (small integers: a
 * tenth of the JSON work in the target of the 15-digit µs they stand for); withAbsoluteTimes() puts them back.
 */
export const TIME_TENTHS_PER_US = 10;

export const collectedBatchSchema = z.object({
  clockUs: us,
  /** Present: every time below (requests' start and end, segments, waits' from, to and answered, background's from and to) is in tenths of a µs after it. */
  timeBaseUs: us.optional(),
  /**
   * [id, method, path, startUs, endUs, status, localPort, cpuUs] of each finished request (the port: 0 or absent
   * when unknown; cpuUs: the main thread's CPU time in its code, -1 or absent when not measured for it).
   */
  requests: z.array(z.tuple([z.number().int(), z.string().max(20), z.string().max(8000), us, us, z.number().int()]).rest(z.number().int().min(-1).max(Number.MAX_SAFE_INTEGER))),
  /** Requests not finished when the batch was taken (they come in a later batch). */
  open: z.number().int().min(0),
  /** Flat [requestId, fromUs, toUs, …]: when each request's own code ran on the main thread. */
  segments: z.array(us),
  /**
   * [requestId, kind, target, fromUs, toUs, stackIndex (-1: none), server, statements, answeredUs, continued]. A socket's call: the server
   * its bytes said it is ('postgres', 'mysql', 'redis', 'mongodb', 'memcached', 'tls'; '' unknown) and what the writes
   * asked, literals replaced (shared/request-time/wire-protocols.ts); answeredUs: when the read that brought the answer
   * ended (the driver's handling of it, charged to the call); continued: 1 when this is the rest of a call's answer
   * (it came in several reads), time on that call but not another call.
   */
  waits: z.array(z.tuple([
    z.number().int(), z.enum(waitKinds), z.string().max(8000), us, us, z.number().int(),
    z.string().max(40).optional(), z.array(z.string().max(1000)).max(MAX_WIRE_COMMANDS).optional(), us.optional(), z.literal(1).optional(),
  ])),
  /** Stack frames ("fn (file:line:col)") outside Node's own code, innermost first. */
  stacks: z.array(z.array(z.string().max(8000))),
  dropped: z.number().int().min(0),
  /** Flat [source ('timer' | 'interval' | 'immediate'), fromUs, toUs, callback name, period ms (0 for a timer), …]: timers that ran outside any request. */
  background: z.array(z.union([z.string().max(500), us])).default([]),
});
export type CollectedBatch = z.infer<typeof collectedBatchSchema>;
export type WaitKind = (typeof waitKinds)[number];

/** The batch with every time in µs on the profile's clock (as a batch without `timeBaseUs` already is). */
export function withAbsoluteTimes(batch: CollectedBatch): CollectedBatch {
  const base = batch.timeBaseUs;
  if (base === undefined) return batch;
  const at = (t: number) => base + t / TIME_TENTHS_PER_US;
  const requests = batch.requests.map((r) => { const o = r.slice() as typeof r; o[3] = at(r[3]); o[4] = at(r[4]); return o; });
  const segments = batch.segments.map((x, i) => (i % 3 === 0 ? x : at(x)));
  const waits = batch.waits.map((w) => {
    const o = w.slice() as typeof w;
    o[3] = at(w[3]);
    o[4] = at(w[4]);
    if (typeof w[8] === 'number') o[8] = at(w[8]);
    return o;
  });
  const background = batch.background.map((x, i) => (i % 5 === 1 || i % 5 === 2 ? at(x as number) : x));
  const { timeBaseUs: _, ...rest } = batch;
  return { ...rest, requests, segments, waits, background };
}
