import { expect, type Page, test } from '@playwright/test';
import {
  catalogue,
  expectNoAxeViolations,
  origin,
  signIn,
  statusBar,
  textOf,
  useEnglish,
} from './support.ts';

// The catalogues, so the runs use the very texts members read.
const de = catalogue('de');
const en = catalogue('en');

// Each test signs in as its own persona: the server keeps every change for the run.
// cancellation-law.spec cancels others (see its list); the flows per operator (docs/operators.md):
// de the § 312k page, at/no/fi the steps, ch the e-mail text except in trial and presale.
test.use({ bypassCSP: true }); // for the injected axe-core script

async function openMembership(page: Page, operator: string) {
  await page.goto(`${origin(operator)}/membership`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** Answers the optional consent question when the confirm step asks it (once the step has loaded). */
async function answerConsentIfAsked(page: Page, answer: string, question = en.cancellation.consent.question) {
  await expect(page.getByRole('button', { name: 'Confirm cancellation' })).toBeVisible();
  const group = page
    .getByRole('radiogroup', { name: question })
    .or(page.getByRole('group', { name: question }));
  if ((await group.count()) > 0) await group.first().getByLabel(answer, { exact: true }).check();
}

test.describe('membership lifecycle', () => {
  test('an active member freezes from the overview and then sees the scheduled freeze', async ({ page }) => {
    await useEnglish(page, 'de');
    await signIn(page, 'de', 'rfid');
    await openMembership(page, 'de');
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Freeze membership' }).click();
    await expect(page).toHaveURL(/\/membership\/freeze$/);
    await expect(
      page.getByText('You can freeze for one month or once for several months in a row.'),
    ).toBeVisible();
    await expect(page.getByText(/Frozen months extend your contract/)).toBeVisible();
    const save = page.getByRole('button', { name: 'Save freeze' });
    await expect(save).toBeDisabled();
    const begin = page.getByLabel('Start date');
    await begin.selectOption({ index: 1 });
    const end = page.getByLabel('End date');
    await end.selectOption({ index: 1 });
    await expect(save).toBeEnabled();
    await expectNoAxeViolations(page);
    await save.click();
    await expect(page.getByRole('heading', { name: 'Your freeze is saved' })).toBeVisible();
    await page
      .getByRole('link', { name: 'Back to membership' })
      .or(page.getByRole('button', { name: 'Back to membership' }))
      .first()
      .click();
    await expect(page.getByRole('link', { name: 'Manage scheduled freeze' })).toBeVisible();
  });

  test('a frozen member moves the end of the freeze, then ends it early and is active again', async ({
    page,
  }) => {
    await useEnglish(page, 'ch');
    await signIn(page, 'ch', 'in_freeze');
    await expect(statusBar(page)).toContainText(/Frozen/);
    await openMembership(page, 'ch');
    await page.getByRole('link', { name: 'Change freeze' }).click();
    await expect(
      page.getByText('Your freeze has already started, so its start date stays the same.'),
    ).toBeVisible();
    await page.getByLabel('End date').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Save freeze' }).click();
    await expect(page.getByRole('heading', { name: 'Your freeze is saved' })).toBeVisible();

    await page.goto(`${origin('ch')}/membership/freeze`);
    await page
      .getByRole('link', { name: 'End freeze early' })
      .or(page.getByRole('button', { name: 'End freeze early' }))
      .first()
      .click();
    await expect(page.getByText(/billed at your regular monthly fee/)).toBeVisible();
    // One name for the action: the title, the heading and the button.
    await expect(page.getByRole('heading', { level: 1, name: 'End freeze early' })).toBeVisible();
    await page.getByRole('button', { name: 'End freeze early' }).click();
    await expect(page.getByRole('heading', { name: 'Your freeze has ended' })).toBeVisible();
    await expect(statusBar(page)).toContainText(/Active since/);
  });

  test('a member cancels a scheduled freeze at no cost', async ({ page }) => {
    await useEnglish(page, 'fi');
    await signIn(page, 'fi', 'scheduled_freeze');
    await openMembership(page, 'fi');
    await page.getByRole('link', { name: 'Manage scheduled freeze' }).click();
    await page
      .getByRole('link', { name: 'Cancel scheduled freeze' })
      .or(page.getByRole('button', { name: 'Cancel scheduled freeze' }))
      .first()
      .click();
    await expect(page.getByText('This is free of charge.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Cancel scheduled freeze' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Cancel scheduled freeze' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel scheduled freeze' }).click();
    await expect(page.getByRole('heading', { name: 'Your scheduled freeze is cancelled' })).toBeVisible();
    await openMembership(page, 'fi');
    await expect(page.getByRole('link', { name: 'Freeze membership' })).toBeVisible();
  });

  test('an Austrian member goes through the multi-step cancellation and can take it back', async ({
    page,
  }) => {
    await useEnglish(page, 'at');
    await signIn(page, 'at', 'closed_club');
    await openMembership(page, 'at');
    await page.getByRole('link', { name: 'Cancel membership' }).click();
    await expect(page).toHaveURL(/\/membership\/cancellation\/freeze$/);
    await expect(page.getByRole('heading', { name: 'Would a break help?' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page
      .getByRole('link', { name: 'Continue cancellation' })
      .or(page.getByRole('button', { name: 'Continue cancellation' }))
      .first()
      .click();
    await expect(page).toHaveURL(/\/tips$/);
    await page
      .getByRole('link', { name: 'Continue cancellation' })
      .or(page.getByRole('button', { name: 'Continue cancellation' }))
      .first()
      .click();
    await expect(page).toHaveURL(/\/missing-out-on$/);
    // What this member loses in Austria: the clubs; no personal training (Austria sells none),
    // no referral, and no signup fee on return, so none is named.
    await expect(page.getByRole('heading', { level: 3 })).toHaveText(['Access to your club']);
    await expect(page.getByText(/signup fee/)).toHaveCount(0);
    await page
      .getByRole('link', { name: 'Continue cancellation' })
      .or(page.getByRole('button', { name: 'Continue cancellation' }))
      .first()
      .click();
    await expect(page).toHaveURL(/\/confirm$/);
    await expect(page.getByRole('heading', { name: 'Confirm your cancellation' })).toBeVisible();
    // Asked of a member who has not opted in: whether to receive offers, not to keep receiving them.
    await expect(page.getByRole('radiogroup', { name: en.cancellation.consent.question })).toBeVisible();
    await expect(page.getByText(/keep sending you offers/)).toHaveCount(0);
    await answerConsentIfAsked(page, 'No');
    await page.getByRole('button', { name: 'Confirm cancellation' }).click();
    await expect(statusBar(page)).toContainText(/ends on/i);

    await openMembership(page, 'at');
    await page.getByRole('link', { name: 'Reactivate membership' }).click();
    await expect(page.getByText('Reactivating is free of charge.')).toBeVisible();
    await page.getByRole('button', { name: 'Confirm reactivation' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
    await expect(statusBar(page)).toContainText(/Active since/);
  });

  test('a Finnish member cancels through the steps, and the breadcrumb names the step', async ({ page }) => {
    await useEnglish(page, 'fi');
    await signIn(page, 'fi', 'rfid');
    await openMembership(page, 'fi');
    await page.getByRole('link', { name: 'Cancel membership' }).click();
    await expect(page.getByRole('heading', { name: 'Would a break help?' })).toBeVisible();
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    // The current step is named and is no link; the flow's entry is no way back either.
    await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText('Alternative: freeze');
    await expect(breadcrumb.getByRole('link', { name: 'Membership' })).toBeVisible();
    await expect(breadcrumb.getByRole('link')).toHaveCount(1);
    await page.getByRole('button', { name: 'Continue cancellation' }).click();
    await expect(page.getByRole('heading', { name: 'Before you go: a few tips' })).toBeVisible();
    await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText('Cancel membership');
    await expect(breadcrumb.getByRole('link')).toHaveCount(1);
    await page.getByRole('button', { name: 'Continue cancellation' }).click();
    await page.getByRole('button', { name: 'Continue cancellation' }).click();
    await answerConsentIfAsked(page, 'Yes');
    await page.getByRole('button', { name: 'Confirm cancellation' }).click();
    await expect(statusBar(page)).toContainText(/ends on/i);
  });

  test('a Norwegian member cancels through the steps; in presale without a freeze or club tip, and it never started', async ({
    page,
  }) => {
    await useEnglish(page, 'no');
    await signIn(page, 'no', 'rfid');
    await openMembership(page, 'no');
    await expect(page.getByText(/To cancel your membership, please send us an e-mail/)).toHaveCount(0);
    await page.getByRole('link', { name: 'Cancel membership' }).click();
    await expect(page.getByRole('heading', { name: 'Would a break help?' })).toBeVisible();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await signIn(page, 'no', 'presale');
    await openMembership(page, 'no');
    await page.getByRole('link', { name: 'Cancel membership' }).click();
    // No freeze in presale: the steps begin with the tips, which offer no club change.
    await expect(page).toHaveURL(/\/membership\/cancellation\/tips$/);
    await expect(page.getByText('Step 1 of 3')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Moving house?' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Change club' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'medlem@no.stride.example' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Continue cancellation' }).click();
    await page.getByRole('button', { name: 'Continue cancellation' }).click();
    await expect(page.getByText(/ends immediately/)).toBeVisible();
    await answerConsentIfAsked(page, 'No');
    await page.getByRole('button', { name: 'Confirm cancellation' }).click();
    await expect(statusBar(page)).toContainText(
      textOf(en, 'status.cancelled_in_presale', { date: '22 November 2026' }),
    );
    await openMembership(page, 'no');
    const details = page.getByRole('region', { name: 'Contract' });
    await expect(details).toContainText(
      textOf(en, 'membership.details.neverStarted', { date: '1 January 2027' }),
    );
    await expect(details).toContainText('Cancelled on22 November 2026');
    await expect(details).not.toContainText('End date');
  });

  test('a German member in cancellation reactivates', async ({ page }) => {
    await useEnglish(page, 'de');
    await signIn(page, 'de', 'in_cancellation');
    await openMembership(page, 'de');
    // Already cancelled: the overview offers no cancellation (the footer's form stays, § 312k).
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Cancel contracts here' })).toHaveCount(0);
    await expect(main.getByRole('link', { name: 'Cancel membership' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Reactivate membership' }).click();
    await expect(page.getByText(/signup fee of €49\.00/)).toBeVisible();
    await page.getByRole('button', { name: 'Confirm reactivation' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
    await expect(statusBar(page)).toContainText(/Active since/);
  });

  test('a frozen member who tries to cancel sees why it is not possible', async ({ page }) => {
    await useEnglish(page, 'de');
    await signIn(page, 'de', 'in_freeze');
    await page.goto(`${origin('de')}/membership/cancellation`);
    await expect(page.getByRole('heading', { name: 'Cancellation not possible' })).toBeVisible();
    await expect(page.getByText('A frozen membership cannot be cancelled.')).toBeVisible();
    // § 312k: nothing may block the declaration itself; support resolves it.
    await expect(page.getByText(en.cancellation.statutory.stillPossible)).toBeVisible();
    await expect(
      page.getByRole('main').getByRole('link', { name: en.publicCancellation.title }),
    ).toHaveAttribute('href', '/cancel-contract');
    await expectNoAxeViolations(page);
    await page
      .getByRole('button', { name: 'Back' })
      .or(page.getByRole('link', { name: 'Back' }))
      .first()
      .click();
    await expect(page).toHaveURL(/\/membership$/);
  });

  test('a sub route the status does not allow leads back to the overview', async ({ page }) => {
    // in_trial@at: cancellation-law.spec cancels the Swiss member in trial.
    await useEnglish(page, 'at');
    await signIn(page, 'at', 'in_trial');
    await page.goto(`${origin('at')}/membership/reactivate`);
    await expect(page).toHaveURL(`${origin('at')}/membership`);
    await page.goto(`${origin('at')}/membership/cancel_freeze`);
    await expect(page).toHaveURL(`${origin('at')}/membership`);
  });

  test('an Austrian member freezes in German and is told to ask before the 1st', async ({ page }) => {
    await page.goto(`${origin('at')}/`);
    await page.evaluate(() => {
      localStorage.clear();
      localStorage.setItem('portal.locale', 'de-AT');
    });
    await page.reload();
    await page.getByLabel(de.auth.login.username).fill('unpaid@at.example');
    await page.getByLabel(de.auth.login.password, { exact: true }).fill('demo');
    await page.getByRole('button', { name: de.auth.login.submit }).click();
    await expect(page.getByRole('region', { name: de.statusBar.label })).toBeVisible();
    await page.goto(`${origin('at')}/membership/freeze`);
    await expect(page.getByText(de.freeze.about.requestBeforeFirst)).toBeVisible();
    await page.getByLabel(de.freeze.form.begin).selectOption({ index: 2 });
    await page.getByLabel(de.freeze.form.end).selectOption({ index: 1 });
    await page.getByRole('button', { name: de.freeze.form.submit }).click();
    await expect(page.getByRole('heading', { name: de.freeze.success.title })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
