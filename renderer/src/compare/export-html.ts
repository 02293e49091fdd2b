// A comparison as one standalone HTML file — the verdict, warnings, load,
// bytes allocated per request and what changed — to attach to a ticket or a pull request. Every text is
// escaped: function names and URLs come from the profiled program.
import type { Comparison, Metric } from '../../../shared/compare/index.ts';
import { tableRows, type TableKey } from './change-rows.ts';
import { msPer1k, signed, signedBytes, signedPercent, surenessWords } from './compare-format.ts';
import { bytesText } from '../../../shared/memory/allocations.ts';

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => ESC[ch]);

const TOP = 30;

function loadRows(c: Comparison): [string, Metric, number][] {
  const out: [string, Metric, number][] = [];
  if (c.load) {
    out.push(['Requests/s', c.load.rps, 0], ['Latency p50 (ms)', c.load.p50Ms, 3], ['Latency p90 (ms)', c.load.p90Ms, 3], ['Latency p99 (ms)', c.load.p99Ms, 3],
      ['Latency max (ms)', c.load.maxMs, 3], ['Failed per 1 000 requests sent (errors + timeouts)', c.load.errorsPer1k, 1], ['Non-2xx per 1 000 requests', c.load.non2xxPer1k, 1]);
  }
  if (c.cpuMsPer1kRequests) out.push(['CPU per 1 000 requests, in the profile (ms, JavaScript thread)', c.cpuMsPer1kRequests, 1]);
  if (c.processCpuMsPer1k) out.push(['CPU per 1 000 requests, whole process (ms, all threads, from the OS)', c.processCpuMsPer1k, 1]);
  return out;
}

/** "Allocated per request": the total with how sure, then the functions that changed most (as the screen's AllocationTable). */
function allocationsHtml(c: Comparison): string {
  const a = c.allocations;
  if (!a) return '';
  const e = escapeHtml;
  const m = a.bytesPerRequest;
  const rows = a.functions.filter((f) => f.deltaBytesPerRequest !== 0).slice(0, TOP).map((f) => {
    const sure = surenessWords({ a: f.aBytesPerRequest, b: f.bBytesPerRequest, significant: f.significant, ci95: f.relativeCi95, negligible: f.negligible });
    return `<tr><th>${e(f.function)}${f.status !== 'changed' ? ` <em>[${f.status}]</em>` : ''}${f.location ? `<br><small>${e(f.location)}</small>` : ''}</th><td>${bytesText(f.aBytesPerRequest)}</td><td>${bytesText(f.bBytesPerRequest)}</td><td>${signedBytes(f.deltaBytesPerRequest)}</td><td>${e(sure)}</td></tr>`;
  });
  return `<h2>Allocated per request <small>(every thread, V8's sampling heap profiler)</small></h2>
<table><thead><tr><th></th><th>A</th><th>B</th><th>change</th><th>how sure</th></tr></thead><tbody>
<tr><th>All functions</th><td>${bytesText(m.a)}</td><td>${bytesText(m.b)}</td><td>${signedBytes(m.delta)} (${signedPercent(m.deltaPercent)})</td><td>${e(surenessWords(m))}</td></tr>
${rows.join('\n')}
</tbody></table>`;
}

export function comparisonHtml(c: Comparison, when = new Date()): string {
  const e = escapeHtml;
  const unit = c.perRequest ? 'CPU ms per 1 000 requests' : '% of each profile’s own time';
  const table = (key: TableKey, title: string) => {
    const rows = tableRows(c, key).slice(0, TOP);
    if (!rows.length) return '';
    return `<h2>${e(title)} <small>(${e(unit)}, largest change first)</small></h2>
<table><thead><tr><th></th><th>A</th><th>B</th><th>change</th><th>%</th></tr></thead><tbody>
${rows.map((r) => `<tr><th>${e(r.name)}${r.status !== 'changed' ? ` <em>[${r.status}]</em>` : ''}${r.location ? `<br><small>${e(r.location)}</small>` : ''}</th><td>${c.perRequest ? msPer1k(r.a) : r.a.toFixed(1)}</td><td>${c.perRequest ? msPer1k(r.b) : r.b.toFixed(1)}</td><td>${signed(r.delta, 2)}</td><td>${r.relative === null ? '—' : signedPercent(r.relative)}</td></tr>`).join('\n')}
</tbody></table>`;
  };
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${e(`Flambé: ${c.a.name} vs ${c.b.name}`)}</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<style>
body{font:15px/1.45 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1d1d1f}
h1{font-size:1.35rem} h2{font-size:1.1rem;margin-top:1.6rem} small{color:#666;font-weight:normal}
.verdict{font-size:1.1rem;background:#f4f1ea;padding:.8rem 1rem;border-radius:8px}
table{border-collapse:collapse;width:100%} th,td{padding:.25rem .5rem;border-bottom:1px solid #ddd;text-align:right;vertical-align:top} th:first-child{text-align:left}
.warn{color:#8a5200}
@media (prefers-color-scheme: dark){body{background:#161616;color:#eee}.verdict{background:#2a2724}th,td{border-color:#333}small{color:#aaa}}
</style></head><body>
<h1>A: ${e(c.a.name)}<br>B: ${e(c.b.name)}</h1>
<p class="verdict">${e(c.verdict)}</p>
${c.warnings.length ? `<h2>Unlike runs</h2><ul>${c.warnings.map((w) => `<li class="warn">${e(w.message)}</li>`).join('')}</ul>` : ''}
${c.unavailable.length ? `<h2>Not available</h2><ul>${c.unavailable.map((u) => `<li>${e(u)}</li>`).join('')}</ul>` : ''}
${loadRows(c).length ? `<h2>Load</h2><table><thead><tr><th></th><th>A</th><th>B</th><th>change</th><th>%</th><th>how sure</th></tr></thead><tbody>
${loadRows(c).map(([label, m, d]) => `<tr><th>${e(label)}</th><td>${m.a.toFixed(d)}</td><td>${m.b.toFixed(d)}</td><td>${signed(m.delta, d)}</td><td>${signedPercent(m.deltaPercent)}</td><td>${e(surenessWords(m))}</td></tr>`).join('\n')}
</tbody></table>` : ''}
${allocationsHtml(c)}
${table('buckets', 'Kinds of work')}
${table('functions', 'Functions')}
${table('packages', 'Packages')}
<h2>How sure?</h2><p>${e(c.howSure.summary)}</p>
<p><small>Exported by Flambé on ${e(when.toISOString().slice(0, 16).replace('T', ' '))} UTC.</small></p>
</body></html>
`;
}
