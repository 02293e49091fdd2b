// Electron: the preload exposes a generic bridge (docs/ARCHITECTURE.md "One contract,
// three transports"); the typed API is built over it with createApiProxy.
import { createApiProxy, type FlambeEvent } from '../../../shared/api.ts';
import type { FlambeBridge } from '../../../shared/bridge.ts';
import { toFlambeEvent } from './events.ts';
import { ApiError, errorMessage, fixedConnection, type RendererClient } from './types.ts';

declare global {
  interface Window {
    flambe?: FlambeBridge;
  }
}

// ipcRenderer.invoke wraps rejections as "Error invoking remote method 'x': Error: …";
// the user should read only the sentence.
export function cleanIpcMessage(message: string): string {
  return message.replace(/^Error invoking remote method '[^']*': /, '').replace(/^(?:[A-Za-z]*Error: )+/, '');
}

export function createElectronClient(bridge: FlambeBridge): RendererClient {
  const api = createApiProxy(async (method, arg) => {
    try {
      return await bridge.invoke(method, arg);
    } catch (e) {
      throw new ApiError(cleanIpcMessage(errorMessage(e)), 'user');
    }
  });
  return {
    transport: 'electron',
    api,
    onEvent(listener: (event: FlambeEvent) => void) {
      // Checked again here: the event crossed a process boundary.
      return bridge.onEvent((raw: unknown) => {
        const event = toFlambeEvent(raw);
        if (event) listener(event);
      });
    },
    connection: fixedConnection('open'),
    close() {},
  };
}
