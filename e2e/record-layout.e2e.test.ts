// The Record screen at the two sizes first-time users walked (issue 38): the
// sticky Record panel hid "Stop after" at 1280×800 and the sampling interval
// at 1024×700. Every field of the Load form, reached as a user reaches it (Tab
// or a click focuses it), must be the element under its own centre — not
// covered by the sticky bar — and inside the window; the Record button stays
// in view. Screenshots in e2e/artifacts/ (record-layout-*.png).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { artifacts, browserSession, hasChromium, waitForLaunchedTarget } from './helpers.ts';

const title = hasChromium ? 'Record screen layout' : 'Record screen layout (skipped: no Chromium at /usr/bin/chromium)';

describe.skipIf(!hasChromium)(title, () => {
  const errors: string[] = [];
  const session = browserSession({ width: 1280, height: 800, errors });

  it('leaves every Load field visible when it is focused, and the Record button in view, at 1280×800 and 1024×700', async () => {
    const { page, web } = session;
    await page.goto(web.url);
    await page.getByTestId('demo-button').click();
    await waitForLaunchedTarget(page);
    // The target's console after a clean start: its lines, none in the red of an error (issue 38: the inspector's
    // own lines were; the demo's "listening" line on stderr was too).
    const consolePane = page.getByTestId('console-pane');
    await expect.poll(() => consolePane.textContent(), { timeout: 10_000 }).toMatch(/Demo server listening on http:\/\/127\.0\.0\.1:\d+\//);
    expect(await consolePane.locator('.console-stderr').allTextContents()).toEqual([]);
    for (const size of [{ width: 1280, height: 800 }, { width: 1024, height: 700 }]) {
      await page.setViewportSize(size);
      await page.evaluate(() => window.scrollTo(0, 0));
      const fields = page.locator('section[aria-labelledby="load-heading"]').locator('input:visible, select:visible');
      const count = await fields.count();
      expect(count).toBeGreaterThan(5);
      const hidden: string[] = [];
      for (let i = 0; i < count; i++) {
        const field = fields.nth(i);
        await field.focus();
        const seen = await field.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const x = r.left + r.width / 2;
          const y = r.top + r.height / 2;
          const top = document.elementFromPoint(x, y);
          const inside = r.top >= 0 && r.bottom <= window.innerHeight;
          const label = el.closest('label, fieldset')?.textContent?.trim().slice(0, 40) ?? el.id;
          return { covered: !top || !(top === el || el.contains(top) || top.contains(el)), inside, label, by: top?.closest('section')?.getAttribute('aria-label') ?? top?.tagName ?? null };
        });
        if (seen.covered || !seen.inside) hidden.push(`${seen.label} (${seen.inside ? `under ${seen.by}` : 'outside the window'})`);
      }
      expect(hidden, `${size.width}×${size.height}`).toEqual([]);
      // The two the users could not see, by name.
      await page.locator('fieldset.stop-after input').first().focus();
      expect(await page.locator('fieldset.stop-after').isVisible()).toBe(true);
      await page.screenshot({ path: path.join(artifacts, `record-layout-stop-after-${size.width}x${size.height}.png`) });
      await page.locator('select[id$="-sampling"]').focus();
      await page.screenshot({ path: path.join(artifacts, `record-layout-sampling-${size.width}x${size.height}.png`) });
      // The Record button stays in the window wherever the form is scrolled.
      const button = await page.getByTestId('record-button').boundingBox();
      expect(button && button.y >= 0 && button.y + button.height <= size.height).toBe(true);
    }
    expect(errors).toEqual([]);
  });
});
