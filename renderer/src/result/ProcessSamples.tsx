// How the process held up while it was profiled: event-loop utilization,
// CPU, memory, event-loop delay — one sparkline each.
import type { ProcessSample } from '../../../shared/api.ts';
import type { Term } from '../../../shared/glossary.ts';
import { Explain } from '../components/Explain.tsx';
import { Sparkline } from '../components/Sparkline.tsx';
import { formatNumber } from '../lib/format.ts';

interface Series {
  label: string;
  values: number[];
  unit: string;
  digits: number;
  max?: number;
  term?: Term;
}

function fmt(v: number, s: Series) {
  return `${formatNumber(v, s.digits)}${s.unit}`;
}

export function ProcessSamples({ samples }: { samples: ProcessSample[] }) {
  if (samples.length < 2) return <p className="muted">Not enough process samples were taken to draw them.</p>;
  const delay = samples.map((s) => s.loopDelayP99Ms).filter((v): v is number => v !== null);
  const series: Series[] = [
    { label: 'Event-loop utilization', values: samples.map((s) => s.elu * 100), unit: '%', digits: 0, max: 100, term: 'elu' },
    { label: 'CPU (one core = 100%)', values: samples.map((s) => s.cpuPercent), unit: '%', digits: 0, max: Math.max(100, ...samples.map((s) => s.cpuPercent)), term: 'cpu' },
    { label: 'Heap used', values: samples.map((s) => s.heapUsedMb), unit: ' MiB', digits: 1, term: 'heap' },
    { label: 'RSS', values: samples.map((s) => s.rssMb), unit: ' MiB', digits: 1 },
  ];
  // External memory (Buffers, ArrayBuffers) and the full collections: recordings from before Flambé sampled them have neither.
  if (samples.every((s) => typeof s.externalMb === 'number')) series.push({ label: 'External (Buffers)', values: samples.map((s) => s.externalMb!), unit: ' MiB', digits: 1 });
  if (samples.every((s) => typeof s.majorGcCount === 'number')) series.push({ label: 'Full GCs per sample', values: samples.map((s) => s.majorGcCount!), unit: '', digits: 0 });
  if (delay.length > 1) series.push({ label: 'Event-loop delay p99', values: delay, unit: ' ms', digits: 2, term: 'loop-delay' });

  return (
    <dl className="samples" data-testid="process-samples">
      {series.map((s) => {
        const mean = s.values.reduce((a, b) => a + b, 0) / s.values.length;
        const max = Math.max(...s.values);
        return (
          <div key={s.label} className="sample-row">
            <dt>{s.label}{s.term && <> <Explain term={s.term} /></>}</dt>
            <dd>
              <Sparkline values={s.values} max={s.max} width={220} height={30} label={`${s.label}: mean ${fmt(mean, s)}, max ${fmt(max, s)}`} />
              <span className="muted small">mean {fmt(mean, s)} · max {fmt(max, s)}</span>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
