// One check for "is this a call of the contract with a valid argument",
// used where a call arrives from another process: main (from the renderer)
// and the service host (from main). Answers in a sentence a student can act on.
import { apiInputSchemas, describeValidationError, isApiMethod, type ApiErrorPayload, type ApiMethod } from '../../shared/api.ts';

export type ValidatedCall = { ok: true; method: ApiMethod; arg: unknown } | { ok: false; error: ApiErrorPayload };

export function validateCall(method: unknown, arg: unknown): ValidatedCall {
  if (!isApiMethod(method)) {
    return { ok: false, error: { kind: 'user', message: `There is no API method "${String(method).slice(0, 80)}".` } };
  }
  const parsed = apiInputSchemas[method].safeParse(arg);
  if (!parsed.success) return { ok: false, error: { kind: 'user', message: describeValidationError(parsed.error) } };
  return { ok: true, method, arg: parsed.data };
}
