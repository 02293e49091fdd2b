// The analysis worker (docs/ARCHITECTURE.md "Nothing heavy on a UI thread"): one per open
// recording (started before it is needed, and kept for the next one: client.ts); reads its
// profile once, imports each thread asked for once, then answers view requests (flamegraph, call
// tree, bottom-up, categories) for any transform stack. engine.ts does the work.
//
// The time-ordered flame chart of a long profile takes seconds (every sample
// is walked): it runs in steps of a few milliseconds, and a request arriving
// meanwhile (a zoom, a search: what the user is waiting for) is answered
// between two steps instead of after the chart. The flamegraph's own requests
// go first (the first thing drawn), then the verdict and the chart's overview,
// then the rest (priority below). A newer chart request
// replaces one still running (its viewport is gone): that one is answered
// SUPERSEDED and the client asks again if it still needs it.
import { OpenRecording } from './open-recording.ts';
import type { ChartSoFar } from './engine.ts';
import { loadRegexChecker } from './regex-check.ts';
import { SUPERSEDED, type WorkerRequest, type WorkerReset, type WorkerResponse } from './protocol.ts';

const scope = self as unknown as { onmessage: ((e: MessageEvent<WorkerRequest | WorkerReset>) => void) | null; postMessage(message: WorkerResponse, transfer?: Transferable[]): void };

/** Work between two pauses of a stepped request, ms. */
const SLICE_MS = 8;
/**
 * The exact flame chart so far is sent this often while it is computed (drawn left of the overview:
 * issue 36, 4.6 s for a 78 MB profile's on a quiet machine, 20–40 s on a busy one); the first after one
 * such wait, so a chart done sooner is sent once, whole.
 */
const SO_FAR_EVERY_MS = 400;

let recording: OpenRecording | null = null;
let regexCheckerLoaded = false;
let running: { id: number; steps: Generator<ChartSoFar | void, unknown>; soFarAt: number } | null = null;

const answer = (id: number, result: unknown) => scope.postMessage({ id, ok: true, result }, transferables(result));
const fail = (id: number, err: unknown) => scope.postMessage({ id, ok: false, message: err instanceof Error ? err.message : String(err) });

// Requests wait in a queue, taken one per task: what the user is looking at
// (the flamegraph, a zoom, a search) first, then the verdict and the chart's
// overview, then the rest in the order asked (the timeline, the tables…), then
// the next step of a flame chart. A message
// to ourselves is the next task, without setTimeout's clamping.
const URGENT = new Set<string>(['flame', 'flame-zoom', 'flame-search']);

/**
 * 0: what the user is looking at (the flamegraph, a zoom, a search); 1: the
 * rest of the page's first read — the verdict and the flame chart's overview
 * (a few samples per pixel, answered at once) — so they arrive within a
 * second of the flamegraph on a long profile, before the tables; 2: the rest.
 */
function priority(r: WorkerRequest): number {
  if (r.type !== 'view') return 2;
  if (URGENT.has(r.request.view)) return 0;
  if (r.request.view === 'verdict' || (r.request.view === 'flame-chart' && r.request.overview)) return 1;
  return 2;
}
const queue: WorkerRequest[] = [];
const tick = new MessageChannel();
let scheduled = false;

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  tick.port2.postMessage(null);
}

/** The next request to answer: the oldest of the highest priority (an open is always the oldest, and goes first). */
function next(): WorkerRequest {
  if (queue[0].type === 'open') return queue.shift()!;
  let best = 0;
  for (let i = 1; i < queue.length; i++) if (priority(queue[i]) < priority(queue[best])) best = i;
  return queue.splice(best, 1)[0];
}
// A view may overtake the 'thread' message of its thread: the engine is made on its first ask either way.

tick.port1.onmessage = () => {
  scheduled = false;
  if (queue.length) handle(next());
  else if (running) stepChart();
  if (queue.length || running) schedule();
};

/** One slice of the running flame chart. */
function stepChart(): void {
  const task = running!;
  const until = performance.now() + SLICE_MS;
  try {
    for (;;) {
      const r = task.steps.next();
      if (r.done) {
        running = null;
        answer(task.id, r.value);
        return;
      }
      if (r.value && performance.now() >= task.soFarAt) {
        const soFar = r.value.soFar();
        scope.postMessage({ id: task.id, ok: true, partial: true, result: soFar });
        task.soFarAt = performance.now() + SO_FAR_EVERY_MS;
        return;
      }
      if (performance.now() >= until) return;
    }
  } catch (err) {
    running = null;
    fail(task.id, err);
  }
}

scope.onmessage = (e) => {
  if (e.data.type === 'reset') {
    // The session closed and keeps this worker, warm, for the next recording (client.ts).
    queue.length = 0;
    running = null;
    recording = null;
    return;
  }
  queue.push(e.data);
  schedule();
};

function handle(req: WorkerRequest): void {
  try {
    if (req.type === 'open') {
      recording = new OpenRecording(req.profile);
      answer(req.id, recording.opened);
      return;
    }
    if (!recording) throw new Error('No profile is open.');
    if (req.type === 'thread') {
      recording.engine(req.thread);
      answer(req.id, recording.opened);
      return;
    }
    const engine = recording.engine(req.thread);
    // The ReDoS checker is loaded when first needed (regex-check.ts).
    if (req.request.view === 'regex-check' && !regexCheckerLoaded) {
      const request = req.request;
      loadRegexChecker().catch(() => {}).then(() => {
        regexCheckerLoaded = true;
        try {
          answer(req.id, engine.view(request));
        } catch (err) {
          fail(req.id, err);
        }
      });
      return;
    }
    if (req.request.view === 'flame-chart' && !req.request.overview) {
      if (running) fail(running.id, new Error(SUPERSEDED));
      running = { id: req.id, steps: engine.viewSteps(req.request), soFarAt: performance.now() + SO_FAR_EVERY_MS };
      return;
    }
    answer(req.id, engine.view(req.request));
  } catch (err) {
    fail(req.id, err);
  }
}

/** The typed arrays of a call tree (and of the flamegraph's search columns, `calls`) move to the UI thread instead of being copied. */
function transferables(result: unknown): Transferable[] {
  if (!result || typeof result !== 'object') return [];
  const calls = (result as { calls?: unknown }).calls;
  const values = [...Object.values(result), ...(calls && typeof calls === 'object' ? Object.values(calls) : [])];
  return values.filter((v): v is ArrayBufferView => ArrayBuffer.isView(v)).map((v) => v.buffer as ArrayBuffer);
}
