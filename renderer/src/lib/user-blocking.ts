// A task the user is waiting for (the flamegraph's search as it is typed) run
// ahead of the page's other queued work: right after a long profile's
// flamegraph is drawn, React and the analysis answers queue tasks that draw the
// verdict, the timeline and the flame chart, and a search posted behind them
// waited 0.4–1.4 s (issue 36). Chromium's Prioritized Task Scheduling
// (`scheduler.postTask`, priority "user-blocking") runs it before
// normal-priority tasks; where there is none, a plain timer.

interface PostTaskScheduler {
  postTask(task: () => void, options: { priority: 'user-blocking'; delay?: number; signal?: AbortSignal }): Promise<unknown>;
}

/** Runs `task` after `delayMs` ahead of normal-priority tasks where the browser can; returns the cancel function. */
export function runUserBlocking(task: () => void, delayMs = 0): () => void {
  const scheduler = (globalThis as { scheduler?: PostTaskScheduler }).scheduler;
  if (scheduler && typeof scheduler.postTask === 'function') {
    const abort = new AbortController();
    // A cancelled task rejects its promise: that is the cancel, not a fault.
    scheduler.postTask(task, { priority: 'user-blocking', delay: delayMs, signal: abort.signal }).catch(() => {});
    return () => abort.abort();
  }
  const timer = setTimeout(task, delayMs);
  return () => clearTimeout(timer);
}
