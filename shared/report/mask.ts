// Secrets stay out of a report: an environment variable whose name says it
// holds one (token, secret, password, key, credential, auth, session, cookie,
// private) is shown masked, and so is a password inside a URL
// ("postgres://app:hunter2@db" → "postgres://app:***@db").
const SECRET_NAME = /(token|secret|passw(or)?d|pwd|api[_-]?key|(^|_)key$|private|credential|auth|session|cookie|dsn)/i;

export function maskValue(name: string, value: string): string {
  if (SECRET_NAME.test(name)) return value ? '***' : '';
  return maskUrlPassword(value);
}

export function maskUrlPassword(text: string): string {
  return text.replace(/([a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:)[^\s@/]+@/gi, '$1***@');
}

/** "KEY=value" lines for a report, secrets masked. */
export function maskedEnv(env: Record<string, string> | undefined): string[] {
  return Object.entries(env ?? {}).map(([k, v]) => `${k}=${maskValue(k, v)}`);
}

/** A command-line argument with a secret ("--token=abc", a URL with a password) masked. */
export function maskArg(arg: string): string {
  const m = /^(--?[\w-]+)=(.*)$/.exec(arg);
  if (m && SECRET_NAME.test(m[1])) return `${m[1]}=***`;
  return maskUrlPassword(arg);
}
