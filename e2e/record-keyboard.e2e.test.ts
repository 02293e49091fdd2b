// The Record screen by keyboard alone (issue 38): with the demo server launched,
// Tab walks every control of the form in reading order — each one, as it takes
// the focus, on screen and not under the sticky Record panel (at 1024×700 it
// hid the sampling interval) — and Record is reached by Tab and started by
// Enter. At both sizes a user may have, 1280×800 and 1024×700.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSession, hasChromium, waitForLaunchedTarget } from './helpers.ts';

const title = hasChromium ? 'the Record screen by keyboard' : 'the Record screen by keyboard (skipped: no Chromium at /usr/bin/chromium)';

/** What has the focus: its test id or label, where it is, and whether it can be seen (not scrolled away, not covered). */
interface Stop { name: string; top: number; left: number; seen: boolean; coveredBy: string | null }

function focused(page: Page): Promise<Stop | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const r = el.getBoundingClientRect();
    const label = (el as HTMLInputElement).labels?.[0]?.textContent?.trim().slice(0, 40);
    const name = el.dataset.testid ?? el.getAttribute('aria-label') ?? (label || (el.textContent ?? '').trim().slice(0, 40) || el.tagName);
    const x = Math.min(Math.max(r.left + Math.min(r.width / 2, 8), 0), innerWidth - 1);
    const y = Math.min(Math.max(r.top + r.height / 2, 0), innerHeight - 1);
    const inView = r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth && r.width > 0 && r.height > 0;
    const atPoint = inView ? document.elementFromPoint(x, y) : null;
    // Covered: the point shows another element that is neither inside it nor its label.
    const mine = !!atPoint && (el.contains(atPoint) || atPoint.contains(el) || (atPoint as HTMLElement).closest?.('label')?.contains(el) === true);
    const cover = atPoint && !mine ? ((atPoint as HTMLElement).closest('[data-testid]') as HTMLElement | null)?.dataset.testid ?? atPoint.tagName : null;
    return { name, top: Math.round(r.top + scrollY), left: Math.round(r.left), seen: inView && mine, coveredBy: inView ? cover : 'scrolled away' };
  });
}

describe.skipIf(!hasChromium)(title, () => {
  const errors: string[] = [];
  const s = browserSession({ width: 1280, height: 800, errors });

  for (const [w, h] of [[1280, 800], [1024, 700]] as const) {
    it(`at ${w}×${h}: every control Tab reaches is on screen as it takes the focus, and Enter on Record records`, async () => {
      const { page } = s;
      await page.setViewportSize({ width: w, height: h });
      await page.goto(s.web.url);
      await page.getByTestId('nav-record').click();
      if (!(await page.getByTestId('target-info').isVisible())) {
        await page.getByTestId('demo-button').click();
        await waitForLaunchedTarget(page);
      }
      await page.getByTestId('duration-input').fill('1');
      await page.getByTestId('warmup-input').fill('0');
      // From the top of the page, Tab until Record has the focus (at most 80 stops).
      // Tab starts from the last focused control: start it from the top bar's Record, as a user who has just opened it.
      await page.getByTestId('nav-record').focus();
      await page.evaluate(() => scrollTo(0, 0));
      const stops: Stop[] = [];
      for (let i = 0; i < 80; i++) {
        await page.keyboard.press('Tab');
        const stop = await focused(page);
        if (!stop) continue;
        stops.push(stop);
        if (stop.name === 'record-button') break;
      }
      console.log(`${w}×${h}: ${stops.length} stops — ${stops.map((x) => x.name).join(' → ')}`);
      expect(stops.at(-1)?.name, 'Tab never reached Record').toBe('record-button');
      // The form's own controls on the way, each seen as it took the focus.
      for (const id of ['url-input', 'duration-input', 'warmup-input']) expect(stops.map((x) => x.name)).toContain(id);
      expect(stops.filter((x) => !x.seen).map((x) => `${x.name} (${x.coveredBy})`)).toEqual([]);
      await page.keyboard.press('Enter');
      await page.getByTestId('progress').waitFor({ timeout: 10_000 });
      await page.getByTestId('verdict').waitFor({ timeout: 60_000 });
      expect(errors).toEqual([]);
    }, 120_000);
  }
});
