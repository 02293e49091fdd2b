// What answers on each address a target listens on, asked once per set of
// addresses when there are several (the user chooses which one to load:
// port-choice.ts). null while the service asks.
import { useEffect, useState } from 'react';
import type { AddressAnswer } from '../../../shared/api.ts';
import type { RendererClient } from '../client/types.ts';

export function useAddressAnswers(client: RendererClient, targetId: string | null, addresses: readonly string[]): AddressAnswer[] | null {
  const [answers, setAnswers] = useState<{ key: string; list: AddressAnswer[] } | null>(null);
  const key = `${targetId} ${addresses.join(' ')}`;
  const several = !!targetId && addresses.length > 1;
  useEffect(() => {
    if (!several || !targetId) return;
    let cancelled = false;
    client.api.probeAddresses({ targetId }).then(
      (list) => { if (!cancelled) setAnswers({ key, list }); },
      () => { if (!cancelled) setAnswers({ key, list: [] }); },
    );
    return () => {
      cancelled = true;
    };
  }, [client, key, several, targetId]);
  return several && answers?.key === key ? answers.list : null;
}
