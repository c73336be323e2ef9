import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, origin, signIn, useEnglish, usePortalClock } from './support.ts';

test.use({ bypassCSP: true }); // for the injected axe-core script

async function noSidewaysScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}

test('a member saves the membership card to Apple Wallet and Google Wallet, then removes its code', async ({
  page,
  request,
}) => {
  await usePortalClock(page, request);
  await useEnglish(page, 'de');
  await signIn(page, 'de', 'rfid');
  await page.goto(`${origin('de')}/entry`);
  await expect(page.getByRole('heading', { name: 'Membership card in your wallet' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/wallet-1280.png', fullPage: true });

  // Apple: the signed pass as a .pkpass download.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Add to Apple Wallet' }).click();
  expect((await download).suggestedFilename()).toBe('membership.pkpass');

  // Google: the browser goes to Google's save link (answered here, not by Google).
  let saved = '';
  await page.route('https://pay.google.com/**', (route) => {
    saved = route.request().url();
    return route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Google Wallet</title>' });
  });
  await page.getByRole('button', { name: 'Add to Google Wallet' }).click();
  await expect.poll(() => saved).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/);
  // The navigation to Google's page ends before the test goes back.
  await page.waitForURL(/^https:\/\/pay\.google\.com\//);

  await page.goto(`${origin('de')}/entry`);
  await page.getByRole('button', { name: 'Remove wallet code' }).click();
  await expect(page.getByText('The wallet code has been removed.')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the wallet buttons fit 320 px and 390 px', async ({ page, request }) => {
  await usePortalClock(page, request);
  await useEnglish(page, 'de');
  await signIn(page, 'de', 'active');
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 740 });
    await page.goto(`${origin('de')}/entry`);
    await expect(page.getByRole('button', { name: 'Add to Google Wallet' })).toBeVisible();
    await noSidewaysScroll(page);
    await page.getByRole('heading', { name: 'Membership card in your wallet' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/wallet-${width}.png`, fullPage: true });
  }
  // In German, the platforms' own wording, and still no sideways scroll at 320 px.
  await page.setViewportSize({ width: 320, height: 740 });
  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Deutsch' });
  await expect(page.locator('html')).toHaveAttribute('lang', /^de/);
  await expect(page.getByRole('button', { name: 'Zu Apple Wallet hinzufügen' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Zu Google Wallet hinzufügen' })).toBeVisible();
  await noSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/wallet-de-320.png', fullPage: true });
});
