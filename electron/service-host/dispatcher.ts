// The service host's message handling as a plain function over a service,
// so it is tested under plain Node with a fake implementation
// (test/service-host/). main.ts only wires it to process.parentPort. Each
// call goes through the services' one dispatcher (validate, call, map errors).
import type { InvokeOutcome } from '../../shared/api.ts';
import { internalErrorSentence } from '../../shared/api-sentences.ts';
import { messageOf } from '../services/errors.ts';
import { dispatch } from '../services/dispatch/dispatch.ts';
import type { FlambeService } from '../services/service.ts';
import { isHostRequest, type HostReply } from './protocol.ts';

export interface HostDispatcherOptions {
  service: Pick<FlambeService, 'impl' | 'dispose'>;
  /** Posts a reply to main (process.parentPort.postMessage). May throw for a value that cannot be cloned. */
  send(reply: HostReply): void;
  /** Ends the host process once the service is disposed. */
  exit(code: number): void;
  log?(line: string): void;
}

/**
 * Returns the handler for one message from main. `invoke` is answered with
 * exactly one `result`; `dispose` stops the service (targets, recordings)
 * and exits, once, however often it is asked.
 */
export function createHostDispatcher(opts: HostDispatcherOptions): (message: unknown) => Promise<void> {
  const log = opts.log ?? (() => {});
  let disposing: Promise<void> | null = null;

  const reply = (id: number, outcome: InvokeOutcome) => {
    try {
      opts.send({ type: 'result', id, ...outcome });
    } catch (e) {
      // A result that cannot cross the process boundary is our bug; still answer, so main does not wait forever.
      log(`could not send the result of request ${id}: ${messageOf(e)}`);
      opts.send({ type: 'result', id, ok: false, error: { kind: 'internal', message: internalErrorSentence(e) } });
    }
  };

  return async (message) => {
    if (!isHostRequest(message)) {
      log(`ignored a message that is not a host request: ${JSON.stringify(message)?.slice(0, 200)}`);
      return;
    }
    if (message.type === 'dispose') {
      disposing ??= (async () => {
        try {
          await opts.service.dispose();
        } catch (e) {
          log(`dispose failed: ${messageOf(e)}`);
        }
        opts.exit(0);
      })();
      return disposing;
    }
    if (disposing) {
      reply(message.id, { ok: false, error: { kind: 'user', message: 'Flambé is closing.' } });
      return;
    }
    reply(message.id, await dispatch(opts.service.impl, message.method, message.arg, log));
  };
}
