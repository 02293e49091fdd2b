// Picks the transport once, at startup: Electron's preload bridge when the
// page runs in Flambé's window, HTTP + WebSocket otherwise (browser mode).
import { createBrowserClient } from './browser.ts';
import { createElectronClient } from './electron.ts';
import { takeToken } from './token.ts';
import type { RendererClient } from './types.ts';

export function createClient(win: Window = window): RendererClient {
  if (win.flambe) return createElectronClient(win.flambe);
  return createBrowserClient({ baseUrl: win.location.origin, token: takeToken(win) });
}

export { createBrowserClient, type BrowserClientOptions } from './browser.ts';
export { createElectronClient } from './electron.ts';
export type { FlambeBridge } from '../../../shared/bridge.ts';
export { ApiError, errorMessage, type ConnectionStatus, type RendererClient } from './types.ts';
