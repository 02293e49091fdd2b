// Where each request's wall time went (shared/request-time/): the parts of a
// request's latency beside the load numbers — its own CPU, each thing it
// waited on, queueing — as a bar overall and one per route, and the CPU spent
// in the background, outside any request.
import { answeredBesideSeen } from '../../../shared/load/request-counts.ts';
import type { LoadSummary } from '../../../shared/recording/load.ts';
import type { RequestTime as Measured, RequestTimePart } from '../../../shared/recording/request-time.ts';
import { backgroundSentence, partLabel, requestsSeenText } from '../../../shared/request-time/sentence.ts';
import { placeText } from '../../../shared/request-time/wait-places.ts';
import { routeCpuCaveat, routeCpuIsWide, routeCpuText } from '../../../shared/request-time/route-cpu-text.ts';
import { formatMs } from '../lib/format.ts';
import './request-time.css';

const shown = (parts: readonly RequestTimePart[]) => parts.filter((p) => p.share >= 0.005);
// Parts on one server differ by their statement (two queries to one PostgreSQL): the key holds it.
const partKey = (p: RequestTimePart) => `${p.kind} ${p.target} ${p.statement ?? ''}`;

function PartsBar({ parts, label }: { parts: readonly RequestTimePart[]; label: string }) {
  return (
    <div className="rt-bar" role="img" aria-label={`${label}: ${shown(parts).map((p) => `${partLabel(p)} ${Math.round(p.share * 100)}%`).join(', ')}`}>
      {shown(parts).map((p) => (
        <span key={partKey(p)} className={`rt-part rt-${p.kind}`} style={{ width: `${p.share * 100}%` }}
          title={`${partLabel(p)}: ${formatMs(p.msPerRequest)} per request (${Math.round(p.share * 100)}%)`} />
      ))}
    </div>
  );
}

export function RequestTime({ measured, load }: { measured: Measured; load: LoadSummary | null }) {
  const background = backgroundSentence(measured);
  return (
    <div className="request-time" data-testid="request-time">
      <p className="muted small">
        {requestsSeenText(measured)}{answeredBesideSeen(measured.requests, load)}, {formatMs(measured.perRequestMs.mean)} each on average ({formatMs(measured.perRequestMs.p50)} p50).
      </p>
      <PartsBar parts={measured.parts} label="Each request" />
      <table className="rt-parts" data-testid="request-time-parts">
        <thead><tr><th>Part</th><th className="num">ms per request</th><th className="num">share</th><th className="num">calls</th><th>from</th></tr></thead>
        <tbody>
          {shown(measured.parts).map((p) => (
            <tr key={partKey(p)} data-statement={p.statement}>
              <td><span className={`rt-swatch rt-${p.kind}`} aria-hidden="true" /> {partLabel(p)}</td>
              <td className="num">{formatMs(p.msPerRequest)}</td>
              <td className="num">{Math.round(p.share * 100)}%</td>
              <td className="num">{p.callsPerRequest > 0 ? Number(p.callsPerRequest.toPrecision(2)) : ''}</td>
              <td className="mono small">{p.from ? `${placeText(p.from)}${p.via ? `, via ${p.via}` : ''}` : p.via ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {measured.byRoute.length > 1 && (
        <table className="rt-routes" data-testid="request-time-routes">
          <thead><tr><th>Route</th><th className="num">requests</th><th className="num">mean</th><th>where the time went</th><th className="num">CPU</th><th>CPU in</th></tr></thead>
          <tbody>
            {measured.byRoute.map((r) => (
              <tr key={`${r.method} ${r.path}`}>
                <td className="mono">{r.method} {r.path}</td>
                <td className="num">{r.requests}</td>
                <td className="num">{formatMs(r.perRequestMs.mean)}</td>
                <td className="rt-route-bar"><PartsBar parts={r.parts} label={`${r.method} ${r.path}`} /></td>
                <td className="num" title={routeCpuCaveat(r) || undefined}>{routeCpuIsWide(r) ? `about ${formatMs(r.cpuMsPerRequest)}` : formatMs(r.cpuMsPerRequest)}</td>
                <td className="mono small">{r.topFunction ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {measured.byRoute.length > 1 && measured.byRoute.some(routeCpuIsWide) && (
        <ul className="muted small" data-testid="request-time-cpu-caveats">
          {measured.byRoute.filter(routeCpuIsWide).map((r) => <li key={`${r.method} ${r.path}`}>{r.method} {r.path}: {routeCpuText(r)}.</li>)}
        </ul>
      )}
      {background && <p className="rt-background" data-testid="request-time-background">{background}</p>}
    </div>
  );
}
