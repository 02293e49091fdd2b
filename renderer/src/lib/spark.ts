// Geometry for the small SVG charts (no chart library: a path is enough).

export interface Scale {
  min: number;
  max: number;
}

/** The range to draw: from min (or 0) to max, never empty. */
export function valueScale(values: readonly number[], opts: { zeroBased?: boolean; max?: number } = {}): Scale {
  const finite = values.filter(Number.isFinite);
  let min = opts.zeroBased === false && finite.length ? Math.min(...finite) : 0;
  let max = opts.max ?? (finite.length ? Math.max(...finite) : 1);
  if (max <= min) {
    max = min + 1;
    min = Math.min(min, 0);
  }
  return { min, max };
}

/** An SVG path "M x y L x y …" through the values, x spread over the width, y flipped. */
export function linePath(values: readonly number[], width: number, height: number, scale: Scale, pad = 1): string {
  if (values.length === 0) return '';
  const span = scale.max - scale.min;
  const y = (v: number) => pad + (height - 2 * pad) * (1 - (Math.min(Math.max(v, scale.min), scale.max) - scale.min) / span);
  if (values.length === 1) {
    const yy = y(values[0]).toFixed(1);
    return `M0 ${yy} L${width} ${yy}`;
  }
  const step = width / (values.length - 1);
  return values
    .map((v, i) => `${i === 0 ? 'M' : 'L'}${(i * step).toFixed(1)} ${(Number.isFinite(v) ? y(v) : height - pad).toFixed(1)}`)
    .join(' ');
}

/** Bars as rectangles: one per value, with a small gap. */
export function bars(values: readonly number[], width: number, height: number, scale: Scale): { x: number; y: number; w: number; h: number }[] {
  if (values.length === 0) return [];
  const slot = width / values.length;
  const gap = slot > 4 ? 1 : 0;
  const span = scale.max - scale.min;
  return values.map((v, i) => {
    const h = Number.isFinite(v) ? (height * (Math.min(Math.max(v, scale.min), scale.max) - scale.min)) / span : 0;
    return { x: i * slot, y: height - h, w: Math.max(slot - gap, 0.5), h };
  });
}
