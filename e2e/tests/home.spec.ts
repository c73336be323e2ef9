import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  catalogue,
  expectNoAxeViolations,
  getAs,
  mainMenu,
  membershipOf,
  origin,
  signIn,
  signInIn,
  textOf,
  useEnglish,
  usePortalClock,
} from './support.ts';

// Home, referral and contact: read-only pages, so personas other specs change are fine as
// long as the facts read here (workouts, keys, number) stay; each test reads them from the API.
test.use({ bypassCSP: true }); // for the injected axe-core script

const en = catalogue('en');
const nb = catalogue('nb');
const de = catalogue('de');

interface WorkoutMonth {
  year: number;
  month: number;
  count: number;
  ytd: number;
}

async function workoutsOf(request: APIRequestContext, operator: string, persona: string) {
  return (await getAs(request, operator, persona, '/v2/workouts')) as {
    total: number;
    months: WorkoutMonth[];
  };
}

const counter = (page: Page, c: typeof en) => page.getByRole('region', { name: c.workouts.title });
/** "November 2026" as the counter names a month (capitalised where the language does not). */
const monthLabel = (month: WorkoutMonth, locale: string) =>
  new RegExp(
    `^${new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(
      new Date(Date.UTC(month.year, month.month - 1, 15)),
    )}$`,
    'i',
  );

test.describe('home', () => {
  test('a Norwegian member sees this month’s workouts and can page back to the first month with data, no further', async ({
    page,
    request,
  }) => {
    const { total, months } = await workoutsOf(request, 'no', 'active');
    const withData = months.filter((m) => m.count > 0);
    expect(withData.length).toBeGreaterThan(2);
    const current = months.at(-1)!;
    const first = months[0]!;

    await usePortalClock(page, request);
    await signInIn(page, 'no', 'active', 'nb-NO');
    const workouts = counter(page, nb);
    await expect(workouts.getByText(monthLabel(current, 'nb-NO'))).toBeVisible();
    const stat = (label: string) => workouts.locator('dt', { hasText: label }).locator('+ dd');
    await expect(stat(nb.workouts.thisMonth)).toContainText(String(current.count));
    await expect(stat(nb.workouts.yearToDate)).toContainText(String(current.ytd));
    await expect(workouts).toContainText(String(total));

    // Later than this month: not possible.
    const next = workouts.getByRole('button', { name: nb.workouts.next });
    await expect(next).toHaveAttribute('aria-disabled', 'true');
    await next.press('Enter'); // a keyboard user can reach it; it does nothing at the bound
    await expect(workouts.getByText(monthLabel(current, 'nb-NO'))).toBeVisible();

    // Back, month by month, to the first month with data; then the button does nothing.
    const previous = workouts.getByRole('button', { name: nb.workouts.previous });
    for (let i = months.length - 1; i > 0; i--) await previous.click();
    await expect(workouts.getByText(monthLabel(first, 'nb-NO'))).toBeVisible();
    await expect(stat(nb.workouts.month)).toContainText(String(first.count));
    await expect(previous).toHaveAttribute('aria-disabled', 'true');
    await previous.press('Enter');
    await expect(workouts.getByText(monthLabel(first, 'nb-NO'))).toBeVisible();

    // The chart's numbers are there for screen readers as a table too.
    await expect(workouts.getByRole('table')).toBeAttached();
    await expectNoAxeViolations(page);
  });

  test('the PIN block shows for a member with a PIN and not for one holding a chip', async ({
    page,
    request,
  }) => {
    const withPin = await membershipOf(request, 'de', 'active');
    const pin = withPin.keys.find(
      (k: { type: string; status: string }) => k.type === 'pin' && k.status === 'active',
    );
    expect(pin).toBeTruthy();

    await usePortalClock(page, request);
    await signInIn(page, 'de', 'active', 'de-DE');
    await expect(page.getByRole('region', { name: de.access.home.title })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.evaluate(() => localStorage.clear());
    await useEnglish(page, 'fi');
    await signIn(page, 'fi', 'rfid');
    await expect(counter(page, en)).toBeVisible();
    await expect(page.getByRole('region', { name: en.access.home.title })).toHaveCount(0);
  });
});

interface InvoiceAnswer {
  status: string;
  period: unknown;
  amount: number;
  currency: string;
}

test.describe('home for a member who owes', () => {
  test('an unpaid German member sees the open amount first on home, and its one link leads to the payment page', async ({
    page,
    request,
  }) => {
    // What is owed, read from the API: the declined invoices with a period
    // (docs/portal-screens.md, "Invoices and the card").
    const invoices = (await getAs(request, 'de', 'unpaid', '/v1/membership/invoices')) as InvoiceAnswer[];
    const owed = invoices.filter((i) => i.status === 'declined' && i.period != null);
    expect(owed.length).toBeGreaterThan(0);
    const amount = new Intl.NumberFormat('de-DE', { style: 'currency', currency: owed[0]!.currency }).format(
      owed.reduce((sum, i) => sum + i.amount, 0) / 100,
    );

    await signInIn(page, 'de', 'unpaid', 'de-DE');
    const notice = page.getByRole('region', { name: de.home.unpaid.title, exact: true });
    await expect(notice).toContainText(textOf(de, 'home.unpaid.text', { amount }));
    await expect(notice.getByRole('link')).toHaveCount(1);
    // First on home: above the welcome.
    const welcome = page.locator('#home-welcome');
    const [noticeBox, welcomeBox] = [await notice.boundingBox(), await welcome.boundingBox()];
    expect(noticeBox!.y).toBeLessThan(welcomeBox!.y);
    // The menu's alert stays beside it.
    await expect(
      page.getByRole('navigation', { name: de.nav.label }).getByText(de.nav.paymentRequired),
    ).toBeAttached();
    await expectNoAxeViolations(page);

    await notice.getByRole('link', { name: de.home.unpaid.action }).click();
    await expect(page).toHaveURL(`${origin('de')}/payment`);
    const paymentNotice = page.getByRole('region', { name: de.payments.unpaid.title, exact: true });
    await expect(paymentNotice).toContainText(amount);
    await expect(paymentNotice.getByRole('link', { name: de.payments.card.update })).toBeVisible();
  });

  test('a member who owes nothing has no such notice once the invoices are in', async ({ page }) => {
    const invoicesLoaded = page.waitForResponse((r) => r.url().includes('/api/v1/membership/invoices'));
    await signInIn(page, 'de', 'active', 'de-DE');
    expect((await invoicesLoaded).ok()).toBe(true);
    await expect(counter(page, de)).toBeVisible();
    await expect(page.getByRole('region', { name: de.home.unpaid.title, exact: true })).toHaveCount(0);
  });
});

interface HomeContentAnswer {
  highlights: { type: string; title: string; statuses?: string[]; internal_url?: string }[];
  articles: { title: string; imageURL: string }[];
}

async function contentOf(request: APIRequestContext, operator: string, persona: string, locale: string) {
  return (await getAs(request, operator, persona, `/v1/content?locale=${locale}`)) as HomeContentAnswer;
}

test.describe('home highlights and articles', () => {
  test('a frozen Norwegian member is reminded of the freeze; an active one is not, and is nudged to refer a friend', async ({
    page,
    request,
  }) => {
    const frozen = await contentOf(request, 'no', 'in_freeze', 'nb-NO');
    const active = await contentOf(request, 'no', 'active', 'nb-NO');
    const reminder = frozen.highlights.find((h) => h.type === 'freeze_reminder');
    const nudge = active.highlights.find((h) => h.type === 'referral');
    expect(reminder).toBeTruthy();
    expect(nudge?.internal_url).toBe('/referral');
    expect(active.highlights.some((h) => h.type === 'freeze_reminder')).toBe(false);

    await signInIn(page, 'no', 'in_freeze', 'nb-NO');
    const news = page.getByRole('region', { name: nb.content.highlights });
    await expect(news.getByRole('heading', { name: reminder!.title })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.evaluate(() => localStorage.clear());
    await signInIn(page, 'no', 'active', 'nb-NO');
    await expect(news.getByRole('heading', { name: nudge!.title })).toBeVisible();
    await expect(news.getByRole('heading', { name: reminder!.title })).toHaveCount(0);
    await news.getByRole('link', { name: nudge!.title }).click();
    await expect(page).toHaveURL(/\/referral$/);
  });

  test('article teasers in German load their local pictures lazily', async ({ page, request }) => {
    const { articles } = await contentOf(request, 'de', 'in_freeze', 'de-DE');
    expect(articles.length).toBeGreaterThan(0);
    await signInIn(page, 'de', 'in_freeze', 'de-DE');
    const teasers = page.getByRole('region', { name: de.content.articles });
    await expect(teasers.getByRole('heading', { name: articles[0]!.title })).toBeVisible();
    const picture = teasers.locator(`img[src="${articles[0]!.imageURL}"]`);
    await expect(picture).toHaveAttribute('loading', 'lazy');
    await picture.scrollIntoViewIfNeeded();
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await expectNoAxeViolations(page);
  });
});

test.describe('referral', () => {
  test('a Norwegian member reads the offer and copies the code with a visible confirmation', async ({
    page,
    request,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: origin('no') });
    const promotion = await getAs(request, 'no', 'active', '/v1/current_referral');
    expect(promotion.referrer_discount_months).toBe(2);

    await signInIn(page, 'no', 'active', 'nb-NO');
    await page
      .getByRole('navigation', { name: nb.nav.label })
      .getByRole('link', { name: nb.nav.referral })
      .click();
    await expect(page).toHaveURL(/\/referral$/);
    await expect(
      page.getByText(textOf(nb, 'referral.terms.discountMonths_other', { count: 2, percent: '50 %' })),
    ).toBeVisible();
    await page.getByRole('button', { name: nb.referral.code.copy }).click();
    await expect(page.getByText(nb.referral.code.copied)).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/\S{4,}/);
    await expect(page.getByText(copied, { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('a German member sees one free month per new member', async ({ page }) => {
    await signInIn(page, 'de', 'active', 'de-DE');
    await page.goto(`${origin('de')}/referral`);
    await expect(page.getByText(textOf(de, 'referral.terms.freeMonths_one', { count: 1 }))).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('an Austrian member finds a clear “no current offer” page', async ({ page }) => {
    await useEnglish(page, 'at');
    await signIn(page, 'at', 'active');
    await mainMenu(page).getByRole('link', { name: en.nav.referral }).click();
    await expect(page.getByRole('heading', { name: en.referral.none.title })).toBeVisible();
    await expect(page.getByRole('link', { name: en.common.goHome })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('referral is not offered in trial: the menu hides it and the address leads home', async ({ page }) => {
    await useEnglish(page, 'no');
    await signIn(page, 'no', 'in_trial');
    await expect(mainMenu(page).getByRole('link', { name: en.nav.referral })).toHaveCount(0);
    await page.goto(`${origin('no')}/referral`);
    await expect(page).toHaveURL(`${origin('no')}/`);
  });
});

test.describe('contact', () => {
  test('a Swiss member finds the club’s hours, the number to quote and the help topics', async ({
    page,
    request,
  }) => {
    const membership = await membershipOf(request, 'ch', 'active');
    await useEnglish(page, 'ch');
    await signIn(page, 'ch', 'active');
    await mainMenu(page).getByRole('link', { name: en.nav.contact }).click();
    await expect(page.getByRole('heading', { name: en.contact.numberLabel })).toBeVisible();
    await expect(page.getByText(membership.membership_number, { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: en.contact.club })).toContainText(membership.location.name);
    await expect(page.getByRole('table').first()).toBeVisible();

    const topics = page.getByRole('region', { name: en.contact.topics.title });
    await topics.getByRole('link', { name: en.contact.topics.freeze.title }).click();
    await expect(page).toHaveURL(/\/membership\/freeze$/);
    await page.goBack();
    await expect(page.getByRole('link', { name: en.contact.topics.payment.title })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
