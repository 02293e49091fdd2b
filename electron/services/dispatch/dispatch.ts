// The one way into the services. Every transport — the browser-mode server,
// the Electron service host and the CLI — hands a call here: the method name
// and argument are validated ONCE against the contract (shared/api.ts), the
// implementation is called with the parsed argument, and a failure becomes
// the contract's error shape ONCE. Generic over the method: a method added to
// the contract flows through without any wiring here.
import {
  apiInputSchemas, createApiProxy, describeValidationError, isApiMethod,
  type ApiErrorPayload, type ApiMethod, type FlambeApi, type FlambeServiceApi, type InvokeOutcome,
} from '../../../shared/api.ts';
import { internalErrorSentence, noSuchMethodSentence } from '../../../shared/api-sentences.ts';
import { UserError, isUserError } from '../errors.ts';

export type ValidatedCall = { ok: true; method: ApiMethod; arg: unknown } | { ok: false; error: ApiErrorPayload };

/** Is this a call of the contract with a valid argument? Answers in a sentence a student can act on. */
export function validateCall(method: unknown, arg: unknown): ValidatedCall {
  if (!isApiMethod(method)) {
    return { ok: false, error: { kind: 'user', message: noSuchMethodSentence(method) } };
  }
  const parsed = apiInputSchemas[method].safeParse(arg ?? {});
  if (!parsed.success) return { ok: false, error: { kind: 'user', message: describeValidationError(parsed.error) } };
  return { ok: true, method, arg: parsed.data };
}

/** The contract's error shape for anything a method threw: a UserError's sentence as is, anything else as our bug. */
export function toErrorPayload(e: unknown, method: string, log: (line: string) => void = () => {}): ApiErrorPayload {
  if (isUserError(e)) return { kind: 'user', message: e.message };
  log(`internal error in ${method}: ${e instanceof Error ? e.stack : String(e)}`);
  return { kind: 'internal', message: internalErrorSentence(e) };
}

function call(api: FlambeServiceApi, method: ApiMethod, arg: unknown): Promise<unknown> {
  const fn = api[method] as (a: unknown) => Promise<unknown>;
  return fn.call(api, arg);
}

/** Validates, calls, and answers with an outcome. Never throws. */
export async function dispatch(api: FlambeServiceApi, method: unknown, arg: unknown, log?: (line: string) => void): Promise<InvokeOutcome> {
  const validated = validateCall(method, arg);
  if (!validated.ok) return validated;
  try {
    return { ok: true, result: (await call(api, validated.method, validated.arg)) ?? null };
  } catch (e) {
    return { ok: false, error: toErrorPayload(e, validated.method, log) };
  }
}

/**
 * A FlambeApi for in-process callers (the CLI, tests): every call validated
 * like a call from another process. A refused argument throws a UserError
 * with the sentence; what the method throws is passed on unchanged (the CLI
 * tells its own errors from ours by it).
 */
export function validatedApi(api: FlambeServiceApi): FlambeApi {
  return createApiProxy(async (method, arg) => {
    const validated = validateCall(method, arg);
    if (!validated.ok) throw new UserError(validated.error.message);
    return call(api, validated.method, validated.arg);
  });
}

