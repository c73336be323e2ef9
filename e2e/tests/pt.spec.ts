import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type APIRequestContext, expect, type Frame, type Page, test } from '@playwright/test';
import {
  apiOrigin,
  catalogue,
  expectNoAxeViolations,
  getAs,
  mainMenu,
  origin,
  signIn,
  signInIn,
  textOf,
  tokenOf,
  useEnglish,
  usePortalClock,
} from './support.ts';

// Personal training: the sandbox provider's widgets on /offers, /pt and home. Personas: the
// purchase by in_trial@de and the failed script load by new_signup@ch, whom no other spec
// uses; active@no books a session and cancels it again (other specs only read that member,
// and never its PT); presale@ch, active@at and in_trial@fi are only looked at. Facts (the
// packages, sessions left, free times) are read from the API first. The widgets run in the
// provider's frame (ADR 032): the sandbox's frame page, in an opaque origin.
test.use({ bypassCSP: true }); // for the injected axe-core script

const en = catalogue('en');
const de = catalogue('de');
const fr = catalogue('fr');
const nb = catalogue('nb');

// ---------------------------------------------------------------------------------------
// The widget's own texts, from its translation table in widget.js (the provider's, not the
// portal's catalogues), so a wording change there does not break these tests.

type PluralForms = Record<string, string>;
interface WidgetTexts {
  sessions: PluralForms;
  remaining: PluralForms;
  buy: string;
  buyLabel(name: string): string;
  confirmBuyButton: string;
  bought(sessions: string): string;
  upcoming: string;
  bookHeading: string;
  day: string;
  times: string;
  dateTime(day: string, time: string): string;
  timeLabel(time: string, day: string): string;
  binding: string;
  cancellableUntil(deadline: string): string;
  back: string;
  confirmBookButton: string;
  booked(when: string, trainer: string): string;
  cancelLabel(when: string): string;
  confirmCancelButton: string;
  cancelled: string;
}

const widgetSource = readFileSync(
  new URL('../../packages/demo-data/src/pt-sandbox/widget.js', import.meta.url),
  'utf8',
);
const WIDGET = new Function(
  `${widgetSource.slice(widgetSource.indexOf('const TEXTS = {'), widgetSource.indexOf('function languageOf'))}
  return TEXTS;`,
)() as Record<'en' | 'de' | 'fr' | 'nb' | 'fi', WidgetTexts>;

/** "5 Einheiten", "1 time": a count with the widget's plural forms. */
const counted = (n: number, forms: PluralForms, language: string) =>
  (forms[new Intl.PluralRules(language).select(n)] ?? forms.other!).replace('{n}', String(n));

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const HOLE = '\u0001';
/** A text function of the widget as a pattern, each argument a capturing group. */
const pattern = (fn: (...args: string[]) => string, args = 1) =>
  new RegExp(escapeRegExp(fn(...Array(args).fill(HOLE))).replaceAll(HOLE, '(.+?)'));
/** A catalogue text with any value in its placeholders. */
const anyValues = (text: string) => new RegExp(escapeRegExp(text).replace(/\\\{\\\{\w+\\\}\\\}/g, '.+'));

// ---------------------------------------------------------------------------------------
// The provider's API from Node, with a widget session of the persona, as the widget sees it.

interface Slot {
  starts_at: string;
  cancellable: boolean;
}

async function widgetApi(
  request: APIRequestContext,
  operator: string,
  persona: string,
  widget: 'package_buy' | 'booking',
  locale: string,
) {
  const session = await request.post(`${apiOrigin}/api/v1/pt/widget_session`, {
    headers: { Authorization: `Bearer ${await tokenOf(request, operator, persona)}` },
    data: { widget },
  });
  expect(session.ok(), `${persona}@${operator} opens the ${widget} widget`).toBe(true);
  const { token, frame_url } = await session.json();
  const base = new URL('v1/', new URL(frame_url, apiOrigin)).href;
  return async <T>(path: string): Promise<T> => {
    const answer = await request.get(new URL(path, base).href, {
      headers: { Authorization: `Bearer ${token}`, 'Accept-Language': locale },
    });
    expect(answer.ok(), path).toBe(true);
    return answer.json();
  };
}

/** The day (as the day select's values) and the time of an instant in the club's timezone. */
const dayOf = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(iso),
  );
const timeOf = (iso: string, timeZone: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

/** The provider's frame of the page (its page, for what only a page can do). */
async function widgetFrame(page: Page): Promise<Frame> {
  const handle = await page.locator('iframe[src*="/api/dev/pt/frame.html"]').elementHandle();
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error('no PT frame');
  return frame;
}

/** The element that has the focus, in the widget's frame and through its shadow root. */
const focusedText = async (page: Page) => {
  const hasFocus = await page.evaluate(() => document.activeElement?.tagName);
  if (hasFocus !== 'IFRAME') return null;
  return (await widgetFrame(page)).evaluate(() => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return active?.textContent ?? null;
  });
};

const require = createRequire(import.meta.url);

/**
 * Axe in the page and in the widget's frame (axe in the page does not look into frames).
 * The frame is part of the page, not a page: the rules of a whole page (one main landmark,
 * an h1, everything in a landmark) are the host page's, checked there.
 */
async function expectNoAxeViolationsHere(page: Page) {
  await expectNoAxeViolations(page);
  const frame = await widgetFrame(page);
  await frame.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  const violations = await frame.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe's global, injected above
    const result = await (window as any).axe.run(document, {
      resultTypes: ['violations'],
      rules: {
        'landmark-one-main': { enabled: false },
        'page-has-heading-one': { enabled: false },
        region: { enabled: false },
      },
    });
    return result.violations.map((v: { id: string; nodes: { target: string[] }[] }) => ({
      id: v.id,
      nodes: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
  expect(violations).toEqual([]);
}

// ---------------------------------------------------------------------------------------

test.describe('personal training', () => {
  test('a German member buys a package on /offers, sees the thanks in its card and the invoice on /payment', async ({
    page,
    request,
  }) => {
    test.slow(); // a purchase, the invoice pages, and axe in the page and in the widget's frame
    const W = WIDGET.de;
    const get = await widgetApi(request, 'de', 'in_trial', 'package_buy', 'de-DE');
    const { packages } = await get<{ packages: { name: string; sessions: number; price: number }[] }>(
      'packages',
    );
    const pack = packages.find((p) => p.sessions === 5)!;
    const price = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' })
      .format(pack.price / 100)
      .replace(/\s/g, '\\s');

    // Package invoices the member has already (a retry of this test finds the first try's).
    const ptInvoicesBefore = (
      (await getAs(request, 'de', 'in_trial', '/v1/membership/invoices')) as {
        lines: { system_concept: string; human_concept: string }[];
      }[]
    ).filter((invoice) =>
      invoice.lines.some((line) => line.system_concept === 'pt_package' && line.human_concept === pack.name),
    ).length;

    await usePortalClock(page, request);
    await signInIn(page, 'de', 'in_trial', 'de-DE');
    await page.goto(`${origin('de')}/offers`);
    await expect(page.getByRole('heading', { name: de.pt.offers.title })).toBeVisible();
    const widget = page.frameLocator(`iframe[title="${de.pt.offers.title}"]`);
    const card = widget
      .getByRole('listitem')
      .filter({ has: widget.getByRole('heading', { name: pack.name, exact: true }) });
    await expect(card.getByRole('button', { name: W.buyLabel(pack.name) })).toBeVisible();

    // The widget runs in an opaque origin: the portal's session token and page are out of its reach.
    const frame = await widgetFrame(page);
    expect(await page.evaluate(() => localStorage.getItem('portal.token'))).toBeTruthy();
    expect(
      await frame.evaluate(() => {
        const tries = [() => localStorage.getItem('portal.token'), () => window.parent.document.title];
        return tries.map((read) => {
          try {
            return `read: ${read()}`;
          } catch (error) {
            return (error as Error).name;
          }
        });
      }),
    ).toEqual(['SecurityError', 'SecurityError']);
    expect(await page.evaluate(() => (window as { PtWidgets?: unknown }).PtWidgets)).toBeUndefined();

    await card.getByRole('button', { name: W.buyLabel(pack.name) }).click();
    await card.getByRole('button', { name: W.confirmBuyButton }).click();

    // The thanks in the bought card, with the focus, where a phone shows it.
    const thanks = card.getByText(W.bought(counted(pack.sessions, W.sessions, 'de')));
    await expect(thanks).toBeVisible();
    expect(await focusedText(page)).toBe(W.bought(counted(pack.sessions, W.sessions, 'de')));
    await expect(card.getByRole('button', { name: W.buyLabel(pack.name) })).toBeVisible();
    await expect(page.getByText(de.pt.purchased.done)).toBeVisible();
    await expectNoAxeViolationsHere(page);

    // The widget's frame may still resize below the link as the click lands: click until it goes.
    await expect(async () => {
      if (!/\/payment$/.test(page.url()))
        await page.getByRole('link', { name: de.pt.purchased.toPayment }).click();
      await expect(page).toHaveURL(/\/payment$/, { timeout: 2000 });
    }).toPass();
    const concept = textOf(de, 'invoice.ptPackage', { name: pack.name });
    const invoices = page.getByRole('region', { name: de.payments.invoices.title, exact: true });
    const rows = invoices.getByRole('listitem').filter({ hasText: concept });
    // One invoice for the purchase, no more; the list is newest first.
    await expect(rows).toHaveCount(ptInvoicesBefore + 1);
    const row = rows.first();
    // Bought today, billed for the payment run: open until it is charged, dated, no period.
    await expect(row).toContainText(de.payments.stamp.open);
    await expect(row).toContainText(new RegExp(price));
    await expect(row).not.toContainText('–');
    // The next payment is that invoice now.
    const next = page.getByRole('region', { name: de.payments.next.title, exact: true });
    await expect(next).toContainText(new RegExp(price));
    await expectNoAxeViolations(page);

    await row.getByRole('link').click();
    await expect(page).toHaveURL(/\/invoice\//);
    const line = page.getByRole('row').filter({ hasText: concept });
    await expect(line).toHaveCount(1);
    await expect(line).toContainText(new RegExp(price));
    await expectNoAxeViolations(page);
  });

  test('a Norwegian member books a session on /pt at 320 px, is told which times are binding, and cancels it again', async ({
    page,
    request,
  }) => {
    test.slow(); // booking, cancelling, and axe in the page and in the widget's frame, four times
    const W = WIDGET.nb;
    const get = await widgetApi(request, 'no', 'active', 'booking', 'nb-NO');
    const before = await get<{ remaining_sessions: number; bookings: unknown[] }>('bookings');
    expect(before.remaining_sessions).toBeGreaterThan(0);
    const { trainers, timezone } = await get<{ trainers: { id: string; name: string }[]; timezone: string }>(
      'trainers',
    );
    const { slots } = await get<{ slots: Slot[] }>(`slots?trainer_id=${trainers[0]!.id}`);
    // Tomorrow's first hours are less than 24 hours ahead: offered, but binding.
    const binding = slots.find((s) => !s.cancellable);
    const free = slots.find((s) => s.cancellable)!;
    expect(binding).toBeDefined();

    await page.setViewportSize({ width: 320, height: 800 });
    await usePortalClock(page, request);
    await signInIn(page, 'no', 'active', 'nb-NO');
    await page.goto(`${origin('no')}/pt`);
    await expect(page.getByRole('heading', { name: nb.pt.booking.title })).toBeVisible();
    const widget = page.frameLocator(`iframe[title="${nb.pt.booking.title}"]`);
    const balance = widget.getByText(counted(before.remaining_sessions, W.remaining, 'nb'));
    await expect(balance).toBeVisible();
    const upcoming = widget.getByRole('region', { name: W.upcoming });
    await expect(upcoming.getByRole('listitem')).toHaveCount(before.bookings.length);

    const picker = widget.getByRole('region', { name: W.bookHeading });
    const times = picker.getByRole('group', { name: W.times });
    const choose = async (slot: Slot) => {
      await picker.getByLabel(W.day, { exact: true }).selectOption(dayOf(slot.starts_at, timezone));
      const time = timeOf(slot.starts_at, timezone, 'nb-NO');
      await times
        .getByRole('button', { name: new RegExp(`^${escapeRegExp(W.timeLabel(time, ''))}`) })
        .click();
    };

    await choose(binding!);
    await expect(picker.getByText(W.binding)).toBeVisible();
    await expectNoAxeViolationsHere(page);
    await picker.getByRole('button', { name: W.back, exact: true }).click();
    await expect(picker.getByText(W.binding)).toHaveCount(0);

    await choose(free);
    await expect(picker.getByText(pattern(W.cancellableUntil))).toBeVisible();
    await picker.getByRole('button', { name: W.confirmBookButton }).click();
    // The confirmation under the times, with the focus.
    const booked = picker.getByText(pattern(W.booked, 2));
    await expect(booked).toBeVisible();
    const confirmation = (await booked.textContent())!;
    expect(await focusedText(page)).toBe(confirmation);
    await expect(widget.getByText(counted(before.remaining_sessions - 1, W.remaining, 'nb'))).toBeVisible();
    await expect(upcoming.getByRole('listitem')).toHaveCount(before.bookings.length + 1);
    // Nothing scrolls sideways on a 320 px phone, in the page nor in the frame, and the frame is
    // as tall as the widget (no scrolling inside it).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    const frame = await widgetFrame(page);
    const inner = await frame.evaluate(() => ({
      width: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
      height: document.documentElement.scrollHeight,
    }));
    expect(inner.width).toBeLessThanOrEqual(inner.client);
    await expect
      .poll(async () => (await page.locator('iframe').boundingBox())?.height ?? 0)
      .toBeGreaterThanOrEqual(inner.height - 1);
    await expectNoAxeViolationsHere(page);

    const when = pattern(W.booked, 2).exec(confirmation)![1]!;
    await upcoming.getByRole('button', { name: W.cancelLabel(when) }).click();
    await upcoming.getByRole('button', { name: W.confirmCancelButton }).click();
    await expect(upcoming.getByText(W.cancelled)).toBeVisible();
    expect(await focusedText(page)).toBe(W.cancelled);
    await expect(upcoming.getByRole('listitem')).toHaveCount(before.bookings.length);
    await expect(balance).toBeVisible();
    await expectNoAxeViolationsHere(page);
  });

  test('home shows the package buy widget where the operator has PT, and nothing of PT in Austria and Finland', async ({
    page,
    request,
  }) => {
    test.slow(); // three operators signed in one after the other, axe in the page and the frame
    const get = await widgetApi(request, 'ch', 'new_signup', 'package_buy', 'en-CH');
    const { packages } = await get<{ packages: { name: string }[] }>('packages');
    expect(packages.length).toBeGreaterThan(0);

    await useEnglish(page, 'ch');
    await signIn(page, 'ch', 'new_signup');
    const pt = page.getByRole('region', { name: en.pt.home.title, exact: true });
    const widget = pt.locator('iframe').contentFrame();
    for (const p of packages) {
      await expect(widget.getByRole('button', { name: WIDGET.en.buyLabel(p.name) })).toBeVisible();
    }
    await expectNoAxeViolationsHere(page);

    const ptCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/pt/') || r.url().includes('/api/dev/pt/')) ptCalls.push(r.url());
    });
    for (const [operator, persona] of [
      ['at', 'active'],
      ['fi', 'in_trial'],
    ] as const) {
      ptCalls.length = 0;
      await page.evaluate(() => localStorage.clear());
      await useEnglish(page, operator);
      await signIn(page, operator, persona);
      await expect(page.getByRole('heading', { name: en.home.shortcuts })).toBeVisible();
      await expect(pt).toHaveCount(0);
      await expect(mainMenu(page).getByRole('link', { name: en.nav.offers })).toHaveCount(0);
      await expect(mainMenu(page).getByRole('link', { name: en.nav.pt })).toHaveCount(0);
      expect(ptCalls, `${operator} asks nothing of PT`).toEqual([]);
    }
  });

  test('a member in presale is told on /offers when PT becomes available, and home leaves PT out', async ({
    page,
  }) => {
    const session = page.waitForResponse((r) => r.url().endsWith('/api/v1/pt/widget_session'));
    await signInIn(page, 'ch', 'presale', 'fr-CH');
    expect((await session).status()).toBe(422);
    await expect(page.getByRole('region', { name: fr.pt.home.title, exact: true })).toHaveCount(0);

    await page.goto(`${origin('ch')}/offers`);
    await expect(page.getByRole('heading', { name: fr.pt.offers.title })).toBeVisible();
    await expect(page.getByText(anyValues(fr.pt.errors.pt_before_membership_start))).toBeVisible();
    await expect(page.getByRole('button', { name: WIDGET.fr.buy })).toHaveCount(0);
    await expect(page.getByRole('button', { name: fr.common.retry })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('when the widget’s script cannot be loaded in its frame, /offers says so with a retry that brings it back', async ({
    page,
  }) => {
    test.slow(); // two widgets loaded, one failed, and axe in the page and the frame
    await useEnglish(page, 'ch');
    await signIn(page, 'ch', 'new_signup');
    const buyButtons = page
      .locator('iframe')
      .contentFrame()
      .getByRole('button', {
        name: new RegExp(`^${escapeRegExp(WIDGET.en.buyLabel(''))}`),
      });
    await expect(buyButtons.first()).toBeVisible(); // home's widget, loaded before the failure begins
    // The next load of the provider's script fails (routing also keeps the browser cache out).
    await page.route('**/api/dev/pt/widget.js', (route) => route.abort('connectionrefused'), { times: 1 });
    await page.goto(`${origin('ch')}/offers`);
    await expect(page.getByText(en.pt.widget.failed.package_buy)).toBeVisible();
    await expect(page.getByText(en.pt.widget.failedHint)).toBeVisible();
    await expect(mainMenu(page)).toBeVisible(); // the shell stays
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: en.common.retry }).click();
    await expect(buyButtons.first()).toBeVisible();
    await expect(page.getByText(en.pt.widget.failed.package_buy)).toHaveCount(0);
    await expectNoAxeViolationsHere(page);
  });
});
