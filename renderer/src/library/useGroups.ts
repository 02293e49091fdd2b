// The Library's experiments and sweeps (listGroups), refreshed when the
// library changes, filtered by the search box on the client: a group shows
// when its name, what it varies, its verdict or one of its recordings matches.
import { useEffect, useMemo, useState } from 'react';
import type { GroupRow } from '../../../shared/library/groups.ts';
import { useClient } from '../client/context.tsx';
import { errorMessage } from '../client/types.ts';

export function groupMatches(g: GroupRow, search: string): boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const text = [g.name, g.detail, g.summary ?? '', g.kind, ...g.members.map((m) => m.row?.name ?? '')].join(' ').toLowerCase();
  return words.every((w) => text.includes(w));
}

export function useGroups(enabled: boolean, search: string) {
  const client = useClient();
  const [groups, setGroups] = useState<GroupRow[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = client.onEvent((e) => {
      if (e.name !== 'libraryChanged') return;
      clearTimeout(timer);
      timer = setTimeout(() => setVersion((v) => v + 1), 120);
    });
    return () => { off(); clearTimeout(timer); };
  }, [client, enabled]);

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    client.api.listGroups({}).then((g) => { if (live) { setGroups(g); setError(null); } }, (e: unknown) => live && setError(errorMessage(e)));
    return () => { live = false; };
  }, [client, enabled, version]);

  const shown = useMemo(() => groups.filter((g) => groupMatches(g, search)), [groups, search]);
  return { all: groups, shown, error, refresh: () => setVersion((v) => v + 1) };
}
