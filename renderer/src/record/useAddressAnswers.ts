// What answers on each address a target listens on, asked once per set of
// addresses when there are several (the user chooses which one to load:
// port-choice.ts). null while the service asks.
import { useEffect, useState } from 'react';
import type { AddressAnswer } from '../../../shared/api.ts';
import type { RendererClient } from '../client/types.ts';

/**
 * `quiet`: a recording or other work runs — no GET is sent then: the target's addresses change as Flambé opens its
 * children's inspectors, and a cluster's recording counted the probe's GET / as a route of the burst ("GET / (1 requests)").
 */
export function useAddressAnswers(client: RendererClient, targetId: string | null, addresses: readonly string[], quiet = false): AddressAnswer[] | null {
  const [answers, setAnswers] = useState<{ key: string; list: AddressAnswer[] } | null>(null);
  const key = `${targetId} ${addresses.join(' ')}`;
  const several = !!targetId && addresses.length > 1;
  useEffect(() => {
    if (!several || !targetId || quiet) return;
    let cancelled = false;
    client.api.probeAddresses({ targetId }).then(
      (list) => { if (!cancelled) setAnswers({ key, list }); },
      () => { if (!cancelled) setAnswers({ key, list: [] }); },
    );
    return () => {
      cancelled = true;
    };
  }, [client, key, several, targetId, quiet]);
  return several && answers?.key === key ? answers.list : null;
}
