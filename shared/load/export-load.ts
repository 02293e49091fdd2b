// The same load, written for other tools: a k6 script (to run it distributed:
// k6-operator, k6 cloud) and the equivalent autocannon command line.
// Flambé does not grow its own distributed load engine (issue 13, item 8).
import type { LoadSettingsResolved } from '../recording/settings.ts';

interface Req { method: string; url: string; headers: Record<string, string>; body?: string; weight: number }

function requestsOf(load: LoadSettingsResolved): Req[] {
  if (!load.routes?.length) return [{ method: load.method, url: load.url, headers: load.headers, body: load.body, weight: 1 }];
  // The URL is validated http(s) (loadSettingsSchema); shared/ has no URL global in its types.
  const origin = /^https?:\/\/[^/?#]+/i.exec(load.url)?.[0] ?? load.url;
  return load.routes.map((r) => ({ method: r.method, url: origin + r.path, headers: { ...load.headers, ...r.headers }, body: r.body, weight: r.weight }));
}

const js = (x: unknown) => JSON.stringify(x);

/** A k6 script with the same routes, method, headers, body, connections (VUs) or rate, and duration. */
export function k6Script(load: LoadSettingsResolved): string {
  const reqs = requestsOf(load);
  const duration = `${load.durationSec}s`;
  let scenario: string;
  if (load.rate) {
    // Open model, like --rate: k6 starts iterations at the rate whatever the server does.
    scenario = `{ executor: 'constant-arrival-rate', rate: ${js(load.rate)}, timeUnit: '1s', duration: ${js(duration)}, preAllocatedVUs: ${load.connections}, maxVUs: ${load.connections * 4} }`;
  } else if (load.requests !== undefined) {
    scenario = `{ executor: 'shared-iterations', vus: ${Math.min(load.connections, load.requests)}, iterations: ${load.requests} }`;
  } else {
    // Closed loop, like Flambé's connections: each VU sends its next request when the last is answered.
    scenario = `{ executor: 'constant-vus', vus: ${load.connections}, duration: ${js(duration)} }`;
  }
  const total = reqs.reduce((n, r) => n + r.weight, 0);
  const lines = [
    '// Written by Flambé: the same load as its burst. Run: k6 run script.js',
    '// (distributed: k6-operator or k6 cloud). Percentiles: summaryTrendStats below.',
    "import http from 'k6/http';",
    '',
    'export const options = {',
    `  scenarios: { flambe: ${scenario} },`,
    "  summaryTrendStats: ['min', 'med', 'p(75)', 'p(90)', 'p(95)', 'p(99)', 'p(99.9)', 'max'],",
    '};',
    '',
    `const requests = ${JSON.stringify(reqs.map((r) => ({ method: r.method, url: r.url, headers: r.headers, body: r.body ?? null, weight: r.weight })), null, 2)};`,
    '',
    'export default function () {',
  ];
  if (reqs.length === 1) {
    lines.push('  const r = requests[0];');
  } else {
    lines.push(
      `  // Each route in proportion to its weight (total ${total}).`,
      `  let pick = Math.random() * ${total};`,
      '  let r = requests[requests.length - 1];',
      '  for (const q of requests) { if ((pick -= q.weight) < 0) { r = q; break; } }',
    );
  }
  lines.push(
    `  http.request(r.method, r.url, r.body, { headers: r.headers, timeout: ${js(`${load.timeoutSec}s`)}, tags: { name: r.method + ' ' + r.url } });`,
    '}',
    '',
  );
  return lines.join('\n');
}

const sh = (s: string) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);

/** The autocannon command line for the same load, or a sentence when its command line cannot express it. */
export function autocannonCommand(load: LoadSettingsResolved): { command: string | null; note: string | null } {
  if (load.routes && load.routes.length > 1) {
    return { command: null, note: 'autocannon\'s command line loads one URL: use the k6 script for several routes.' };
  }
  const [r] = requestsOf(load);
  const args = ['autocannon', '-c', String(load.connections)];
  if (load.requests !== undefined) args.push('-a', String(load.requests));
  else args.push('-d', String(load.durationSec));
  if (r.method !== 'GET') args.push('-m', r.method);
  for (const [k, v] of Object.entries(r.headers)) args.push('-H', sh(`${k}=${v}`));
  if (r.body !== undefined) args.push('-b', sh(r.body));
  if (load.timeoutSec !== 10) args.push('-t', String(load.timeoutSec));
  if (load.rate) args.push('-R', String(Math.ceil(load.rate)));
  args.push(sh(r.url));
  return {
    command: args.join(' '),
    note: load.rate ? 'autocannon -R sends each second\'s requests at once and times them from when they were sent; Flambé paces them and counts from when each was due.' : null,
  };
}
