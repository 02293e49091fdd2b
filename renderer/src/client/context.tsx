// The client reaches components through context; hooks subscribe to its
// events and connection state for as long as a component is mounted.
import { createContext, useContext, useEffect, useEffectEvent, useSyncExternalStore, type ReactNode } from 'react';
import type { FlambeEvent } from '../../../shared/api.ts';
import type { ConnectionStatus, RendererClient } from './types.ts';

const ClientContext = createContext<RendererClient | null>(null);

export function ClientProvider({ client, children }: { client: RendererClient; children: ReactNode }) {
  return <ClientContext.Provider value={client}>{children}</ClientContext.Provider>;
}

export function useClient(): RendererClient {
  const client = useContext(ClientContext);
  if (!client) throw new Error('useClient() needs a <ClientProvider> above it.');
  return client;
}

/** Calls `listener` with every event while the component is mounted (always the latest listener). */
export function useFlambeEvent(listener: (event: FlambeEvent) => void): void {
  const client = useClient();
  const onEvent = useEffectEvent(listener);
  useEffect(() => client.onEvent((event) => onEvent(event)), [client]);
}

export function useConnectionStatus(): ConnectionStatus {
  const { connection } = useClient();
  return useSyncExternalStore(connection.subscribe, connection.get);
}
