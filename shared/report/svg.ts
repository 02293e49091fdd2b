// The report's charts as SVG text: drawn without a browser (the CLI has
// none), rendered by GitHub, most wikis and every browser. Sizes in px of
// the viewBox; colours fixed (a report is read outside Flambé's theme).
import type { FlameNode } from '../profile/views/flame.ts';
import { formatCount, formatReadable, groupThousands } from '../number-format.ts';

const W = 640;
const PAD = { left: 56, right: 60, top: 14, bottom: 34 };
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const fmt = (v: number) => (v === 0 ? '0' : formatReadable(v));

/** A round top for an axis: 1, 2 or 5 × a power of ten. */
export function niceTop(max: number): number {
  if (!(max > 0)) return 1;
  const p = 10 ** Math.floor(Math.log10(max));
  return ([1, 2, 5, 10].find((m) => m * p >= max) ?? 10) * p;
}

const HUES = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#17becf', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22'];

function frame(h: number, inner: string[]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${h}" width="${W}" height="${h}" font-family="sans-serif" font-size="11">` +
    `<rect width="${W}" height="${h}" fill="#fff"/>${inner.join('')}</svg>`;
}

/** Bars (left axis) and a line (right axis) over labelled columns: a sweep's requests/s and p95. */
export function barsAndLineSvg(opts: { labels: string[]; bars: number[]; line: number[]; barsName: string; lineName: string; xName: string }): string {
  const H = 220;
  const w = W - PAD.left - PAD.right;
  const h = H - PAD.top - PAD.bottom;
  const bt = niceTop(Math.max(...opts.bars));
  const lt = niceTop(Math.max(...opts.line));
  const step = w / opts.labels.length;
  const x = (i: number) => PAD.left + step * (i + 0.5);
  const yb = (v: number) => PAD.top + h - (v / bt) * h;
  const yl = (v: number) => PAD.top + h - (v / lt) * h;
  const g: string[] = [];
  for (const f of [0, 0.5, 1]) {
    g.push(`<line x1="${PAD.left}" x2="${PAD.left + w}" y1="${yb(bt * f)}" y2="${yb(bt * f)}" stroke="#ddd"/>`,
      `<text x="${PAD.left - 6}" y="${yb(bt * f) + 4}" text-anchor="end" fill="#c0562b">${fmt(bt * f)}</text>`,
      `<text x="${PAD.left + w + 6}" y="${yl(lt * f) + 4}" fill="#222">${fmt(lt * f)} ms</text>`);
  }
  opts.bars.forEach((v, i) => g.push(`<rect x="${x(i) - step * 0.3}" width="${step * 0.6}" y="${yb(v)}" height="${PAD.top + h - yb(v)}" fill="#f6d5c5" stroke="#c0562b"/>`,
    `<text x="${x(i)}" y="${PAD.top + h + 16}" text-anchor="middle" fill="#555">${esc(opts.labels[i])}</text>`));
  g.push(`<path d="${opts.line.map((v, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${yl(v).toFixed(1)}`).join('')}" fill="none" stroke="#222" stroke-width="2"/>`);
  opts.line.forEach((v, i) => g.push(`<circle cx="${x(i)}" cy="${yl(v)}" r="3" fill="#222"/>`));
  g.push(`<text x="${PAD.left}" y="${H - 4}" fill="#555">${esc(`${opts.barsName} (bars, left) and ${opts.lineName} (line, right) against ${opts.xName}`)}</text>`);
  return frame(H, g);
}

/** One line per series over labelled columns: each route's p95 against connections. */
export function linesSvg(opts: { labels: string[]; series: { name: string; values: (number | null)[] }[]; unit: string; caption: string }): string {
  const legendRows = Math.ceil(opts.series.length / 3);
  const H = 232 + legendRows * 16;
  const w = W - PAD.left - PAD.right;
  const h = 220 - PAD.top - PAD.bottom;
  const top = niceTop(Math.max(...opts.series.flatMap((s) => s.values.filter((v): v is number => v !== null))));
  const step = w / opts.labels.length;
  const x = (i: number) => PAD.left + step * (i + 0.5);
  const y = (v: number) => PAD.top + h - (v / top) * h;
  const g: string[] = [];
  for (const f of [0, 0.5, 1]) {
    g.push(`<line x1="${PAD.left}" x2="${PAD.left + w}" y1="${y(top * f)}" y2="${y(top * f)}" stroke="#ddd"/>`,
      `<text x="${PAD.left - 6}" y="${y(top * f) + 4}" text-anchor="end" fill="#555">${fmt(top * f)} ${opts.unit}</text>`);
  }
  opts.labels.forEach((l, i) => g.push(`<text x="${x(i)}" y="${PAD.top + h + 16}" text-anchor="middle" fill="#555">${esc(l)}</text>`));
  opts.series.forEach((s, k) => {
    const c = HUES[k % HUES.length];
    const pts = s.values.map((v, i) => (v === null ? null : [x(i), y(v)] as const)).filter((p): p is readonly [number, number] => p !== null);
    g.push(`<path d="${pts.map(([px, py], i) => `${i ? 'L' : 'M'}${px.toFixed(1)},${py.toFixed(1)}`).join('')}" fill="none" stroke="${c}" stroke-width="2"/>`,
      ...pts.map(([px, py]) => `<circle cx="${px}" cy="${py}" r="3" fill="${c}"/>`),
      `<rect x="${PAD.left + (k % 3) * 190}" y="${214 + Math.floor(k / 3) * 16}" width="10" height="10" fill="${c}"/>`,
      `<text x="${PAD.left + (k % 3) * 190 + 14}" y="${223 + Math.floor(k / 3) * 16}" fill="#222">${esc(s.name)}</text>`);
  });
  g.push(`<text x="${PAD.left}" y="${H - 4}" fill="#555">${esc(opts.caption)}</text>`);
  return frame(H, g);
}

/** Pairs of bars (A, B) per measure, each measure on its own scale: an experiment's before and after. */
export function pairedBarsSvg(opts: { measures: { name: string; a: number; b: number; unit: string }[]; aName: string; bName: string }): string {
  const H = 200;
  const h = H - PAD.top - 50;
  const cw = (W - 40) / opts.measures.length;
  const g: string[] = [];
  opts.measures.forEach((m, i) => {
    const top = niceTop(Math.max(m.a, m.b));
    const x0 = 20 + cw * i;
    [[m.a, '#7f9fc4'], [m.b, '#c0562b']].forEach(([v, c], j) => {
      const bh = ((v as number) / top) * h;
      g.push(`<rect x="${x0 + cw * (0.15 + j * 0.36)}" width="${cw * 0.3}" y="${PAD.top + h - bh}" height="${bh}" fill="${c}"/>`,
        `<text x="${x0 + cw * (0.3 + j * 0.36)}" y="${PAD.top + h - bh - 4}" text-anchor="middle" fill="#222">${fmt(v as number)}</text>`);
    });
    g.push(`<text x="${x0 + cw / 2}" y="${PAD.top + h + 16}" text-anchor="middle" fill="#555">${esc(`${m.name} (${m.unit})`)}</text>`);
  });
  g.push(`<rect x="20" y="${H - 16}" width="10" height="10" fill="#7f9fc4"/><text x="34" y="${H - 7}">${esc(`A: ${opts.aName}`)}</text>`,
    `<rect x="${W / 2}" y="${H - 16}" width="10" height="10" fill="#c0562b"/><text x="${W / 2 + 14}" y="${H - 7}">${esc(`B: ${opts.bName}`)}</text>`);
  return frame(H, g);
}

const FLAME_ROW = 16;
const FLAME_W = 1000;

/** Colour by what the frame is: the app's own code warm, node_modules green, Node's own and native grey. */
function flameColour(n: FlameNode): string {
  if (!n.location || n.name.startsWith('(')) return '#c8c8c8';
  if (/node_modules/.test(n.location)) return '#8fc98f';
  if (/^node:|^internal\//.test(n.location)) return '#b5b5d8';
  return '#f2a65a';
}

/**
 * The flamegraph of the busy time, root at the top (an icicle): (idle) left
 * out (a server waiting for requests would fill the width with it), frames
 * narrower than 0.3 % left out, at most 40 levels deep. Walked iteratively.
 */
export function flameSvg(whole: FlameNode, title: string): string {
  const busy = whole.children.filter((c) => c.name !== '(idle)');
  const root: FlameNode = { ...whole, value: busy.reduce((n, c) => n + c.value, whole.selfMs), children: busy };
  const total = root.value || 1;
  const g: string[] = [];
  let depthMax = 0;
  const stack: { n: FlameNode; x: number; depth: number }[] = [{ n: root, x: 0, depth: 0 }];
  while (stack.length) {
    const { n, x, depth } = stack.pop()!;
    const w = (n.value / total) * FLAME_W;
    if (w < FLAME_W * 0.003 || depth > 40) continue;
    depthMax = Math.max(depthMax, depth);
    const y = 24 + depth * FLAME_ROW;
    const label = depth === 0 ? `busy time: ${formatCount(root.value)} ms (idle left out)` : n.name || '(anonymous)';
    const chars = Math.floor((w - 6) / 6.2);
    g.push(`<g><title>${esc(`${label}${n.location ? ` ${n.location}` : ''}: ${groupThousands(n.value, 1)} ms (${((n.value / total) * 100).toFixed(1)} %)`)}</title>` +
      `<rect x="${x.toFixed(1)}" y="${y}" width="${Math.max(0.5, w - 0.5).toFixed(1)}" height="${FLAME_ROW - 1}" fill="${depth === 0 ? '#e0e0e0' : flameColour(n)}"/>` +
      (chars >= 3 ? `<text x="${(x + 3).toFixed(1)}" y="${y + 12}" font-size="10">${esc(label.length > chars ? `${label.slice(0, chars - 1)}…` : label)}</text>` : '') + '</g>');
    let cx = x;
    const kids: { n: FlameNode; x: number; depth: number }[] = [];
    for (const c of n.children) {
      kids.push({ n: c, x: cx, depth: depth + 1 });
      cx += (c.value / total) * FLAME_W;
    }
    stack.push(...kids.reverse());
  }
  const H = 24 + (depthMax + 1) * FLAME_ROW + 8;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${FLAME_W} ${H}" width="${FLAME_W}" height="${H}" font-family="sans-serif">` +
    `<rect width="${FLAME_W}" height="${H}" fill="#fff"/><text x="4" y="15" font-size="12" fill="#222">${esc(title)}</text>${g.join('')}</svg>`;
}
