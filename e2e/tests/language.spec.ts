import { expect, type Page, test } from '@playwright/test';
import { apiOrigin, catalogue, origin, outbox, signIn, useEnglish } from './support.ts';

// The member's language (docs/architecture.md): a first visit opens in the browser's
// language when the operator offers it, and the server writes every text in the language
// the member chose, storing it for e-mails and SMS.

/** Watches #root from the first byte: a client render in place of hydration removes what was sent. */
async function watchRoot(page: Page) {
  await page.addInitScript(() => {
    const seen = { removed: 0 };
    (window as unknown as { __root: typeof seen }).__root = seen;
    new MutationObserver((records) => {
      for (const record of records)
        if ((record.target as Element).id === 'root') seen.removed += record.removedNodes.length;
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { __root: { removed: number } }).__root.removed);
}

async function expectFirstVisitIn(page: Page, operator: string, locale: string) {
  const t = catalogue(locale.slice(0, 2));
  const removed = await watchRoot(page);
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/');
  await page.goto(`${origin(operator)}/`);
  // The server sent the page in that language, and the app hydrated it as it was.
  expect(await (await answer).text()).toContain(`data-prerendered="${locale}"`);
  await expect(page.getByRole('heading', { level: 1, name: t.auth.login.title })).toBeVisible();
  await page.getByRole('button', { name: t.auth.login.submit }).click();
  await expect(page.getByText(t.auth.validation.usernameRequired)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  expect(await removed()).toBe(0);
}

test.describe('a German browser', () => {
  test.use({ locale: 'de-DE' });

  test('opens the German operator in German on its first visit', async ({ page }) => {
    await expectFirstVisitIn(page, 'de', 'de-DE');
  });
});

test.describe('a French-speaking Swiss browser', () => {
  test.use({ locale: 'fr-CH' });

  test('opens the Swiss operator in French on its first visit', async ({ page }) => {
    await expectFirstVisitIn(page, 'ch', 'fr-CH');
  });
});

test.describe('a browser in a language the operator does not offer', () => {
  test.use({ locale: 'pl-PL' });

  test("opens in the operator's default language", async ({ page }) => {
    await expectFirstVisitIn(page, 'at', 'de-AT');
  });
});

test('a member who switches to Deutsch gets German refusals, invoice labels and the next e-mail', async ({
  page,
  request,
}) => {
  const en = catalogue('en');
  const de = catalogue('de');
  // Seeded as an English-speaking member of the German operator (docs/operators.md).
  await useEnglish(page, 'de');
  await signIn(page, 'de', 'scheduled_freeze');
  const token = await page.evaluate(() => localStorage.getItem('portal.token'));
  const refusal = async (language: string) => {
    const answer = await request.post(`${apiOrigin}/api/v1/membership/cancellations`, {
      headers: { Authorization: `Bearer ${token}`, 'Accept-Language': language },
      data: {},
    });
    expect(answer.status()).toBe(422);
    return (await answer.json()).errors[0].message as string;
  };
  const [english, german] = [await refusal('en-DE'), await refusal('de-DE')];
  expect(german).not.toBe(english);

  const stored = page.waitForResponse((r) => r.url().includes('/api/v2/membership?locale=de-DE'));
  await page.getByRole('combobox', { name: en.language.label }).selectOption('de-DE');
  expect((await stored).ok()).toBe(true);
  await expect(page.getByRole('region', { name: de.statusBar.label })).toBeVisible();

  await page.goto(`${origin('de')}/membership/cancellation`);
  await expect(page.getByText(german)).toBeVisible();
  await expect(page.getByText(english)).toHaveCount(0);

  await page.goto(`${origin('de')}/payment`);
  await page.getByRole('region', { name: de.payments.invoices.title }).getByRole('link').first().click();
  const sheet = page.getByRole('article');
  await expect(sheet).toContainText('Mitgliedsnummer');
  await expect(sheet).not.toContainText('Member number');

  // The next e-mail, caused without the page (no language of its own), is German too.
  const changed = await request.put(`${apiOrigin}/api/v1/membership/gdpr`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { gdpr_opt_in: true },
  });
  expect(changed.status()).toBe(204);
  const [mail] = await outbox(request, 'scheduled_freeze@de.example');
  expect(mail?.subject).toContain('Sie erhalten ab jetzt unsere Angebote und Neuigkeiten');
});
