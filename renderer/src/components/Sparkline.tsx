import { bars, linePath, valueScale } from '../lib/spark.ts';

interface SparklineProps {
  values: readonly number[];
  /** What the chart shows, for screen readers. */
  label: string;
  width?: number;
  height?: number;
  /** Fixed top of the scale (e.g. 100 for percentages); the largest value otherwise. */
  max?: number;
  kind?: 'line' | 'bars';
  className?: string;
}

/** A tiny chart without axes: the shape of a series at a glance. */
export function Sparkline({ values, label, width = 140, height = 32, max, kind = 'line', className }: SparklineProps) {
  const scale = valueScale(values, { max });
  return (
    <svg
      className={`sparkline ${className ?? ''}`}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={label}
      preserveAspectRatio="none"
    >
      {kind === 'line' ? (
        <path d={linePath(values, width, height, scale, 1.5)} fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinejoin="round" />
      ) : (
        bars(values, width, height, scale).map((b, i) => <rect key={i} x={b.x} y={b.y} width={b.w} height={b.h} fill="currentColor" />)
      )}
    </svg>
  );
}
