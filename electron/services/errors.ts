// A UserError is a fault the user can act on (bad input, a target that
// crashed, nothing listening): its message is one sentence for a student and
// is shown as is. Anything else is our bug and is reported as internal.
export class UserError extends Error {
  override name = 'UserError';
}

export function isUserError(e: unknown): e is UserError {
  return e instanceof UserError || (e instanceof Error && e.name === 'UserError');
}

export function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
