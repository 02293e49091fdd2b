// The service host's message handling as plain functions over a service, so
// it is tested under plain Node with a fake FlambeApi (test/main/).
// service-host.ts only wires these to process.parentPort.
import type { FlambeApi } from '../../shared/api.ts';
import { isUserError, messageOf } from '../services/errors.ts';
import type { FlambeService } from '../services/service.ts';
import { isHostRequest, type HostReply, type InvokeOutcome } from './ipc-contract.ts';
import { validateCall } from './validate-call.ts';

/** Validates `method` and `arg` against the contract, then calls the service. Never throws. */
export async function invokeService(api: FlambeApi, method: unknown, arg: unknown, log: (line: string) => void = () => {}): Promise<InvokeOutcome> {
  const call = validateCall(method, arg);
  if (!call.ok) return call;
  try {
    const fn = api[call.method] as (a: unknown) => Promise<unknown>;
    return { ok: true, result: await fn.call(api, call.arg) };
  } catch (e) {
    if (isUserError(e)) return { ok: false, error: { kind: 'user', message: e.message } };
    log(`internal error in ${call.method}: ${e instanceof Error ? e.stack : String(e)}`);
    return { ok: false, error: { kind: 'internal', message: `Something went wrong inside Flambé: ${messageOf(e)}` } };
  }
}

export interface HostDispatcherOptions {
  service: Pick<FlambeService, 'api' | 'dispose'>;
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
      opts.send({ type: 'result', id, ok: false, error: { kind: 'internal', message: `Something went wrong inside Flambé: ${messageOf(e)}` } });
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
    reply(message.id, await invokeService(opts.service.api, message.method, message.arg, log));
  };
}
