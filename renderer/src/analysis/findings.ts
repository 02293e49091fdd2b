// Plain-language findings for the "Where the time went" panel (docs/ARCHITECTURE.md:
// "38% of CPU time is spent writing to the terminal from console.log in
// routes/random.js:45"), from shared/profile's categories and buckets.
import { msPerThousandRequests } from '../../../shared/profile/index.ts';
import { formatPercent, formatTimeMs } from '../lib/format.ts';
import { shortLocation } from './location.ts';
import type { TimeData } from './protocol.ts';

export interface Finding {
  id: string;
  text: string;
}

/** Buckets and functions under this share of the profile are not worth a sentence. */
const MIN_PERCENT = 1;

export function findings(time: TimeData, requests: number | null): Finding[] {
  const out: Finding[] = [];
  const idleMs = time.categories.find((c) => c.kind === 'idle')?.ms ?? 0;
  const busyMs = time.durationMs - idleMs;
  const pct = (p: number) => formatPercent(p / 100, p >= 10 ? 0 : 1);
  // "38% of the time (76% of the time it was busy)" when idle time would hide how big it is.
  const share = (ms: number, percent: number) =>
    idleMs > time.durationMs * 0.05 && busyMs > 0 ? `${pct(percent)} of the time (${pct((ms / busyMs) * 100)} of the time the server was busy)` : `${pct(percent)} of the time`;
  const perRequests = (ms: number) => (requests ? ` That is ${formatTimeMs(msPerThousandRequests(ms, requests))} of CPU per 1 000 requests.` : '');
  const where = (name: string, location: string) => (location ? `${name} in ${shortLocation(location)}` : name);

  for (const b of [...time.buckets].sort((x, y) => y.ms - x.ms)) {
    if (b.percent < MIN_PERCENT) continue;
    const callers = b.callers.filter((c) => c.frame >= 0);
    const first = callers[0];
    // "from jsonRoute in server.js:37, at “JSON.stringify(catalogue)”" when the line that did it is known.
    const firstWhere = first && (first.line ? `${where(first.name, first.line.location)}, at “${shorten(first.line.text.replace(/;\s*$/, ''), 70)}”` : where(first.name, first.location));
    const from = callers.length === 0 ? ''
      : callers.length === 1 ? `, from ${firstWhere}`
        : `, mostly from ${firstWhere}, ${pct(first.percent)}, and ${callers.length - 1} other place${callers.length > 2 ? 's' : ''}`;
    out.push({ id: `bucket-${b.id}`, text: `${capitalize(share(b.ms, b.percent))} is spent in ${b.name}${from}.${perRequests(b.ms)}` });
  }

  const top = time.topOwn[0];
  if (top && top.selfPercent >= MIN_PERCENT) {
    out.push({
      id: 'top-own',
      text: `Your busiest function is ${where(top.name, top.location)}: ${share(top.selfMs, top.selfPercent)} is spent in its own code (not in what it calls).${perRequests(top.selfMs)}`,
    });
  }

  const heaviestPackage = time.categories.find((c) => c.kind === 'dependency');
  if (heaviestPackage && heaviestPackage.percent >= 5) {
    out.push({ id: 'package', text: `The ${heaviestPackage.name} package takes ${share(heaviestPackage.ms, heaviestPackage.percent)}.${perRequests(heaviestPackage.ms)}` });
  }

  const gc = time.categories.find((c) => c.kind === 'gc');
  if (gc && gc.percent >= 5) {
    out.push({ id: 'gc', text: `Garbage collection takes ${share(gc.ms, gc.percent)}: the server creates many short-lived objects (big strings, arrays, copies).` });
  }

  const idle = time.categories.find((c) => c.kind === 'idle');
  if (idle && idle.percent >= 50) {
    out.push({ id: 'idle', text: `The server was idle ${pct(idle.percent)} of the time: the load did not keep it busy. More connections would push it harder.` });
  }
  return out;
}

function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
