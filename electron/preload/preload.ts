// The whole bridge between the sandboxed renderer and main (docs/ARCHITECTURE.md "One
// contract, three transports"): one generic `invoke` for every method of
// shared/api.ts and one event subscription. No per-method code, no logic.
// Bundled to ONE CommonJS file (dist/electron/preload.cjs): a sandboxed
// preload can require nothing but `electron`, so everything else is inlined.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { FlambeEvent, InvokeOutcome } from '../../shared/api.ts';
import { apiMethodNames } from '../../shared/api-methods.ts';
import { noSuchMethodSentence } from '../../shared/api-sentences.ts';
import { EVENT_CHANNEL, INVOKE_CHANNEL, type FlambeBridge } from '../../shared/bridge.ts';

const known = new Set<string>(apiMethodNames);

const bridge: FlambeBridge = {
  async invoke(method, arg) {
    if (typeof method !== 'string' || !known.has(method)) throw new Error(noSuchMethodSentence(method));
    const outcome = (await ipcRenderer.invoke(INVOKE_CHANNEL, method, arg)) as InvokeOutcome;
    if (outcome.ok) return outcome.result;
    throw new Error(outcome.error.message);
  },
  onEvent(listener) {
    if (typeof listener !== 'function') throw new TypeError('onEvent needs a function.');
    // The IpcRendererEvent (and its `sender`) never reaches the page.
    const forward = (_event: IpcRendererEvent, event: FlambeEvent) => listener(event);
    ipcRenderer.on(EVENT_CHANNEL, forward);
    return () => {
      ipcRenderer.removeListener(EVENT_CHANNEL, forward);
    };
  },
};

contextBridge.exposeInMainWorld('flambe', bridge);
