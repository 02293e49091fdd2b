// What a launched run was given besides the script — environment variables
// and arguments — in a few words for its default name: two runs of one route
// that differ only in LOG=1 must not get the same name. Values of variables
// that look secret are never written into a name (the one rule: shared/recording/secrets.ts).
import { looksSecret, maskArgv, maskText } from '../../../shared/recording/secrets.ts';

const MAX = 60;

export function launchDetails(target: { env?: Record<string, string>; args?: string[] } | null | undefined): string {
  if (!target) return '';
  const env = Object.entries(target.env ?? {}).map(([k, v]) => `${k}=${looksSecret(k) ? '…' : maskText(v)}`);
  const args = maskArgv(target.args ?? []).map((a) => (/\s/.test(a) ? JSON.stringify(a) : a));
  const text = [...env, ...args].join(' ');
  return text.length > MAX ? `${text.slice(0, MAX - 1)}…` : text;
}
