import { expect, type Page, test } from '@playwright/test';
import {
  apiOrigin,
  catalogue,
  expectNoAxeViolations,
  origin,
  signIn,
  statusBar,
  useEnglish,
} from './support.ts';

// The catalogues, so the German and Finnish runs use the very texts members read.
const de = catalogue('de');
const fi = catalogue('fi');

// Personas no other browser test depends on; what a test changes it leaves or puts back.
test.use({ bypassCSP: true }); // for the injected axe-core script

/** Signs in through the login form in the operator's default language, with that catalogue. */
async function signInNative(page: Page, operator: string, persona: string, texts: typeof de) {
  await page.goto(`${origin(operator)}/`);
  await page.getByLabel(texts.auth.login.username).fill(`${persona}@${operator}.example`);
  await page.getByLabel(texts.auth.login.password, { exact: true }).fill('demo');
  await page.getByRole('button', { name: texts.auth.login.submit }).click();
  await expect(page.getByRole('region', { name: texts.statusBar.label })).toBeVisible();
}

test.describe('club, consents, password and data', () => {
  test('a German member changes the primary club; a club not open yet is shown but cannot be chosen', async ({
    page,
  }) => {
    await useEnglish(page, 'de');
    await signIn(page, 'de', 'max_frozen');
    await page.goto(`${origin('de')}/membership`);
    // The home club is a row of the personal information, its change the row's action.
    const club = page.getByRole('region', { name: 'Personal information' });
    await expect(club).toContainText('Home clubStride Berlin Mitte');
    await club.getByRole('link', { name: 'Change club' }).click();
    await expect(page).toHaveURL(/\/membership\/club$/);

    const clubs = page.getByRole('group', { name: 'Clubs' });
    await expect(clubs.getByRole('radio', { name: /Stride Berlin Mitte/ })).toBeChecked();
    const notYetOpen = clubs.getByRole('radio', { name: /Stride München Schwabing/ });
    await expect(notYetOpen).toBeDisabled();
    await expect(clubs.getByText(/^Opens on 1 January 2027$/)).toBeVisible();
    await expect(page.getByText('Stride Köln Ehrenfeld')).toHaveCount(0);
    await expectNoAxeViolations(page);

    const submit = page.getByRole('button', { name: 'Change club' });
    await expect(submit).toBeDisabled();
    await clubs.getByText('Stride Hamburg Altona').click();
    await submit.click();
    await expect(page.getByRole('heading', { name: 'Your home club has changed' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Back to membership' }).click();
    await expect(page.getByRole('region', { name: 'Personal information' })).toContainText(
      'Home clubStride Hamburg Altona',
    );
  });

  test('a presale member cannot reach the club change', async ({ page }) => {
    await useEnglish(page, 'de');
    await signIn(page, 'de', 'presale');
    await page.goto(`${origin('de')}/membership`);
    await expect(page.getByRole('link', { name: 'Change club' })).toHaveCount(0);
    await page.goto(`${origin('de')}/membership/club`);
    await expect(page).toHaveURL(`${origin('de')}/membership`);
  });

  test('an Austrian member gives and withdraws the marketing consent in German, one step each way', async ({
    page,
  }) => {
    await signInNative(page, 'at', 'max_frozen', de);
    await page.goto(`${origin('at')}/membership`);
    const overview = page.getByRole('region', { name: de.membership.profile.title });
    await expect(overview).toContainText(de.consents.overview.never);
    await overview.getByRole('link', { name: de.membership.consents.edit }).click();

    await expect(page.getByText(de.consents.state.notGiven)).toBeVisible();
    await expect(page.getByText(de.consents.neverChanged)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: de.consents.give }).click();
    await expect(page.getByRole('heading', { name: de.consents.success.given.title })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto(`${origin('at')}/membership/consents`);
    await expect(page.getByText(de.consents.state.given, { exact: true })).toBeVisible();
    // The fixed clock is 09:00 UTC, 10:00 in Vienna.
    await expect(page.getByText('Zuletzt geändert am 22. November 2026 um 10:00')).toBeVisible();
    await page.getByRole('button', { name: de.consents.withdraw }).click();
    await expect(page.getByRole('heading', { name: de.consents.success.withdrawn.title })).toBeVisible();
    await page.getByRole('link', { name: de.actions.backToMembership }).click();
    const after = page.getByRole('region', { name: de.membership.profile.title });
    await expect(after).toContainText(de.common.no);
    await expect(after).toContainText('22. November 2026 um 10:00');

    const mails = await (
      await page.request.get(`${apiOrigin}/api/dev/outbox?to=max_frozen@at.example`)
    ).json();
    expect(mails.map((m: { subject: string }) => m.subject).slice(0, 2)).toEqual([
      'Stride Fitness: Sie erhalten keine Angebote und Neuigkeiten mehr',
      'Stride Fitness: Sie erhalten ab jetzt unsere Angebote und Neuigkeiten',
    ]);
  });

  test('a Norwegian member changes the password, signs in with the new one, and sets it back', async ({
    page,
  }) => {
    await useEnglish(page, 'no');
    await signIn(page, 'no', 'scheduled_freeze');
    await page.goto(`${origin('no')}/membership`);
    await page
      .getByRole('region', { name: 'Personal information' })
      .getByRole('link', { name: 'Change password' })
      .click();
    await expect(page.getByRole('heading', { name: 'Create a new password' })).toBeVisible();

    const change = async (current: string, next: string) => {
      await page.getByLabel('Current password').fill(current);
      await page.getByLabel('New password', { exact: true }).fill(next);
      await page.getByLabel('Repeat new password').fill(next);
      await page.getByRole('button', { name: 'Save new password' }).click();
    };
    await change('not-my-password', 'Stronger-Pass-2026');
    await expect(page.getByText('Your current password is not correct.')).toBeVisible();
    await expect(page.getByText('Password strength: strong')).toBeVisible();
    await expectNoAxeViolations(page);
    await change('demo', 'Stronger-Pass-2026');
    await expect(page.getByRole('heading', { name: 'Your new password is saved' })).toBeVisible();
    await expectNoAxeViolations(page);
    // This session stays signed in.
    await page.getByRole('link', { name: 'Back to membership' }).click();
    await expect(statusBar(page)).toBeVisible();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await signIn(page, 'no', 'scheduled_freeze', 'demo');
    await expect(page.getByText('Wrong username and/or password')).toBeVisible();
    await signIn(page, 'no', 'scheduled_freeze', 'Stronger-Pass-2026');
    await expect(statusBar(page)).toBeVisible();

    await page.goto(`${origin('no')}/membership/password`);
    await change('Stronger-Pass-2026', 'demo');
    await expect(page.getByRole('heading', { name: 'Your new password is saved' })).toBeVisible();
  });

  test('a Finnish member downloads their data as a JSON file', async ({ page }) => {
    await signInNative(page, 'fi', 'max_frozen', fi);
    await page.goto(`${origin('fi')}/membership`);
    await page
      .getByRole('region', { name: fi.membership.profile.title })
      .getByRole('link', { name: fi.account.data.link })
      .click();
    await expect(page.getByRole('heading', { name: fi.account.data.title, level: 2 })).toBeVisible();
    await expectNoAxeViolations(page);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: fi.account.data.submit }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^member-data-\d+-2026-11-22\.json$/);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const data = JSON.parse(text);
    expect(data.member.email).toBe('max_frozen@fi.example');
    expect(data.memberships[0].location_name).toBe('Stride Kunto Kamppi');
    expect(data.events.map((e: { action: string }) => e.action)).toContain('data_export');
    expect(text).not.toContain('active@fi.example');
    expect(text).not.toMatch(/hash/i);
    await expect(page.getByRole('status').filter({ hasText: download.suggestedFilename() })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
