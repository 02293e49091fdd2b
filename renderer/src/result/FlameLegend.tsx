// The flamegraph's colour legend: each kind of frame with its share of the
// profile's own (self) time or bytes — a frame's width is its total, so the
// legend says which of the two its numbers are.
import type { FlameData } from '../lib/flame-data.ts';
import { LEGEND, legendColor } from '../lib/frame-colors.ts';
import { formatPercent } from '../lib/format.ts';
import { Explain } from '../components/Explain.tsx';
import type { Term } from '../../../shared/glossary.ts';

// Legend entries whose word a student may not know: a "what is this?" next to them.
const LEGEND_TERMS: Partial<Record<string, Term>> = { native: 'native', gc: 'gc', idle: 'idle', program: 'program' };

export function FlameLegend({ data }: { data: FlameData }) {
  const bytes = data.unit === 'bytes';
  return (
    <ul className="legend" aria-label={`Colours: each kind’s share of the profile’s own ${bytes ? 'bytes allocated' : 'time'}`}>
      <li className="legend-title muted">{bytes ? 'Own bytes (allocated by the function itself, not its callees):' : 'Own time (self, without callees):'}</li>
      {LEGEND.filter((c) => c.key === 'user' || c.key === 'dependency' || c.key === 'node' || data.selfMsByClass[c.key] > 0).map((c) => (
        <li key={c.key} data-class={c.key}>
          <span className="swatch" style={{ background: legendColor(c.key) }} aria-hidden="true" />
          {c.label}
          {c.key !== 'folded' && data.totalMs > 0 && <span className="muted"> {formatPercent(data.selfMsByClass[c.key] / data.totalMs)}</span>}
          {LEGEND_TERMS[c.key] && <> <Explain term={LEGEND_TERMS[c.key]!} /></>}
        </li>
      ))}
    </ul>
  );
}
