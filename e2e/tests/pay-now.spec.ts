import { expect, type Page, test } from '@playwright/test';
import { catalogue, expectNoAxeViolations, origin, outbox, signInIn, textOf } from './support.ts';

// Paying an open invoice now (docs/payments.md, "Paying an open invoice"). unpaid@at is
// also signed in by lifecycle.spec.ts, which freezes it and reads nothing of its invoices.
test.use({ bypassCSP: true }); // for the injected axe-core script

const de = catalogue('de');
const t = (path: string, values: Record<string, string | number> = {}) => textOf(de, path, values);

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const unpaidNotice = (page: Page) => region(page, t('payments.unpaid.title'));
const paymentMenuLink = (page: Page) =>
  page
    .getByRole('navigation', { name: t('nav.label') })
    .getByRole('link', { name: new RegExp(`^${t('nav.payment')}`) });

/** No sideways scroll: the page is not wider than the window. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

test('an Austrian unpaid member pays the open invoice now: the invoice is paid, the alert goes, a receipt is e-mailed', async ({
  page,
  request,
}) => {
  await signInIn(page, 'at', 'unpaid', 'de-AT');
  await page.goto(`${origin('at')}/payment`);
  const notice = unpaidNotice(page);
  await expect(notice).toBeVisible();
  await expect(paymentMenuLink(page)).toHaveAccessibleName(`${t('nav.payment')} ${t('nav.paymentRequired')}`);
  const pay = notice.getByRole('button', { name: t('payNow.action') });
  await expect(pay).toHaveCount(1);
  await expect(pay).toHaveText(t('payNow.action'));
  const label = (await pay.getAttribute('aria-label')) ?? '';
  // The name starts with the visible text and names the invoice: "Jetzt bezahlen: Rechnung AT-…, 39,90 €".
  const number = /Rechnung ([^,]+),/.exec(label)?.[1] ?? '';
  expect(number).not.toBe('');
  await expectNoAxeViolations(page);

  // 320 px: the notice with its invoice and button fits without sideways scroll.
  await page.setViewportSize({ width: 320, height: 800 });
  await expect(pay).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The card provider's page (Verifone for Austria) asks for exactly the invoice's amount.
  await pay.click();
  await expect(page).toHaveURL(new RegExp(`^${origin('at')}/api/dev/cards/verifone/`));
  // The provider's page speaks the member's language: found by its fields, not its words.
  await expect(page.locator('h1')).toBeVisible();
  await expect(page.locator('button[value="pay"]')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.locator('#card-number').fill('4000 0000 0000 3220');
  await page.locator('#card-expiry').fill('12/30');
  await page.locator('#card-cvc').fill('123');
  await page.locator('button[value="pay"]').click();
  // 3-D Secure, then back to the portal.
  await page.locator('button[value="confirm"]').click();

  await expect(page).toHaveURL(new RegExp(`^${origin('at')}/payment/invoices/[^/]+/paid$`));
  const banner = page.getByRole('status', { name: t('payNow.banner.label') });
  await expect(banner).toContainText(t('payNow.banner.success'));
  await expect(banner).toContainText(t('payNow.banner.successText', { number }));
  await expect(unpaidNotice(page)).toHaveCount(0);
  await expect(paymentMenuLink(page)).toHaveAccessibleName(t('nav.payment'));
  await expectNoAxeViolations(page);

  // A reload shows the banner again without paying twice.
  await page.reload();
  await expect(banner).toContainText(t('payNow.banner.success'));

  const receipt = (await outbox(request, 'unpaid@at.example')).find((m) => m.body.includes(number));
  expect(receipt?.subject).toContain('Zahlungsbestätigung');
});

test('a declined card leaves the invoice open and says so, with the way back', async ({ page }) => {
  const fi = catalogue('fi');
  const tf = (path: string, values: Record<string, string | number> = {}) => textOf(fi, path, values);
  await signInIn(page, 'fi', 'unpaid', 'fi-FI');
  await page.goto(`${origin('fi')}/payment`);
  const notice = region(page, tf('payments.unpaid.title'));
  await notice.getByRole('button', { name: tf('payNow.action') }).click();
  await expect(page).toHaveURL(new RegExp(`^${origin('fi')}/api/dev/cards/dibs/`));
  await page.locator('#card-number').fill('4000 0000 0000 0002');
  await page.locator('#card-expiry').fill('12/30');
  await page.locator('#card-cvc').fill('123');
  await page.locator('button[value="pay"]').click();
  const link = page.locator('#return-link');
  if (await link.isVisible()) await link.click();
  const banner = page.getByRole('status', { name: tf('payNow.banner.label') });
  await expect(banner).toContainText(tf('payNow.banner.error'));
  await expect(banner).toContainText(tf('payNow.errors.card_declined'));
  await expect(region(page, tf('payments.unpaid.title'))).toBeVisible();
  await expectNoAxeViolations(page);
});
