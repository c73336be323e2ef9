import { expect, type Page, test } from '@playwright/test';
import { catalogue, expectNoAxeViolations, origin, outbox, signIn, textOf, useEnglish } from './support.ts';

// SEPA direct debit in the portal (docs/payments.md, "SEPA direct debit").
test.use({ bypassCSP: true, viewport: { width: 1280, height: 800 } }); // for the injected axe-core script

const de = (path: string, values: Record<string, string | number> = {}) =>
  textOf(catalogue('de'), path, values);

async function signInGerman(page: Page, persona: string) {
  await useEnglish(page, 'de');
  await signIn(page, 'de', persona);
  await page.evaluate(() => localStorage.setItem('portal.locale', 'de-DE'));
}

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** No element makes the page scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test('a German member switches to direct debit with the mandate, and back to card', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  // A member no card-update test signs in as: those run beside this one in the other worker.
  await signInGerman(page, 'in_cancellation');
  await page.goto(`${origin('de')}/payment`);
  const card = region(page, de('payments.card.title'));
  await expect(card).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: de('sepa.block.toSepa') }).click();
  await expect(page).toHaveURL(`${origin('de')}/payment/bank-account`);
  const form = region(page, de('sepa.form.title'));
  await expect(form).toBeVisible();
  // The SEPA Core mandate text, with the creditor and the eight-week refund right.
  const mandate = region(page, de('sepa.form.mandateTitle'));
  await expect(mandate).toContainText('Ich ermächtige');
  await expect(mandate).toContainText('acht Wochen');
  await expect(mandate).toContainText('DE98ZZZ09999999999');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('bank-account-1280.png'), fullPage: true });

  // The form's own checks: an IBAN outside SEPA, no agreement, a wrong password.
  await page.getByLabel(de('sepa.form.iban')).fill('TR33 0006 1005 1978 6457 8413 26');
  await page.getByRole('button', { name: de('sepa.form.submit') }).click();
  await expect(form).toContainText(de('sepa.form.errors.ibanNotSepa'));
  await expect(form).toContainText(de('sepa.form.errors.agreeRequired'));
  await page.getByLabel(de('sepa.form.iban')).fill('DE89 3704 0044 0532 0130 00');
  await page.getByRole('checkbox').check();
  await page.getByLabel(de('sepa.form.password')).fill('not-the-password');
  await page.getByRole('button', { name: de('sepa.form.submit') }).click();
  await expect(form).toContainText(/Das Passwort stimmt nicht|The password is not correct/);
  await expectNoAxeViolations(page);

  await page.getByLabel(de('sepa.form.password')).fill('demo');
  await page.getByRole('button', { name: de('sepa.form.submit') }).click();
  await expect(page.getByRole('heading', { name: de('sepa.success.title') })).toBeVisible();
  await expect(page.getByText('DE89 •••• 3000')).toBeVisible();
  await expectNoAxeViolations(page);

  // /payment shows the bank account instead of the card.
  await page.goto(`${origin('de')}/payment`);
  const bank = region(page, de('sepa.block.title'));
  await expect(bank).toContainText('DE89 •••• 3000');
  await expect(bank).toContainText('DE98ZZZ09999999999');
  await expect(bank).toContainText(/DE-\d{8}-[A-Z2-9]{12}/);
  await expect(region(page, de('payments.card.title'))).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('payment-sepa-1280.png'), fullPage: true });
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: testInfo.outputPath(`payment-sepa-${width}.png`), fullPage: true });
  }
  await page.goto(`${origin('de')}/payment/bank-account`);
  await expect(region(page, de('sepa.form.title'))).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('bank-account-320.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  const mails = await outbox(request, 'in_cancellation@de.example');
  expect(mails[0]?.body).toContain('DE89 •••• 3000');
  expect(mails[0]?.body).toMatch(/Mandatsreferenz|Mandate reference/);
  expect(mails.map((m) => m.body).join('\n')).not.toContain('0532013000');

  // Back to card: the card update makes the card the payment method again.
  await page.goto(`${origin('de')}/payment`);
  await page.getByRole('link', { name: de('sepa.block.toCard') }).click();
  await expect(page).toHaveURL(`${origin('de')}/payment/credit-card`);
  await page.getByRole('button', { name: de('payments.creditCard.continue') }).click();
  // The provider's page speaks the member's language: found by its fields, not its words.
  await expect(page.locator('#card-number')).toBeVisible();
  await page.locator('#card-number').fill('4111111111111111');
  await page.locator('#card-expiry').fill('12/30');
  await page.locator('#card-cvc').fill('123');
  await page.locator('button[value="pay"]').click();
  await expect(page).toHaveURL(`${origin('de')}/payment/payment-method-updated`);
  const cardAgain = region(page, de('payments.card.title'));
  await expect(cardAgain).toContainText('**** **** **** 1111');
  await expect(region(page, de('sepa.block.title'))).toHaveCount(0);
  await expect(page.getByRole('link', { name: de('sepa.block.toSepa') })).toBeVisible();
  await expectNoAxeViolations(page);
});
