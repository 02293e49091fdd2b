// Delete with undo: the rows disappear at once, but deleteRecording is called
// only when the toast expires (or when the next delete replaces it). Closing
// the window meanwhile loses nothing — the recordings are still in the library.
import { useCallback, useRef, useState } from 'react';
import { useClient } from '../client/context.tsx';
import { errorMessage } from '../client/types.ts';
import { deletedMessage } from '../lib/row-format.ts';

export interface PendingDelete {
  key: number;
  ids: string[];
  message: string;
}

export interface PendingDeletes {
  /** The delete the toast offers to undo. */
  pending: PendingDelete | null;
  /** Rows not to show: waiting for their delete, or deleted. */
  hidden: ReadonlySet<string>;
  /** Why the last delete failed (its rows are shown again). */
  error: string | null;
  remove(rows: readonly { id: string; name: string }[]): void;
  undo(): void;
  /** The toast ran out: delete for real. */
  expire(key: number): void;
  dismissError(): void;
}

let nextKey = 1;

export function usePendingDeletes(): PendingDeletes {
  const client = useClient();
  const [pending, setPending] = useState<PendingDelete | null>(null);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const pendingRef = useRef<PendingDelete | null>(null);

  const show = (ids: readonly string[], shown: boolean) =>
    setHidden((h) => {
      const next = new Set(h);
      for (const id of ids) {
        if (shown) next.delete(id);
        else next.add(id);
      }
      return next;
    });

  const commit = useCallback(
    async (p: PendingDelete) => {
      for (const id of p.ids) {
        try {
          await client.api.deleteRecording({ id });
        } catch (e) {
          show([id], true);
          setError(`Could not delete a recording: ${errorMessage(e)}`);
        }
      }
    },
    [client],
  );

  const setCurrent = (p: PendingDelete | null) => {
    pendingRef.current = p;
    setPending(p);
  };

  const remove = useCallback(
    (rows: readonly { id: string; name: string }[]) => {
      if (rows.length === 0) return;
      // One toast at a time: a new delete makes the previous one final.
      if (pendingRef.current) void commit(pendingRef.current);
      const p = { key: nextKey++, ids: rows.map((r) => r.id), message: deletedMessage(rows.map((r) => r.name)) };
      show(p.ids, false);
      setCurrent(p);
      setError(null);
    },
    [commit],
  );

  const undo = useCallback(() => {
    const p = pendingRef.current;
    if (!p) return;
    show(p.ids, true);
    setCurrent(null);
  }, []);

  const expire = useCallback(
    (key: number) => {
      const p = pendingRef.current;
      if (!p || p.key !== key) return;
      setCurrent(null);
      void commit(p);
    },
    [commit],
  );

  const dismissError = useCallback(() => setError(null), []);
  return { pending, hidden, error, remove, undo, expire, dismissError };
}
