// What must not travel in a file made to be shared: values of environment
// variables whose names look secret (API_TOKEN, DB_PASSWORD, AWS_SECRET_…),
// credentials written into URLs (postgres://user:pass@host), and request
// headers that carry them (Authorization, Cookie, X-Api-Key). An export masks
// them unless the user asks to include them, and says which it masked.
import type { RecordingResult } from './recording.ts';

const SECRET_NAME = /token|secret|passw|pwd|key|auth|cred|cookie|private|session/i;
const URL_CREDENTIALS = /(\b[a-z][a-z0-9+.-]*:\/\/)([^/@\s:]+):([^/@\s]+)@/gi;
export const MASK = '(masked)';

/** True when a variable or header with this name likely holds a secret. */
export function looksSecret(name: string): boolean {
  return SECRET_NAME.test(name);
}

/** `text` with the password of every URL in it masked (user:pass@ → user:(masked)@). */
export function maskUrlCredentials(text: string): string {
  return text.replace(URL_CREDENTIALS, (_m, scheme: string, user: string) => `${scheme}${user}:${MASK}@`);
}

function maskRecord(values: Record<string, string>, where: string, masked: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) {
    const value = looksSecret(k) ? MASK : maskUrlCredentials(v);
    if (value !== v) masked.push(`${where} ${k}`);
    out[k] = value;
  }
  return out;
}

function maskList(values: string[], where: string, masked: string[]): string[] {
  return values.map((v) => {
    const value = maskUrlCredentials(v);
    if (value !== v) masked.push(`${where} "${value}"`);
    return value;
  });
}

/** The recording with its secret-looking values masked, and what was masked (in words: "environment variable API_TOKEN"). */
export function maskSecrets(rec: RecordingResult): { recording: RecordingResult; masked: string[] } {
  const masked: string[] = [];
  let { target, settings } = rec;
  if (target) {
    target = {
      ...target,
      argv: maskList(target.argv, 'argument', masked),
      ...(target.env ? { env: maskRecord(target.env, 'environment variable', masked) } : {}),
      ...(target.args ? { args: maskList(target.args, 'argument', []) } : {}),
    };
  }
  if (settings) {
    const load = settings.load;
    settings = {
      ...settings,
      load: {
        ...load,
        url: maskUrlCredentials(load.url),
        headers: maskRecord(load.headers, 'header', masked),
        ...(load.routes ? { routes: load.routes.map((r) => ({ ...r, headers: maskRecord(r.headers, 'header', masked) })) } : {}),
      },
    };
    if (settings.load.url !== load.url) masked.push('the URL\'s password');
  }
  return { recording: { ...rec, target, settings }, masked: [...new Set(masked)] };
}

/** The sentence an export shows when it masked something. */
export function maskedSentence(masked: string[]): string | null {
  if (!masked.length) return null;
  const list = masked.length > 4 ? `${masked.slice(0, 4).join(', ')} and ${masked.length - 4} more` : masked.join(', ');
  return `Masked ${masked.length === 1 ? 'a value that looks secret' : `${masked.length} values that look secret`} (${list}); export with secrets included to keep ${masked.length === 1 ? 'it' : 'them'}.`;
}
