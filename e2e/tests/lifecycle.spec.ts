import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, origin, signIn, statusBar, useEnglish } from './support.ts';

// The German catalogue, so the German run uses the very texts members read.
const de = JSON.parse(
  readFileSync(new URL('../../packages/web/src/locales/de.json', import.meta.url), 'utf8'),
);

// Each test signs in as its own persona: the server keeps every change for the run.
test.use({ bypassCSP: true }); // for the injected axe-core script

async function openMembership(page: Page, operator: string) {
  await page.goto(`${origin(operator)}/membership`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** Answers the optional consent question when the confirm step asks it (once the step has loaded). */
async function answerConsentIfAsked(
  page: Page,
  answer: string,
  question = 'May we keep sending you offers?',
) {
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
    await page.getByRole('button', { name: 'Confirm' }).click();
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
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('heading', { name: 'Your scheduled freeze is cancelled' })).toBeVisible();
    await openMembership(page, 'fi');
    await expect(page.getByRole('link', { name: 'Freeze membership' })).toBeVisible();
  });

  test('a Swiss member goes through the multi-step cancellation and can take it back', async ({ page }) => {
    await useEnglish(page, 'ch');
    await signIn(page, 'ch', 'rfid');
    await openMembership(page, 'ch');
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
    for (const reason of [
      'Your training history',
      'No new signup fee',
      'Access to your club',
      'Personal training',
      'Member offers',
    ]) {
      await expect(page.getByRole('heading', { name: reason })).toBeVisible();
    }
    await expect(page.getByText(/CHF\s?69\.00|69\.00\s?CHF/)).toBeVisible();
    await page
      .getByRole('link', { name: 'Continue cancellation' })
      .or(page.getByRole('button', { name: 'Continue cancellation' }))
      .first()
      .click();
    await expect(page).toHaveURL(/\/confirm$/);
    await expect(page.getByRole('heading', { name: 'Confirm your cancellation' })).toBeVisible();
    await answerConsentIfAsked(page, 'No');
    await page.getByRole('button', { name: 'Confirm cancellation' }).click();
    await expect(statusBar(page)).toContainText(/ends on/i);

    await openMembership(page, 'ch');
    await page.getByRole('link', { name: 'Reactivate membership' }).click();
    await expect(page.getByText('Reactivating is free of charge.')).toBeVisible();
    await page.getByRole('button', { name: 'Confirm reactivation' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
    await expect(statusBar(page)).toContainText(/Active since/);
  });

  test('a Finnish member cancels on a single page', async ({ page }) => {
    await useEnglish(page, 'fi');
    await signIn(page, 'fi', 'rfid');
    await openMembership(page, 'fi');
    await page.getByRole('link', { name: 'Cancel membership' }).click();
    await expect(page.getByRole('link', { name: 'Continue cancellation' })).toHaveCount(0);
    await answerConsentIfAsked(page, 'Yes');
    await page.getByRole('button', { name: 'Confirm cancellation' }).click();
    await expect(statusBar(page)).toContainText(/ends on/i);
  });

  test('a Norwegian member is told to cancel by e-mail, except in presale', async ({ page }) => {
    await useEnglish(page, 'no');
    await signIn(page, 'no', 'rfid');
    await openMembership(page, 'no');
    await expect(page.getByRole('link', { name: 'Cancel membership' })).toHaveCount(0);
    await expect(page.getByText(/To cancel your membership, please send us an e-mail/)).toBeVisible();
    await expect(page.getByRole('link', { name: /@no\.stride\.example/ })).toBeVisible();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await signIn(page, 'no', 'presale');
    await openMembership(page, 'no');
    await page.getByRole('link', { name: 'Cancel membership' }).click();
    await expect(page.getByText(/ends immediately/)).toBeVisible();
    await answerConsentIfAsked(page, 'No');
    await page.getByRole('button', { name: 'Confirm cancellation' }).click();
    await expect(statusBar(page)).toContainText(/ended on/i);
  });

  test('a German member in cancellation reactivates', async ({ page }) => {
    await useEnglish(page, 'de');
    await signIn(page, 'de', 'in_cancellation');
    await openMembership(page, 'de');
    await expect(page.getByRole('link', { name: 'Cancel membership' })).toHaveCount(0);
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
    await expectNoAxeViolations(page);
    await page
      .getByRole('button', { name: 'Back' })
      .or(page.getByRole('link', { name: 'Back' }))
      .first()
      .click();
    await expect(page).toHaveURL(/\/membership$/);
  });

  test('a sub route the status does not allow leads back to the overview', async ({ page }) => {
    await useEnglish(page, 'ch');
    await signIn(page, 'ch', 'in_trial');
    await page.goto(`${origin('ch')}/membership/reactivate`);
    await expect(page).toHaveURL(`${origin('ch')}/membership`);
    await page.goto(`${origin('ch')}/membership/cancel_freeze`);
    await expect(page).toHaveURL(`${origin('ch')}/membership`);
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
