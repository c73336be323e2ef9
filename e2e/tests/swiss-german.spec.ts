import { expect, test } from '@playwright/test';
import { catalogue, origin, signInIn } from './support.ts';

const de = catalogue('de');

// Swiss Standard German has no "ß" (domain `spellFor`): the de-CH portal derives its texts
// from the German catalogue at load, and the server writes the ch operator's texts the same way.
test.describe('de-CH: ss, never ß', () => {
  test('no screen a Swiss member opens in German shows an ß or German quotes', async ({ page }) => {
    await signInIn(page, 'ch', 'closed_club', 'de-CH');
    for (const path of [
      '/',
      '/membership',
      '/membership/profile',
      '/membership/freeze',
      '/payment',
      '/contact',
    ]) {
      await page.goto(`${origin('ch')}${path}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
      const text = await page.locator('body').innerText();
      expect(text, path).not.toMatch(/ß|„/);
    }
    // A text that holds an ß in German shows it the Swiss way.
    await page.goto(`${origin('ch')}/payment`);
    await expect(page.locator('main')).toContainText(de.payments.refunds.title.replace('ß', 'ss'));
    expect(de.payments.refunds.title).toContain('ß');
  });
});
