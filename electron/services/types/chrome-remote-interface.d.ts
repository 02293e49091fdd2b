// Minimal types for chrome-remote-interface 0.34 (it ships none): only what we use.
declare module 'chrome-remote-interface' {
  interface CdpClient {
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
