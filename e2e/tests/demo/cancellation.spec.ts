import { expect, type Page, test } from '@playwright/test';
import { catalogue, textOf } from '../support.ts';
import { expectNoAxeViolations, signInDemo, useDemoServer } from './support.ts';

// Each operator's cancellation in the demo build, walked as the production e2e walks it
// (lifecycle.spec, cancellation-law.spec): de the one § 312k page, at/no/fi the steps,
// ch the e-mail text for an active member and the single page in trial. Every test signs
// in in a fresh tab, so each starts from the seed.

const demo = useDemoServer();
const en = catalogue('en');

const main = (page: Page) => page.getByRole('main');
const statusBar = (page: Page) => page.getByRole('region', { name: en.statusBar.label });
/** "Cancelled — membership ends on {date}", whatever the date (the demo's clock is today's). */
const inCancellation = new RegExp(
  textOf(en, 'status.in_cancellation', { date: '\u0001' })
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace('\u0001', '\\d{1,2} \\w+ \\d{4}'),
);

async function openMembership(page: Page) {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Membership' }).click();
  await expect(statusBar(page)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Contract' })).toBeVisible();
}

/** The multi-step flow from the overview's link to the success page (at, no, fi). */
async function cancelThroughSteps(page: Page) {
  await main(page).getByRole('link', { name: en.membership.cancel.link }).click();
  await expect(page.getByRole('heading', { name: en.cancellation.freeze.title })).toBeVisible();
  await expect(main(page)).toContainText(textOf(en, 'cancellation.stepOf', { step: 1, total: 4 }));
  await expectNoAxeViolations(page);
  for (const next of [
    en.cancellation.tips.title,
    en.cancellation.missing.title,
    en.cancellation.confirm.title,
  ]) {
    await page.getByRole('button', { name: en.cancellation.continue }).click();
    await expect(page.getByRole('heading', { name: next })).toBeVisible();
  }
  const consent = page.getByRole('radiogroup', { name: en.cancellation.consent.question });
  if ((await consent.count()) > 0)
    await consent.getByRole('radio', { name: en.common.no, exact: true }).check();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: en.cancellation.confirm.submit }).click();
  await expect(page.getByRole('heading', { name: en.cancellation.success.title })).toBeVisible();
  await expect(main(page).getByRole('link', { name: en.membership.actions.reactivate })).toBeVisible();
  await expect(statusBar(page)).toContainText(inCancellation);
  await expectNoAxeViolations(page);
}

for (const operator of ['at', 'no', 'fi']) {
  test(`an active member of ${operator} cancels through the steps and is in cancellation`, async ({
    page,
  }) => {
    await signInDemo(page, demo.server.url, operator, 'active');
    await expect(statusBar(page)).toContainText(/Active since/);
    await openMembership(page);
    await cancelThroughSteps(page);
    // The overview now offers the way back instead of the cancellation.
    await openMembership(page);
    await expect(statusBar(page)).toContainText(inCancellation);
    await expect(main(page).getByRole('link', { name: en.membership.cancel.link })).toHaveCount(0);
    await expect(main(page).getByRole('link', { name: en.membership.actions.reactivate })).toBeVisible();
  });
}

test('an active German member cancels on the one § 312k page and gets the receipt and the e-mail', async ({
  page,
}) => {
  await signInDemo(page, demo.server.url, 'de', 'active');
  await openMembership(page);
  await main(page).getByRole('link', { name: en.membership.cancel.link }).click();
  await expect(page.getByRole('heading', { name: en.cancellation.statutory.title })).toBeVisible();
  // What the portal knows is shown, not asked: no steps.
  await expect(page.getByRole('textbox', { name: en.publicCancellation.confirmationEmail })).toHaveValue(
    'active@de.example',
  );
  await expect(main(page).getByText(/Step \d+ of \d+/)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: en.publicCancellation.submit }).click();

  const sheet = page.getByRole('region', { name: en.publicCancellation.receipt.title });
  await expect(sheet).toContainText(en.cancellation.statutory.endDate);
  await expect(sheet.getByRole('link', { name: en.membership.actions.reactivate })).toBeVisible();
  await expect(statusBar(page)).toContainText(inCancellation);
  await expectNoAxeViolations(page);

  // The confirmation the server would e-mail is in the demo's messages.
  const ribbon = page.getByRole('region', { name: 'Demo' });
  await ribbon.getByRole('button', { name: /^Messages/ }).click();
  await expect(
    ribbon.getByRole('listitem').filter({ hasText: 'Confirmation of your cancellation' }),
  ).toContainText('active@de.example');
});

test('an active Swiss member is told to cancel by e-mail; a Swiss member in trial cancels on the single page', async ({
  page,
}) => {
  await signInDemo(page, demo.server.url, 'ch', 'active');
  await openMembership(page);
  await expect(main(page)).toContainText(
    /To cancel your membership, please send us an e-mail stating your membership number \d+/,
  );
  // The e-mail comes written: a subject and a text with the membership number.
  await expect(main(page).getByRole('link', { name: 'service@ch.stride.example' })).toHaveAttribute(
    'href',
    /^mailto:service@ch\.stride\.example\?subject=[^&]+&body=.*membership%20number%20\d+/,
  );
  await expect(main(page).getByRole('link', { name: en.membership.cancel.link })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await expect(statusBar(page)).toContainText(/Active since/);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await signInDemo(page, demo.server.url, 'ch', 'in_trial');
  await openMembership(page);
  await main(page).getByRole('link', { name: en.membership.cancel.link }).click();
  await expect(page.getByRole('heading', { name: en.cancellation.single.title })).toBeVisible();
  await expect(main(page).getByText(/Step \d+ of \d+/)).toHaveCount(0);
  await expect(main(page)).toContainText(en.cancellation.confirm.endsImmediately);
  const consent = page.getByRole('radiogroup', { name: en.cancellation.consent.question });
  await consent.getByRole('radio', { name: en.common.no, exact: true }).check();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: en.cancellation.confirm.submit }).click();
  await expect(page.getByRole('heading', { name: en.cancellation.success.title })).toBeVisible();
  await expect(main(page)).toContainText(en.cancellation.success.endedToday);
  await expect(statusBar(page)).toContainText(
    /Cancelled during the trial on .* the membership never started/,
  );
  await expectNoAxeViolations(page);
});
