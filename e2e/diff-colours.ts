// Reads the differential flamegraph the way a person checks it: each coloured
// frame's colour (from the DOM) against the sign of the change its tooltip
// states. One sign everywhere (issue 38): change = B − A, red where B spends
// more, blue where B spends less, orange where the frame is new in B.
import type { Locator, Page } from 'playwright-core';

export interface FrameReading { name: string; fill: string; colour: 'red' | 'blue' | 'orange'; change: string; tip: string }

/**
 * d3-flame-graph 5's differential colours (differentialColorMapper): red rgb(220,x,x), blue rgb(x,x,220), the
 * deeper the larger the change against the frame's width; orange rgb(255,190,90) for a frame only in the shape's
 * side. Pale ones (a change near 0, whose tooltip may round to 0) are skipped.
 */
function colourOf(fill: string): FrameReading['colour'] | null {
  const m = /rgb\((\d+), (\d+), (\d+)\)/.exec(fill);
  if (!m) return null;
  const [r, g, b] = m.slice(1).map(Number);
  if (r === 255 && g === 190 && b === 90) return 'orange';
  if (r === 220 && g === b && g < 190) return 'red';
  if (b === 220 && r === g && r < 190) return 'blue';
  return null;
}

/** Up to `max` of the widest clearly coloured frames (those whose label matches `first` before the others), each hovered and its tooltip's "Change:" read. */
export async function readDiffFrames(page: Page, flame: Locator, max = 6, first?: RegExp): Promise<FrameReading[]> {
  const frames = await flame.locator('g.frame').evaluateAll((gs) => gs.map((g, i) => {
    const rect = g.querySelector('rect');
    const box = rect?.getBoundingClientRect();
    return { i, fill: rect ? getComputedStyle(rect).fill : '', width: box?.width ?? 0, name: g.querySelector('title')?.textContent ?? g.textContent ?? '' };
  }));
  const coloured = frames.map((f) => ({ ...f, colour: colourOf(f.fill) })).filter((f) => f.colour && f.width >= 8).sort((x, y) => Number(!!first?.test(y.name)) - Number(!!first?.test(x.name)) || y.width - x.width).slice(0, max);
  const out: FrameReading[] = [];
  for (const f of coloured) {
    const rect = flame.locator('g.frame').nth(f.i).locator('rect');
    await rect.scrollIntoViewIfNeeded();
    const box = (await rect.boundingBox())!;
    // Near the left edge, on the rectangle: the middle can sit under a label of the frame drawn over it.
    await page.mouse.move(box.x + 3, box.y + box.height / 2);
    const tip = (await page.locator('.d3-flame-graph-tip').textContent()) ?? '';
    const change = /Change: (\S+)/.exec(tip)?.[1] ?? `(no change in: ${tip})`;
    out.push({ name: tip.split('\n')[0], fill: f.fill, colour: f.colour!, change, tip });
  }
  return out;
}

/** The sign a colour stands for: red and orange are "B more" (+), blue "B less" (−). */
export function signAgrees(r: FrameReading): boolean {
  return r.colour === 'blue' ? r.change.startsWith('−') : r.change.startsWith('+');
}

/**
 * The frames whose label does not read on their fill, as drawn: each shown label's colour against its frame's
 * fill (WCAG contrast under 4, or a fill drawn see-through over the page, which darkens it in the dark theme).
 * The deep blue of "B spends less" once carried a near-black label (issue 38's walk).
 */
export function unreadableLabels(flame: Locator): Promise<string[]> {
  return flame.locator('g.frame').evaluateAll((gs) => {
    const lum = (c: string) => {
      const [r, g, b] = (/rgba?\((\d+), (\d+), (\d+)/.exec(c) ?? ['', '0', '0', '0']).slice(1).map((v) => {
        const x = Number(v) / 255;
        return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const out: string[] = [];
    for (const g of gs) {
      const rect = g.querySelector('rect');
      const label = g.querySelector<HTMLElement>('.d3-flame-graph-label');
      if (!rect || !label || !label.textContent || getComputedStyle(label).display === 'none') continue;
      const style = getComputedStyle(rect);
      const [a, b] = [lum(style.fill), lum(getComputedStyle(label).color)];
      const contrast = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      if (contrast < 4 || Number(style.fillOpacity) < 1) out.push(`${label.textContent} (${getComputedStyle(label).color} on ${style.fill} × ${style.fillOpacity}: ${contrast.toFixed(1)}:1)`);
    }
    return out;
  });
}
