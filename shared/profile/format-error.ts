// The one error importers throw. Its message is shown to the user as is: it
// says what is wrong with the file in words, never a stack trace.
export class ProfileFormatError extends Error {
  override name = 'ProfileFormatError';
}

export function isProfileFormatError(e: unknown): e is ProfileFormatError {
  return e instanceof ProfileFormatError || (e instanceof Error && e.name === 'ProfileFormatError');
}
