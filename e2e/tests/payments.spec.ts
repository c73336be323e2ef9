import { createRequire } from 'node:module';
import {
  type APIRequestContext,
  expect,
  type FrameLocator,
  type Locator,
  type Page,
  test,
  type TestInfo,
} from '@playwright/test';
import {
  apiOrigin,
  catalogue,
  expectNoAxeViolations,
  origin,
  outbox,
  signIn,
  useEnglish,
} from './support.ts';

const require = createRequire(import.meta.url);

// Personas are shared by every spec of a server run, and the server keeps each change, so
// this file only uses personas no other spec signs in as (or only reads them): verifone
// card updates by scheduled_freeze of de, at and ch; dibs by max_frozen@no; declined
// payments by unpaid of ch, no and fi (sign-in uses unpaid@de, lifecycle unpaid@at); the
// block by invalid_details@at (access uses @fi); invoices of cancelled@de and @no; refunds
// by closed_club of de and no; the Swiss health insurance of active@ch (read only) and
// closed_club@ch.
test.use({ bypassCSP: true }); // for the injected axe-core script

// ---------------------------------------------------------------------------------------
// Texts: every portal text comes from the catalogues at run time (a language review edits
// them meanwhile). The sandbox's hosted card page is the provider's, in English only.

type Catalogue = { [key: string]: string | Catalogue };
type Text = (path: string, values?: Record<string, string | number>) => string;

/** The catalogue of a language as i18next reads it: {{values}}, and _one/_other by count. */
function texts(language: string): Text {
  const entries: Catalogue = catalogue(language);
  const plural = new Intl.PluralRules(language);
  const lookup = (path: string) =>
    path
      .split('.')
      .reduce<Catalogue | string | undefined>(
        (node, key) => (typeof node === 'object' ? node[key] : undefined),
        entries,
      );
  return (path, values = {}) => {
    let raw = lookup(path);
    if (raw === undefined && typeof values.count === 'number') {
      raw = lookup(`${path}_${plural.select(values.count)}`) ?? lookup(`${path}_other`);
    }
    if (typeof raw !== 'string') throw new Error(`no text ${path} in the ${language} catalogue`);
    return raw.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
  };
}

const en = texts('en');
const de = texts('de');
const fr = texts('fr');
const nb = texts('nb');
const fi = texts('fi');

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A text as a pattern that finds it inside a longer one. */
const containing = (text: string) => new RegExp(escapeRegExp(text));
/** A catalogue text with any value in its placeholders, e.g. "VAT {{rate}} %". */
const anyValue = '\u0001';
const withAnyValues = (t: Text, path: string, ...names: string[]) => {
  const text = t(path, Object.fromEntries(names.map((name) => [name, anyValue])));
  return new RegExp(escapeRegExp(text).replaceAll(anyValue, '.*'));
};

/** An amount as shown ("CHF 1’068.00", "25,13 €", "499,00 kr") in minor units. */
const minorUnits = (shown: string) => Number(shown.replace(/\D/g, ''));

/** Signs in (the support helpers speak English), then shows the portal in `locale`. */
async function signInAs(page: Page, operator: string, persona: string, locale: string) {
  await useEnglish(page, operator);
  await signIn(page, operator, persona);
  await page.evaluate((l) => localStorage.setItem('portal.locale', l), locale);
}

/** The shell around every page, named in the page's language. */
const shell = (page: Page, t: Text) => ({
  topBar: page.getByRole('banner'),
  menu: page.getByRole('navigation', { name: t('nav.label') }),
  status: page.getByRole('region', { name: t('statusBar.label') }),
});

/** Opens a page of the portal and waits until the shell shows the member. */
async function openPortal(page: Page, operator: string, path: string, t: Text) {
  await page.goto(`${origin(operator)}${path}`);
  await expect(shell(page, t).status).toBeVisible();
}

/** Signs in as another member through the API (Node side) and answers their bearer token. */
async function tokenOf(request: APIRequestContext, operator: string, persona: string): Promise<string> {
  const auth = await request.post(`${apiOrigin}/api/auth/authenticate`, {
    data: { username: `${persona}@${operator}.example`, password: 'demo', operator_id: operator },
  });
  expect(auth.ok()).toBe(true);
  return (await auth.json()).token;
}

// ---------------------------------------------------------------------------------------
// The payment page's parts, by role and name.

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const cardBlock = (page: Page, t: Text) => region(page, t('payments.card.title'));
const unpaidNotice = (page: Page, t: Text) => region(page, t('payments.unpaid.title'));
const invoiceList = (page: Page, t: Text) => region(page, t('payments.invoices.title'));
const cardBanner = (page: Page, t: Text) => page.getByRole('status', { name: t('payments.banner.label') });
const paymentMenuLink = (page: Page, t: Text) =>
  shell(page, t).menu.getByRole('link', { name: new RegExp(`^${escapeRegExp(t('nav.payment'))}`) });

/** The menu's payment alert, as a screen reader reads it (the "!" is its visible twin). */
async function expectPaymentAlert(page: Page, t: Text, shown: boolean) {
  await expect(paymentMenuLink(page, t)).toHaveAccessibleName(
    shown ? `${t('nav.payment')} ${t('nav.paymentRequired')}` : t('nav.payment'),
  );
}

/** The row of the invoice list with that number. */
const invoiceRow = (page: Page, t: Text, number: string) =>
  invoiceList(page, t).getByRole('listitem').filter({ hasText: number });

// ---------------------------------------------------------------------------------------
// The sandbox card providers.

const TEST_CARDS = {
  visa: '4111 1111 1111 1111',
  mastercard: '5555 5555 5555 4444',
  threeDSecure: '4000 0000 0000 3220',
  declined: '4000 0000 0000 0002',
  declinesCharges: '4000 0000 0000 0341',
};
const EXPIRY = { typed: '12/30', shown: '12/2030' };

const providerOf = (operator: string) => (operator === 'no' || operator === 'fi' ? 'dibs' : 'verifone');

/**
 * axe inside dibs' form: the provider's own document, checked on its own (axe over the
 * portal page skips a frame it is not loaded in, and would count the form's banner and main
 * landmarks as the portal's second ones if it were).
 */
async function expectNoAxeViolationsInFrame(frameElement: Locator) {
  const frame = await (await frameElement.elementHandle())?.contentFrame();
  expect(frame, 'the card form frame').toBeTruthy();
  await frame!.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  const violations = await frame!.evaluate(async () => {
    type Axe = { run(context: Document, options: object): Promise<{ violations: { id: string }[] }> };
    const { violations } = await (window as unknown as { axe: Axe }).axe.run(document, {
      resultTypes: ['violations'],
    });
    return violations.map((v) => v.id);
  });
  expect(violations).toEqual([]);
}

/**
 * From /payment/credit-card to the provider's card form: verifone's checkout opens in this
 * window, dibs' form is embedded in the page. Runs axe on each.
 */
async function openCardForm(page: Page, operator: string, t: Text): Promise<Page | FrameLocator> {
  await expect(page).toHaveURL(`${origin(operator)}/payment/credit-card`);
  await expect(page.getByRole('heading', { level: 2, name: t('payments.creditCard.title') })).toBeVisible();
  await expect(page.getByText(t('payments.creditCard.secure'))).toBeVisible();
  if (providerOf(operator) === 'verifone') {
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: t('payments.creditCard.continue') }).click();
    await expect(page).toHaveURL(new RegExp(`^${escapeRegExp(origin(operator))}/api/dev/cards/verifone/`));
    // The provider's page speaks the member's language (the form's fields by their ids).
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('.secure')).toContainText('Verifone');
    await expectNoAxeViolations(page);
    return page;
  }
  const frameElement = page.getByTitle(t('payments.creditCard.frameTitle'));
  const form = frameElement.contentFrame();
  // dibs' form speaks the portal's language, and the frame is as tall as the form: no
  // scrollbar inside the page, the header as wide as the frame.
  const portalLang = await page.evaluate(() => document.documentElement.lang);
  await expect(form.locator('html')).toHaveAttribute('lang', portalLang);
  await expect(form.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(form.locator('.secure')).toContainText('DIBS');
  await expect
    .poll(() =>
      frameElement.evaluate((el: HTMLIFrameElement) => {
        const doc = el.contentDocument!.documentElement;
        return doc.scrollHeight <= el.clientHeight + 1 && doc.scrollWidth <= el.clientWidth + 1;
      }),
    )
    .toBe(true);
  const widths = await frameElement.evaluate((el: HTMLIFrameElement) => [
    el.clientWidth,
    el.contentDocument!.querySelector('header')!.getBoundingClientRect().width,
  ]);
  expect(Math.abs(widths[0]! - widths[1]!)).toBeLessThanOrEqual(1);
  await expectNoAxeViolations(page);
  await expectNoAxeViolationsInFrame(frameElement);
  return form;
}

/** Types a test card into the provider's form and sends it (whatever its language). */
async function enterCard(form: Page | FrameLocator, number: string) {
  await form.locator('#card-number').fill(number);
  await form.locator('#card-expiry').fill(EXPIRY.typed);
  await form.locator('#card-cvc').fill('123');
  await form.locator('button[value="pay"]').click();
}

/** The portal's register call, made once the provider has sent the member back. */
const registerCall = (page: Page) =>
  page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/membership/verifone_credit_card') && r.request().method() === 'POST',
  );

/** Back on /payment/payment-method-updated: the provider's parameters are off the address. */
async function expectBackWithBanner(page: Page, operator: string, t: Text, title: string) {
  await expect(cardBanner(page, t)).toContainText(title);
  await expect(page).toHaveURL(`${origin(operator)}/payment/payment-method-updated`);
}

/** Goes through the provider with a card that needs no 3-D Secure step; answers the register call's status. */
async function updateCard(page: Page, operator: string, t: Text, number: string): Promise<number> {
  const form = await openCardForm(page, operator, t);
  const answer = registerCall(page);
  await enterCard(form, number);
  return (await answer).status();
}

/** The card block shows this card as the one on file. */
async function expectCardOnFile(page: Page, t: Text, last4: string, expiry?: string) {
  const block = cardBlock(page, t);
  await expect(block).toContainText(`**** **** **** ${last4}`);
  if (expiry) await expect(block).toContainText(t('payments.card.expires', { expiry }));
}

// ---------------------------------------------------------------------------------------
// Printable documents.

/** The value (dd) of a term (dt) of a description list. */
const definitionOf = (scope: Locator, term: string) =>
  scope
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${escapeRegExp(term)}$`) })
    .locator('xpath=following-sibling::dd[1]');

/**
 * In print the shell (top bar, menu, status bar) and the sheet's toolbar go and the sheet
 * stays; Chromium renders it as one A4 page, attached to the report to look at.
 */
async function expectPrintsOnA4(page: Page, t: Text, sheet: Locator, printLabel: string, testInfo: TestInfo) {
  const { topBar, menu, status } = shell(page, t);
  const printButton = page.getByRole('button', { name: printLabel });
  for (const part of [topBar, menu, status, printButton, sheet]) await expect(part).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  for (const part of [topBar, menu, status, printButton]) await expect(part).toBeHidden();
  await expect(sheet).toBeVisible();
  const path = testInfo.outputPath('printed.pdf');
  const pdf = await page.pdf({ path, format: 'A4' }); // as the print dialog's defaults
  await testInfo.attach('printed.pdf', { path, contentType: 'application/pdf' });
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.length).toBeGreaterThan(20_000); // text, fonts and the logo, not a blank page
  const source = pdf.toString('latin1');
  expect(source.match(/\/Type\s*\/Page(?![s\w])/g), 'one page').toHaveLength(1);
  expect(source).toMatch(/\/MediaBox\s*\[\s*0 0 59[56](\.\d+)? 84[12](\.\d+)?\s*\]/); // A4 in points
  await page.emulateMedia({ media: null });
}

// =======================================================================================

test.describe('card update through the providers', () => {
  test('a German member registers a card through Verifone, then the same card again is "already registered"', async ({
    page,
    request,
  }) => {
    await signInAs(page, 'de', 'scheduled_freeze', 'de-DE');
    await openPortal(page, 'de', '/payment', de);
    await expectCardOnFile(page, de, '4242');
    await expectNoAxeViolations(page);
    await cardBlock(page, de)
      .getByRole('link', { name: de('payments.card.update') })
      .click();

    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/verifone_credit_card')) posts.push(r.url());
    });
    expect(await updateCard(page, 'de', de, TEST_CARDS.visa)).toBe(200);
    await expectBackWithBanner(page, 'de', de, de('payments.banner.success.title'));
    await expect(cardBanner(page, de)).toContainText(de('payments.banner.success.text'));
    await expectCardOnFile(page, de, '1111', EXPIRY.shown);
    await expectNoAxeViolations(page);
    const mails = await outbox(request, 'scheduled_freeze@de.example');
    expect(mails[0]?.body).toContain('**** **** **** 1111');
    expect(mails[0]?.body).not.toMatch(/4111\s?1111\s?1111/);

    // A reload keeps the result without posting the provider's return a second time.
    await page.reload();
    await expect(cardBanner(page, de)).toContainText(de('payments.banner.success.title'));
    expect(posts).toHaveLength(1);

    // The same card again: a success that says it is already registered.
    await cardBlock(page, de)
      .getByRole('link', { name: de('payments.card.update') })
      .click();
    await expect(page.getByText(de('payments.creditCard.onFile'))).toBeVisible();
    expect(await updateCard(page, 'de', de, TEST_CARDS.visa)).toBe(200);
    await expectBackWithBanner(page, 'de', de, de('payments.banner.exists.title'));
    await expect(cardBanner(page, de)).toContainText(de('payments.banner.exists.text'));
    await expect(cardBanner(page, de)).not.toContainText(de('payments.banner.success.title'));
    await expectCardOnFile(page, de, '1111', EXPIRY.shown);
    await expectNoAxeViolations(page);
  });

  test('an Austrian member confirms the 3-D Secure step, and a failed authentication changes nothing', async ({
    page,
  }) => {
    await signInAs(page, 'at', 'scheduled_freeze', 'en-AT');
    await openPortal(page, 'at', '/payment/credit-card', en);
    let form = await openCardForm(page, 'at', en);
    await enterCard(form, TEST_CARDS.threeDSecure);
    // The provider's 3-D Secure question (in the member's stored language: its buttons by value).
    await expect(page.locator('button[value="confirm"]')).toBeVisible();
    await expect(page.getByText(/3220/)).toBeVisible();
    await expectNoAxeViolations(page);
    let answer = registerCall(page);
    await page.locator('button[value="confirm"]').click();
    expect((await answer).status()).toBe(200);
    await expectBackWithBanner(page, 'at', en, en('payments.banner.success.title'));
    await expectCardOnFile(page, en, '3220', EXPIRY.shown);
    await expectNoAxeViolations(page);

    // The bank's step fails: the failure banner, and the card on file stays.
    await cardBlock(page, en)
      .getByRole('link', { name: en('payments.card.update') })
      .click();
    form = await openCardForm(page, 'at', en);
    await enterCard(form, TEST_CARDS.threeDSecure);
    answer = registerCall(page);
    await page.locator('button[value="fail"]').click();
    expect((await answer).status()).toBe(422);
    await expectBackWithBanner(page, 'at', en, en('payments.banner.error.title'));
    await expect(cardBanner(page, en)).toContainText(en('payments.errors.card_declined'));
    await expectCardOnFile(page, en, '3220');
    await expectNoAxeViolations(page);
  });

  test('a Swiss member in French: a declined card shows the failure banner, and cancelling on the provider page changes nothing', async ({
    page,
  }) => {
    await signInAs(page, 'ch', 'scheduled_freeze', 'fr-CH');
    await openPortal(page, 'ch', '/payment', fr);
    await expectCardOnFile(page, fr, '1881');
    await cardBlock(page, fr)
      .getByRole('link', { name: fr('payments.card.update') })
      .click();
    expect(await updateCard(page, 'ch', fr, TEST_CARDS.declined)).toBe(422);
    await expectBackWithBanner(page, 'ch', fr, fr('payments.banner.error.title'));
    await expect(cardBanner(page, fr)).toContainText(fr('payments.errors.card_declined'));
    await expectCardOnFile(page, fr, '1881');
    await expectNoAxeViolations(page);

    // Try again, and leave through the provider page's cancel button.
    await cardBanner(page, fr)
      .getByRole('link', { name: fr('payments.banner.error.retry') })
      .click();
    await openCardForm(page, 'ch', fr);
    await page.locator('button[value="cancel"]').click();
    await expect(page).toHaveURL(`${origin('ch')}/payment/credit-card?cancelled=1`);
    const cancelled = region(page, fr('payments.creditCard.cancelled.title'));
    await expect(cancelled.getByRole('status')).toHaveText(fr('payments.creditCard.cancelled.text'));
    await expect(page.getByRole('status', { name: fr('payments.banner.label') })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // Starting again leads back to the provider; the card on file is unchanged.
    await page.getByRole('link', { name: fr('payments.creditCard.cancelled.again') }).click();
    await expect(page.getByRole('button', { name: fr('payments.creditCard.continue') })).toBeVisible();
    await openPortal(page, 'ch', '/payment', fr);
    await expectCardOnFile(page, fr, '1881');
  });

  test("a Norwegian member uses DIBS' form inside the portal: a declined card, then a card that is registered", async ({
    page,
  }) => {
    await signInAs(page, 'no', 'max_frozen', 'nb-NO');
    await openPortal(page, 'no', '/payment', nb);
    await expectCardOnFile(page, nb, '0004');
    await cardBlock(page, nb)
      .getByRole('link', { name: nb('payments.card.update') })
      .click();
    expect(await updateCard(page, 'no', nb, TEST_CARDS.declined)).toBe(422);
    await expectBackWithBanner(page, 'no', nb, nb('payments.banner.error.title'));
    await expect(cardBanner(page, nb)).toContainText(nb('payments.errors.card_declined'));
    await expectCardOnFile(page, nb, '0004');
    await expectNoAxeViolations(page);

    await cardBanner(page, nb)
      .getByRole('link', { name: nb('payments.banner.error.retry') })
      .click();
    expect(await updateCard(page, 'no', nb, TEST_CARDS.mastercard)).toBe(200);
    await expectBackWithBanner(page, 'no', nb, nb('payments.banner.success.title'));
    await expectCardOnFile(page, nb, '4444', EXPIRY.shown);
    await expectNoAxeViolations(page);
  });
});

test.describe('declined payments put right', () => {
  for (const { operator, locale, t, card } of [
    { operator: 'ch', locale: 'de-CH', t: de, card: TEST_CARDS.visa },
    { operator: 'no', locale: 'en-NO', t: en, card: TEST_CARDS.mastercard },
  ]) {
    test(`the unpaid member of ${operator} registers a good card (${providerOf(operator)}): the declined invoice is paid, alert and notice go, a receipt is e-mailed`, async ({
      page,
      request,
    }) => {
      const email = `unpaid@${operator}.example`;
      await signInAs(page, operator, 'unpaid', locale);
      await openPortal(page, operator, '/payment', t);
      await expectPaymentAlert(page, t, true);
      const notice = unpaidNotice(page, t);
      await expect(notice).toContainText(t('payments.unpaid.next'));
      const unpaidRow = invoiceList(page, t)
        .getByRole('listitem')
        .filter({ hasText: t('payments.stamp.unpaid') });
      await expect(unpaidRow).toHaveCount(1);
      const number = (await unpaidRow.getByRole('link').innerText()).trim();
      await expectNoAxeViolations(page);
      const mailsBefore = (await outbox(request, email)).length;

      await notice.getByRole('link', { name: t('payments.card.update') }).click();
      const answer = registerCall(page);
      const form = await openCardForm(page, operator, t);
      await enterCard(form, card);
      const registered = await (await answer).json();
      expect(registered.retried_invoices).toEqual([expect.objectContaining({ status: 'charged' })]);

      await expectBackWithBanner(page, operator, t, t('payments.banner.success.title'));
      await expect(cardBanner(page, t)).toContainText(t('payments.banner.retriedPaid', { number }));
      await expect(unpaidNotice(page, t)).toHaveCount(0);
      await expectPaymentAlert(page, t, false);
      const row = invoiceRow(page, t, number);
      await expect(row).not.toContainText(t('payments.stamp.unpaid'));
      await expect(row).toContainText(t('payments.stamp.paid'));
      await expectNoAxeViolations(page);

      // The card's confirmation and a receipt that names the invoice, in the member's language.
      const mails = await outbox(request, email);
      expect(mails).toHaveLength(mailsBefore + 2);
      const receipts = mails.filter((m) => m.body.includes(number));
      expect(receipts).toHaveLength(1);
      expect(receipts[0]?.subject).toBeTruthy();

      // Still paid on the next visit, and the menu's alert stays away.
      await openPortal(page, operator, '/', t);
      await expectPaymentAlert(page, t, false);
    });
  }

  test('a card that registers but declines charges: the retried invoice stays unpaid and the banner says so (Finnish, DIBS)', async ({
    page,
    request,
  }) => {
    const email = 'unpaid@fi.example';
    await signInAs(page, 'fi', 'unpaid', 'fi-FI');
    await openPortal(page, 'fi', '/payment', fi);
    await expectPaymentAlert(page, fi, true);
    const unpaidRow = invoiceList(page, fi)
      .getByRole('listitem')
      .filter({ hasText: fi('payments.stamp.unpaid') });
    await expect(unpaidRow).toHaveCount(1);
    const number = (await unpaidRow.getByRole('link').innerText()).trim();
    const mailsBefore = (await outbox(request, email)).length;

    await cardBlock(page, fi)
      .getByRole('link', { name: fi('payments.card.update') })
      .click();
    expect(await updateCard(page, 'fi', fi, TEST_CARDS.declinesCharges)).toBe(200);
    await expectBackWithBanner(page, 'fi', fi, fi('payments.banner.success.title'));
    const banner = cardBanner(page, fi);
    await expect(banner).toContainText(fi('payments.banner.retriedUnpaid', { number }));
    await expect(banner).toContainText(fi('payments.banner.stillUnpaid', { count: 1 }));
    await expect(banner).not.toContainText(fi('payments.banner.retriedPaid', { number }));
    await expectCardOnFile(page, fi, '0341', EXPIRY.shown);
    await expect(unpaidNotice(page, fi)).toBeVisible();
    await expectPaymentAlert(page, fi, true);
    await expect(invoiceRow(page, fi, number)).toContainText(fi('payments.stamp.unpaid'));
    await expectNoAxeViolations(page);

    // Only the card's confirmation, naming the invoice still open: no receipt.
    const mails = await outbox(request, email);
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(mails[0]?.body).toContain(number);
  });
});

test.describe('card update blocked by invalid details', () => {
  test('an Austrian member with an invalid mobile sees the update disabled with the reason, in German', async ({
    page,
    request,
  }) => {
    await signInAs(page, 'at', 'invalid_details', 'de-AT');
    await openPortal(page, 'at', '/payment', de);
    const update = cardBlock(page, de).getByRole('link', { name: de('payments.card.update') });
    await expect(update).toHaveAttribute('aria-disabled', 'true');
    await expect(update).toHaveAccessibleDescription(containing(de('payments.card.blocked')));
    await expect(cardBlock(page, de).getByText(de('payments.card.blocked'))).toBeVisible();
    await expect(update).toBeDisabled();
    await expectNoAxeViolations(page);
    // Still focusable, so keyboard users meet the reason; following it does nothing.
    await update.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${origin('at')}/payment`);
    await expect(update).toBeFocused();

    // The card page itself says the same and offers no provider.
    await openPortal(page, 'at', '/payment/credit-card', de);
    await expect(page.getByText(de('payments.card.blocked'))).toBeVisible();
    await expect(page.getByRole('link', { name: de('payments.card.toProfile') })).toHaveAttribute(
      'href',
      '/membership/profile',
    );
    await expect(page.getByRole('button', { name: de('payments.creditCard.continue') })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // And the server refuses to open a checkout for it.
    const token = await tokenOf(request, 'at', 'invalid_details');
    const refused = await request.get(`${apiOrigin}/api/v1/membership/verifone_url`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(refused.status()).toBe(422);
    expect((await refused.json()).errors[0].type).toBe('invalid_personal_details');
  });
});

test.describe('printable invoices', () => {
  test('a German invoice opened from the list shows 19 % VAT that adds up, and prints alone on A4', async ({
    page,
  }, testInfo) => {
    await signInAs(page, 'de', 'cancelled', 'de-DE');
    await openPortal(page, 'de', '/payment', de);
    const link = invoiceList(page, de).getByRole('listitem').first().getByRole('link');
    const number = (await link.innerText()).trim();
    const listed = await invoiceRow(page, de, number).innerText();
    await link.click();

    const sheet = page.getByRole('article', { name: de('invoice.documentLabel', { number }) });
    await expect(sheet).toBeVisible();
    await expect(page).toHaveURL(/\/invoice\/[\w-]+$/);
    await expect(sheet).toContainText('Stride Fitness Deutschland GmbH');
    await expect(sheet).toContainText(/DE\d{9}/); // the operator's VAT number
    await expect(definitionOf(sheet, de('invoice.number'))).toHaveText(number);
    const net = minorUnits(await definitionOf(sheet, de('invoice.totals.net')).innerText());
    const vat = minorUnits(await definitionOf(sheet, de('invoice.totals.vat', { rate: '19' })).innerText());
    const totalText = await definitionOf(sheet, de('invoice.totals.total')).innerText();
    const total = minorUnits(totalText);
    expect(listed).toContain(totalText); // the amount the list showed
    expect(net + vat).toBe(total);
    expect(vat).toBe(Math.round((total * 19) / 119)); // gross amounts: VAT is the share they hold
    expect({ net, vat, total }).toEqual({ net: 2513, vat: 477, total: 2990 });
    await expect(sheet.getByText(de('invoice.totals.vatIncluded'))).toBeVisible();
    await expectNoAxeViolations(page);

    await expectPrintsOnA4(page, de, sheet, de('invoice.print'), testInfo);
  });

  test('a Norwegian invoice has no VAT row (rate 0) and prints on A4', async ({ page }, testInfo) => {
    await signInAs(page, 'no', 'cancelled', 'en-NO');
    await openPortal(page, 'no', '/payment', en);
    const link = invoiceList(page, en).getByRole('listitem').first().getByRole('link');
    const number = (await link.innerText()).trim();
    await link.click();

    const sheet = page.getByRole('article', { name: en('invoice.documentLabel', { number }) });
    await expect(sheet).toBeVisible();
    await expect(definitionOf(sheet, en('invoice.totals.total'))).toHaveText(/499[.,]00/);
    const terms = sheet.getByRole('term');
    await expect(terms.filter({ hasText: en('invoice.totals.total') })).toHaveCount(1);
    await expect(terms.filter({ hasText: en('invoice.totals.net') })).toHaveCount(0);
    await expect(terms.filter({ hasText: withAnyValues(en, 'invoice.totals.vat', 'rate') })).toHaveCount(0);
    await expect(sheet.getByText(en('invoice.totals.vatIncluded'))).toHaveCount(0);
    await expectNoAxeViolations(page);

    await expectPrintsOnA4(page, en, sheet, en('invoice.print'), testInfo);
  });

  test("another member's invoice, or no invoice at all, goes back to the start page", async ({
    page,
    request,
  }) => {
    const token = await tokenOf(request, 'de', 'active');
    const theirs = await (
      await request.get(`${apiOrigin}/api/v1/membership/invoices`, {
        headers: { Authorization: `Bearer ${token}` },
      })
    ).json();
    const theirId: string = theirs[0].id;

    await signInAs(page, 'de', 'cancelled', 'en-DE');
    for (const id of [theirId, 'not-an-invoice']) {
      const answer = page.waitForResponse((r) => r.url().includes(`/api/v1/membership/invoices/${id}`));
      await page.goto(`${origin('de')}/invoice/${id}`);
      expect([400, 404]).toContain((await answer).status());
      await expect(page).toHaveURL(`${origin('de')}/`);
      await expect(shell(page, en).status).toBeVisible();
      await expect(page.getByRole('article')).toHaveCount(0);
    }
  });
});

test.describe('refunds of closed days', () => {
  test('a German member has the closed days paid back to the card, and the refund shows on the invoice', async ({
    page,
  }) => {
    await signInAs(page, 'de', 'closed_club', 'de-DE');
    await openPortal(page, 'de', '/payment', de);
    const refunds = region(page, de('payments.refunds.title'));
    await expect(refunds.getByRole('listitem')).toHaveCount(1);
    const item = refunds.getByRole('listitem');
    await expect(item).toContainText(de('payments.refunds.days', { count: 31, closed: 5 }));
    const number = /[A-Z]{2}-\d{4}-\d{6}/.exec(await item.getByRole('heading').innerText())![0];
    const amount = (await item.locator('strong').innerText()).trim();
    expect(minorUnits(amount)).toBe(Math.floor((2990 * 5) / 31)); // 5 of 31 days of €29.90
    await expectNoAxeViolations(page);

    await item.getByRole('link', { name: de('payments.refunds.toCard') }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: de('payments.refundCard.title') }),
    ).toBeVisible();
    await expect(
      page.getByText(de('payments.refundCard.explainCard', { amount, card: 'visa **** **** **** 4242' })),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: de('payments.refundCard.submit', { amount }) }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: de('payments.refundCard.success.title') }),
    ).toBeVisible();
    await expect(page.getByText(de('payments.refundCard.success.done', { amount }))).toBeVisible();
    await expectNoAxeViolations(page);

    // The item has left the list, and the invoice shows the refund under its payment.
    await page
      .getByRole('link', { name: de('payments.backToPayment') })
      .first()
      .click();
    await expect(cardBlock(page, de)).toBeVisible();
    await expect(region(page, de('payments.refunds.title'))).toHaveCount(0);
    await invoiceList(page, de)
      .getByRole('link', { name: de('payments.invoices.number', { number }) })
      .click();
    const sheet = page.getByRole('article', { name: de('invoice.documentLabel', { number }) });
    const payments = sheet.getByRole('region', { name: de('invoice.payments.title') });
    const payment = payments.getByRole('listitem').filter({ hasText: de('invoice.payments.payment') });
    const refund = payment.getByRole('list').getByRole('listitem');
    await expect(refund).toHaveCount(1);
    await expect(refund).toContainText(de('invoice.payments.refund'));
    await expect(refund).toContainText(amount);
    await expect(refund).toContainText(de('invoice.transactionStatus.completed'));
    await expectNoAxeViolations(page);
  });

  test('a Norwegian member asks for a bank transfer: an invalid number is refused, a Norwegian account number is taken', async ({
    page,
    request,
  }) => {
    await signInAs(page, 'no', 'closed_club', 'nb-NO');
    await openPortal(page, 'no', '/payment', nb);
    const item = region(page, nb('payments.refunds.title')).getByRole('listitem');
    await expect(item).toHaveCount(1);
    const amount = (await item.locator('strong').innerText()).trim();
    expect(minorUnits(amount)).toBe(Math.floor((49900 * 5) / 31));
    await item.getByRole('link', { name: nb('payments.refunds.toBank') }).click();

    await expect(
      page.getByRole('heading', { level: 2, name: nb('payments.refundBank.title') }),
    ).toBeVisible();
    await expect(page.getByText(nb('payments.refundBank.days'))).toBeVisible();
    await expectNoAxeViolations(page);
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/manual_refund')) posts.push(r.url());
    });
    const account = page.getByRole('textbox', { name: nb('payments.refundBank.account') });
    const submit = page.getByRole('button', { name: nb('payments.refundBank.submit', { amount }) });
    await account.fill('NO93 8601 1117 948'); // a wrong check digit
    await submit.click();
    await expect(account).toHaveAttribute('aria-invalid', 'true');
    await expect(account).toHaveAccessibleDescription(containing(nb('payments.refundBank.invalid.NO')));
    await expectNoAxeViolations(page);
    expect(posts).toHaveLength(0);

    await account.fill('8601 11 17947');
    await submit.click();
    await expect(
      page.getByRole('heading', { level: 2, name: nb('payments.refundBank.success.title') }),
    ).toBeVisible();
    await expect(page.getByText(nb('payments.refundBank.days'))).toBeVisible();
    const confirmation = page.getByText(containing(amount)).filter({ hasText: '7947' });
    await expect(confirmation).toBeVisible();
    await expect(confirmation).not.toContainText('86011117947'); // masked
    await expectNoAxeViolations(page);
    expect(posts).toHaveLength(1);

    const [mail] = await outbox(request, 'closed_club@no.example');
    expect(mail?.body).toContain('14');
    expect(mail?.body).toContain('7947');
    expect(mail?.body).not.toContain('86011117947');

    await page
      .getByRole('link', { name: nb('payments.backToPayment') })
      .first()
      .click();
    await expect(cardBlock(page, nb)).toBeVisible();
    await expect(region(page, nb('payments.refunds.title'))).toHaveCount(0);
  });
});

test.describe('Swiss health-insurance confirmation', () => {
  test("a Swiss member of two years opens last year's confirmation with the total paid", async ({
    page,
  }, testInfo) => {
    await signInAs(page, 'ch', 'active', 'de-CH');
    await openPortal(page, 'ch', '/payment', de);
    const section = region(page, de('healthInsurance.title'));
    await expect(section).toContainText(de('healthInsurance.rule', { percent: 90, months: 6 }));
    await expectNoAxeViolations(page);
    await section.getByRole('link', { name: de('healthInsurance.yearLink', { year: 2025 }) }).click();

    const sheet = page.getByRole('article', { name: de('healthInsurance.document.label', { year: 2025 }) });
    await expect(sheet).toBeVisible();
    await expect(sheet).toContainText('Stride Fitness Schweiz AG');
    const fees = sheet.getByRole('table', { name: de('healthInsurance.document.fees', { year: 2025 }) });
    const rows = fees.getByRole('rowgroup').nth(1).getByRole('row');
    await expect(rows).toHaveCount(12);
    const amounts = (await rows.getByRole('cell').filter({ hasText: 'CHF' }).allInnerTexts()).map(minorUnits);
    const total = minorUnits(
      await definitionOf(sheet, de('healthInsurance.document.total', { year: 2025 })).innerText(),
    );
    expect(total).toBe(amounts.reduce((sum, a) => sum + a, 0));
    expect(total).toBe(12 * 8900);
    await expectNoAxeViolations(page);
    await expectPrintsOnA4(page, de, sheet, de('healthInsurance.print'), testInfo);
  });

  test('a Swiss member of four months is told from when the confirmation is available', async ({ page }) => {
    await signInAs(page, 'ch', 'closed_club', 'en-CH');
    await openPortal(page, 'ch', '/payment', en);
    const section = region(page, en('healthInsurance.title'));
    await expect(section).toContainText(en('healthInsurance.rule', { percent: 90, months: 6 }));
    // A member since 1 July 2026 (four months before the clock's November) qualifies six months on.
    await expect(section).toContainText(en('healthInsurance.notYet', { date: '1 January 2027', months: 6 }));
    await expect(section.getByRole('link')).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.goto(`${origin('ch')}/payment/health-insurance/2026`);
    await expect(page).toHaveURL(`${origin('ch')}/payment`);
    await expect(region(page, en('healthInsurance.title'))).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(0);
  });
});
