// React glue for analysis/client.ts: one session (one worker) per open
// recording, shared by every part of the screen that reads its profile (the
// views of the chosen thread, the allocation profile), and each view's answer
// for the current transform stack. A view asked for again (a popped
// transform, a revisited tab or thread) comes from the client's memo without
// a round trip.
import { useEffect, useState } from 'react';
import { useClient } from '../client/context.tsx';
import { errorMessage } from '../client/types.ts';
import type { FlambeApi } from '../../../shared/api.ts';
import { createAnalysisSession, type AnalysisClient, type AnalysisSession } from '../analysis/client.ts';
import { localProfile, localProfileAnalysed } from '../library/open-imported.ts';
import { requestKey, SUPERSEDED, type OpenResult, type ViewRequest, type ViewResult } from '../analysis/protocol.ts';

export type ClientState =
  | { status: 'loading'; client: null }
  | { status: 'ready'; client: AnalysisClient }
  /** `message`: the sentence shown; `reason`: the same without "The profile could not be read: ". */
  | { status: 'error'; client: null; message: string; reason: string };

/**
 * A profile asked for as its recording is chosen (prefetchProfile), before the Result screen's
 * first render asks for it: the recording's metadata, the render and the profile's bytes no
 * longer wait for one another. One at a time, taken once, dropped if nobody takes it.
 */
let prefetched: { id: string; bytes: Promise<Uint8Array> } | null = null;
const PREFETCH_KEPT_MS = 30_000;

export function prefetchProfile(api: FlambeApi, id: string): void {
  const bytes = api.getProfile({ id });
  // A recording without a profile (a load-only run) answers an error nobody reads: the screen does not ask.
  bytes.catch(() => {});
  prefetched = { id, bytes };
  setTimeout(() => {
    if (prefetched?.bytes === bytes) prefetched = null;
  }, PREFETCH_KEPT_MS);
}

function takePrefetched(id: string): Promise<Uint8Array> | null {
  if (prefetched?.id !== id) return null;
  const { bytes } = prefetched;
  prefetched = null;
  return bytes;
}

/** The sessions open on this page, by recording id, with how many parts of the screen use each. */
const sessions = new Map<string, { session: AnalysisSession; users: number }>();

/** The recording's session, opened (its profile fetched) by its first user. */
function acquireSession(recordingId: string, open: () => AnalysisSession): AnalysisSession {
  let entry = sessions.get(recordingId);
  if (!entry) {
    entry = { session: open(), users: 0 };
    sessions.set(recordingId, entry);
  }
  entry.users++;
  return entry.session;
}

/** Closed a moment after its last user leaves: a user that comes right back (a re-render, React's strict mode) keeps it. */
function releaseSession(recordingId: string, session: AnalysisSession): void {
  const entry = sessions.get(recordingId);
  if (!entry || entry.session !== session) return;
  entry.users--;
  setTimeout(() => {
    if (entry.users > 0 || sessions.get(recordingId) !== entry) return;
    sessions.delete(recordingId);
    entry.session.close();
  }, 0);
}

/**
 * The analysis of one thread of a recording: the profile is fetched as its
 * stored bytes (getProfile) once per open recording and read once in its
 * worker, which imports each thread asked for once (shared/profile/import/open-thread.ts;
 * ALL_THREADS: merged; ALLOCATIONS_THREAD: the allocation profile). A thread
 * switch asks the same worker. null: nothing to analyse. `threads`: every
 * thread's name, kept while another thread of the same recording loads (the
 * picker stays put).
 */
export function useAnalysisClient(recordingId: string | null, thread = 0): ClientState & { threads: string[] } & OpenedFacts {
  const { api } = useClient();
  const [state, setState] = useState<{ id: string; thread: number; state: ClientState; threads: string[]; facts: OpenedFacts } | null>(null);
  useEffect(() => {
    if (recordingId == null) return;
    // A file opened while the library saves it is read from the page (library/open-imported.ts).
    const file = localProfile(recordingId);
    // A thread switch releases and takes the same session at once: it stays open.
    const session = acquireSession(recordingId, () => createAnalysisSession(file ? () => file.arrayBuffer() : () => takePrefetched(recordingId) ?? api.getProfile({ id: recordingId })));
    const client = session.client(thread);
    let live = true;
    // A file opened while it is saved: its save starts once the page has read it (open-imported.ts).
    if (file) void client.ready.catch(() => {}).then(() => localProfileAnalysed(recordingId));
    client.ready.then(
      () => live && setState({
        id: recordingId, thread, state: { status: 'ready', client }, threads: client.threads,
        facts: { servedBy: client.servedBy, threadRequests: client.threadRequests, childMemory: client.childMemory },
      }),
      (e: unknown) => live && setState((s) => ({
        id: recordingId, thread, threads: s && s.id === recordingId ? s.threads : [], facts: s && s.id === recordingId ? s.facts : NO_FACTS,
        state: { status: 'error', client: null, message: `The profile could not be read: ${errorMessage(e)}`, reason: errorMessage(e) },
      })),
    );
    return () => {
      live = false;
      releaseSession(recordingId, session);
    };
  }, [api, recordingId, thread]);
  const threads = state && state.id === recordingId ? state.threads : [];
  const shown = state && state.id === recordingId && state.thread === thread ? state.state : { status: 'loading' as const, client: null };
  const current = state && state.id === recordingId ? state : null;
  return { ...shown, threads, ...(current ? current.facts : NO_FACTS) };
}

/** What opening the recording told of its processes (OpenResult's): the same for every thread of it. */
type OpenedFacts = Pick<OpenResult, 'servedBy' | 'threadRequests' | 'childMemory'>;
const NO_FACTS: OpenedFacts = { servedBy: null, threadRequests: [], childMemory: null };

export interface ViewState<T> {
  /** The answer for the request, or the last answer while the new one is computed (then `stale`). */
  data: T | null;
  stale: boolean;
  error: string | null;
  /** What the worker sent ahead of the answer for this request, until it comes (the exact flame chart so far), else null. */
  partial?: T | null;
}

/** `request` null: keep what was shown (a hidden tab does not compute). */
export function useView<R extends ViewRequest>(client: AnalysisClient | null, request: R | null): ViewState<ViewResult<R>> {
  const key = request ? requestKey(request) : null;
  const [state, setState] = useState<{ key: string; data: ViewResult<R> | null; error: string | null } | null>(null);
  // A flame chart request replaced in the worker by a newer one while this view still wants it: asked again.
  const [retries, setRetries] = useState(0);
  const [partial, setPartial] = useState<{ key: string; data: ViewResult<R> } | null>(null);
  const cached = client && request ? client.cached(request) : undefined;
  const needed = cached === undefined && key !== null && !(state && state.key === key);

  useEffect(() => {
    if (!client || !key || !needed) return;
    let live = true;
    client.view(JSON.parse(key) as R, (soFar) => live && setPartial({ key, data: soFar })).then(
      (data) => live && setState({ key, data, error: null }),
      (e: unknown) => {
        if (!live) return;
        if (e instanceof Error && e.message === SUPERSEDED) setRetries((n) => n + 1);
        else setState({ key, data: null, error: e instanceof Error ? e.message : String(e) });
      },
    );
    return () => {
      live = false;
    };
  }, [client, key, needed, retries]);

  if (cached !== undefined) return { data: cached, stale: false, error: null };
  const soFar = partial && partial.key === key ? partial.data : null;
  if (!state) return { data: null, stale: key !== null, error: null, partial: soFar };
  const current = state.key === key;
  return { data: state.data, stale: !current && key !== null, error: current ? state.error : null, partial: current ? null : soFar };
}
