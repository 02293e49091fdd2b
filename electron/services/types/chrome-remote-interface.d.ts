// Types for chrome-remote-interface 0.34 (it ships none): only what we use. A
// command of the Chrome DevTools Protocol answers the type the protocol itself
// declares (devtools-protocol, generated from it, as DevTools types its
// replies); Node's own domains (NodeRuntime, NodeWorker), which that package
// does not cover, answer unknown and are checked where they are read.
declare module 'chrome-remote-interface' {
  import type { ProtocolMapping } from 'devtools-protocol/types/protocol-mapping.d.ts';
  type Commands = ProtocolMapping.Commands;
  interface CdpClient {
    send<M extends keyof Commands>(method: M, ...params: Commands[M]['paramsType']): Promise<Commands[M]['returnType']>;
    send(method: string, params?: Record<string, unknown>): Promise<unknown>;
    on(event: 'disconnect', listener: () => void): void;
    on(event: string, listener: (params: unknown) => void): void;
    close(): Promise<void>;
  }
  interface CdpOptions {
    host?: string;
    port?: number;
    target?: string;
    local?: boolean;
  }
  function CDP(options: CdpOptions): Promise<CdpClient>;
  export default CDP;
  export type { CdpClient };
}
