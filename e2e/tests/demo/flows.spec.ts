import { expect, type Page, test } from '@playwright/test';
import { catalogue, textOf } from '../support.ts';
import { expectNoAxeViolations, ribbon, signInDemo, useDemoServer } from './support.ts';

// The demo's other flows in the browser: freeze and its yearly maximum, a phone change with
// the code from the ribbon's messages, a card update through the in-browser sandbox page,
// and a PT operator's home. Every test signs in in a fresh tab, so each starts from the seed.

const demo = useDemoServer();
const en = catalogue('en');

const main = (page: Page) => page.getByRole('main');
const statusBar = (page: Page) => page.getByRole('region', { name: en.statusBar.label });
const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

/** Opens a page of the portal by the hash route the demo build uses (`#/membership/…`). */
async function openRoute(page: Page, route: string) {
  await page.goto(`${demo.server.url}#${route}`);
}

test.describe('freeze', () => {
  test('an active member plans a freeze from the overview and sees it scheduled', async ({ page }) => {
    await signInDemo(page, demo.server.url, 'fi', 'active');
    await menu(page).getByRole('link', { name: 'Membership' }).click();
    await main(page).getByRole('link', { name: 'Freeze membership' }).click();
    await expect(page.getByRole('heading', { name: en.freeze.form.title.create })).toBeVisible();
    await expect(main(page)).toContainText(textOf(en, 'freeze.about.monthsLeft_other', { count: 3, max: 3 }));
    const save = page.getByRole('button', { name: en.freeze.form.submit });
    await expect(save).toBeDisabled();
    await page.getByLabel(en.freeze.form.begin).selectOption({ index: 1 });
    await page.getByLabel(en.freeze.form.end).selectOption({ index: 1 });
    await expect(page.getByText(en.freeze.form.total)).toBeVisible();
    await expectNoAxeViolations(page);
    await save.click();
    await expect(page.getByRole('heading', { name: en.freeze.success.title })).toBeVisible();
    await expect(main(page)).toContainText(
      /Your membership is frozen from 1 \w+ \d{4} to \d{1,2} \w+ \d{4}\./,
    );
    await expect(statusBar(page)).toContainText(/Active — freeze starts on 1 \w+ \d{4}/);
    await expectNoAxeViolations(page);
    await menu(page).getByRole('link', { name: 'Membership' }).click();
    await expect(main(page).getByRole('link', { name: 'Manage scheduled freeze' })).toBeVisible();
  });

  test('a member who used the year’s freeze months is offered none this year, and at most three next year', async ({
    page,
  }) => {
    await signInDemo(page, demo.server.url, 'de', 'max_frozen');
    await openRoute(page, '/membership/freeze');
    await expect(page.getByText(en.freeze.about.nextYear)).toBeVisible();
    const begin = page.getByLabel(en.freeze.form.begin);
    const starts = (await begin.locator('option').allTextContents()).slice(1);
    const nextYear = String(new Date().getFullYear() + 1);
    // The demo runs on the browser's clock: no start this year, every one from January next year.
    expect(starts[0]).toBe(`1 January ${nextYear}`);
    expect(starts.every((start) => start.endsWith(nextYear))).toBe(true);
    await begin.selectOption({ label: `1 January ${nextYear}` });
    const ends = (await page.getByLabel(en.freeze.form.end).locator('option').allTextContents()).filter((o) =>
      /\d{4}$/.test(o),
    );
    expect(ends).toEqual([`31 January ${nextYear}`, `28 February ${nextYear}`, `31 March ${nextYear}`]);
    await expectNoAxeViolations(page);

    // The rule is the demo's "server" too, not only the form's: a freeze next month (this
    // year, unless it is December) sent as the portal sends it is refused with the rule's reason.
    const refusal = await page.evaluate(async () => {
      const today = new Date();
      if (today.getMonth() === 11) return null;
      const iso = (d: Date) =>
        `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
      const begin = new Date(today.getFullYear(), today.getMonth() + 1, 1);
      const end = new Date(today.getFullYear(), today.getMonth() + 2, 0);
      const response = await fetch('api/v1/membership/freeze_periods', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${localStorage.getItem('portal.token') ?? sessionStorage.getItem('portal.token')}`,
        },
        body: JSON.stringify({ freeze_period: { begin_date: iso(begin), end_date: iso(end) } }),
      });
      return { status: response.status, type: (await response.json()).errors?.[0]?.type };
    });
    if (refusal) expect(refusal).toEqual({ status: 422, type: 'max_freeze_months_reached' });
  });
});

test('a Norwegian member changes the mobile with the code shown in the demo’s messages', async ({ page }) => {
  await signInDemo(page, demo.server.url, 'no', 'active');
  await openRoute(page, '/membership/profile');
  await expect(page.getByRole('heading', { name: en.profile.form.title })).toBeVisible();
  const number = page.getByRole('textbox', { name: en.profile.form.number, exact: true });
  await number.fill('412 99 501');
  await number.blur();
  await expect(number).toHaveValue('41299501');
  await page.getByRole('button', { name: 'Send code by SMS' }).click();
  await expect(page.getByRole('heading', { name: en.profile.verify.title })).toBeVisible();
  await expectNoAxeViolations(page);

  // No SMS leaves a demo: the message shows in the ribbon at once, and in its list.
  const messages = ribbon(page).getByRole('button', { name: /^Messages/ });
  await expect(messages).toHaveText('Messages 1');
  await messages.click();
  const sms = ribbon(page).getByRole('listitem').first();
  await expect(sms).toContainText('+4741299501');
  // The body is the message's last paragraph (before it: to whom and when, "02:54").
  const code = /\b(\d{6})\b/.exec((await sms.locator('p').last().textContent()) ?? '')?.[1];
  expect(code, 'a six-digit code in the SMS').toBeTruthy();
  await ribbon(page).getByRole('button', { name: 'Close' }).click();

  const codeField = page.getByRole('textbox', { name: en.profile.verify.code });
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await codeField.fill(wrong);
  await page.getByRole('button', { name: en.profile.verify.confirm }).click();
  // The refusal sits at the code field; the step and what was typed stay.
  await expect(codeField).toHaveAccessibleDescription(/^Invalid verification code\./);
  await codeField.fill(code!);
  await page.getByRole('button', { name: en.profile.verify.confirm }).click();
  await expect(page.getByText('Your new mobile number +47 41299501 is confirmed.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Back to membership' }).click();
  await expect(main(page).getByText('+47 41299501')).toBeVisible();
});

test('a German member updates the card on the sandbox card page (3-D Secure confirmed) and sees it on file', async ({
  page,
}) => {
  await signInDemo(page, demo.server.url, 'de', 'active');
  await menu(page)
    .getByRole('link', { name: /^Payment/ })
    .click();
  const card = page.getByRole('region', { name: en.payments.card.title, exact: true });
  await expect(card).toContainText('**** **** **** 4242');
  await expectNoAxeViolations(page);
  await card.getByRole('link', { name: en.payments.card.update }).click();
  await expect(page.getByRole('heading', { level: 2, name: en.payments.creditCard.title })).toBeVisible();
  await page.getByRole('button', { name: en.payments.creditCard.continue }).click();

  // The provider's page, rendered in the same tab under the demo's own address.
  await expect(page.getByRole('heading', { level: 1, name: 'Add a payment card' })).toBeVisible();
  expect(page.url()).toContain('#/demo/card/verifone/');
  await expect(ribbon(page)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Card number').fill('4000 0000 0000 3220');
  await page.getByLabel('Expiry date (MM/YY)').fill('12/30');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: 'Verify card' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm it is you' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();

  const banner = page.getByRole('status', { name: en.payments.banner.label });
  await expect(banner).toContainText(en.payments.banner.success.title);
  expect(page.url()).toContain('#/payment/payment-method-updated');
  await expect(card).toContainText('**** **** **** 3220');
  await expect(card).toContainText(textOf(en, 'payments.card.expires', { expiry: '12/2030' }));
  await expectNoAxeViolations(page);
  // The card mail the server would send is in the demo's messages, masked.
  await ribbon(page)
    .getByRole('button', { name: /^Messages/ })
    .click();
  const mail = ribbon(page).getByRole('listitem').first();
  await expect(mail).toContainText('**** **** **** 3220');
  await expect(mail).not.toContainText('4000000000003220');
});

test('a Norwegian member updates the card in the dibs form embedded in the page', async ({ page }) => {
  await signInDemo(page, demo.server.url, 'no', 'active');
  await menu(page)
    .getByRole('link', { name: /^Payment/ })
    .click();
  const card = page.getByRole('region', { name: en.payments.card.title, exact: true });
  await card.getByRole('link', { name: en.payments.card.update }).click();
  // dibs' form is a frame of the page: another load of the app, answered by this tab's database.
  const form = page.getByTitle(en.payments.creditCard.frameTitle).contentFrame();
  await expect(form.getByRole('heading', { level: 1, name: 'Add a payment card' })).toBeVisible();
  await expect(form.getByText('Secured by DIBS')).toBeVisible();
  await form.getByLabel('Card number').fill('5555 5555 5555 4444');
  await form.getByLabel('Expiry date (MM/YY)').fill('11/31');
  await form.getByLabel('Security code (CVC)').fill('123');
  await form.getByRole('button', { name: 'Verify card' }).click();

  const banner = page.getByRole('status', { name: en.payments.banner.label });
  await expect(banner).toContainText(en.payments.banner.success.title);
  await expect(card).toContainText('**** **** **** 4444');
  await expectNoAxeViolations(page);
});

test('home of an active German member shows workouts, highlights and the PT widget with its packages', async ({
  page,
}) => {
  test.slow(); // the PT widget is a frame document of its own (ADR 032)
  await signInDemo(page, demo.server.url, 'de', 'active');
  const workouts = page.getByRole('region', { name: en.workouts.title });
  await expect(workouts).toBeVisible();
  // A year of check-ins: this month's count and a total above zero.
  await expect(workouts).toContainText(/[1-9]\d* workouts in total/);
  await expect(
    page.getByRole('region', { name: en.content.highlights }).getByRole('heading').first(),
  ).toBeVisible();
  const pt = page.getByRole('region', { name: en.pt.home.title });
  await expect(pt).toBeVisible();
  // The sandbox provider's frame mounted the widget: its packages with their buy buttons.
  const widget = pt.locator('iframe').contentFrame();
  await expect(widget.getByRole('button', { name: /^Buy: / }).first()).toBeVisible();
  await expect(widget.locator('body')).toContainText(/\d+ sessions/);
  await expect(pt.getByText(en.pt.widget.failed.package_buy)).toHaveCount(0);
  await expectNoAxeViolations(page);
});
