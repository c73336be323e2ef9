import { expect, type Page, test } from '@playwright/test';
import {
  apiOrigin,
  catalogue,
  expectNoAxeViolations,
  mainMenu,
  origin,
  SET_PASSWORDS,
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

test.describe('keyboard', () => {
  test('the first Tab reaches the skip link, signed out and in; a menu navigation starts in the new page', async ({
    page,
  }) => {
    const focusInMain = () =>
      page.evaluate(() => document.querySelector('main')?.contains(document.activeElement));
    await useEnglish(page, 'de');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    // Tab only once the login has settled (as in design.spec.ts): one still loading its
    // catalogue renders again and moves focus to its heading, which no key press reached.
    await page.waitForLoadState('networkidle');
    await page.keyboard.press('Tab');
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Username')).toBeFocused();

    await signIn(page, 'de', 'max_frozen');
    await page.goto(`${origin('de')}/membership`);
    await expect(statusBar(page)).toBeVisible();
    await page.waitForLoadState('networkidle');
    // The first load leaves focus alone: nobody navigated yet.
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    await page.keyboard.press('Tab');
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main', { name: 'Membership' })).toBeFocused();
    await expect(page).toHaveURL(/\/membership$/);

    await mainMenu(page).getByRole('link', { name: 'Contact' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole('main', { name: 'Contact' })).toBeFocused();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact');
    // One Tab and the keyboard is in the page (its support address, once it has loaded), not
    // back in the top bar or the menu.
    await expect(page.getByRole('main').getByRole('link', { name: /@/ }).first()).toBeVisible();
    await page.keyboard.press('Tab');
    expect(
      await focusInMain(),
      await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120)),
    ).toBe(true);
  });
});

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

  test('a Norwegian member changes the password and signs in with the new one', async ({ page }) => {
    await useEnglish(page, 'no');
    await signIn(page, 'no', 'scheduled_freeze');
    await page.goto(`${origin('no')}/membership`);
    await page
      .getByRole('region', { name: 'Personal information' })
      .getByRole('link', { name: 'Change password' })
      .click();
    await expect(page.getByRole('heading', { name: 'Create a new password' })).toBeVisible();
    // The rule is shown before anything is sent (ADR 031).
    await expect(page.getByText(/Use 12 to 128 characters; any characters will do\./)).toBeVisible();

    const change = async (current: string, next: string) => {
      await page.getByLabel('Current password').fill(current);
      await page.getByLabel('New password', { exact: true }).fill(next);
      await page.getByLabel('Repeat new password').fill(next);
      await page.getByRole('button', { name: 'Save new password' }).click();
    };
    await change('not-my-password', SET_PASSWORDS['scheduled_freeze@no.example']!);
    await expect(page.getByText('Your current password is not correct.')).toBeVisible();
    await expect(page.getByText('Password strength: strong')).toBeVisible();
    await expectNoAxeViolations(page);
    // A commonly breached password is refused by the server, at the field.
    await change('demo', 'Password1234');
    await expect(
      page.getByText(/one of the most common ones and appears in known data breaches/),
    ).toBeVisible();
    await change('demo', SET_PASSWORDS['scheduled_freeze@no.example']!);
    await expect(page.getByRole('heading', { name: 'Your new password is saved' })).toBeVisible();
    await expectNoAxeViolations(page);
    // This session stays signed in.
    await page.getByRole('link', { name: 'Back to membership' }).click();
    await expect(statusBar(page)).toBeVisible();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await signIn(page, 'no', 'scheduled_freeze', 'demo');
    await expect(page.getByText('Wrong username and/or password')).toBeVisible();
    await signIn(page, 'no', 'scheduled_freeze', SET_PASSWORDS['scheduled_freeze@no.example']!);
    await expect(statusBar(page)).toBeVisible();
    // No way back to "demo": a new password has at least 12 characters. Other specs sign in
    // with either (SET_PASSWORDS).
  });

  test('a member sees the signed-in devices and signs out another one and then everywhere else', async ({
    page,
    browser,
  }) => {
    // Two other devices of the same member, each with a browser of its own.
    const phones = await Promise.all(
      [0, 1].map(async () => {
        const context = await browser.newContext({
          userAgent:
            'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
        });
        const phone = await context.newPage();
        await useEnglish(phone, 'ch');
        await signIn(phone, 'ch', 'in_cancellation');
        return phone;
      }),
    );
    await useEnglish(page, 'ch');
    await signIn(page, 'ch', 'in_cancellation');
    await page.goto(`${origin('ch')}/membership`);
    await page
      .getByRole('region', { name: 'Personal information' })
      .getByRole('link', { name: 'Signed-in devices' })
      .click();
    await expect(page.getByRole('heading', { name: 'Signed-in devices', level: 2 })).toBeVisible();
    const rows = page.getByRole('listitem').filter({ hasText: 'Last used' });
    await expect(rows).toHaveCount(3);
    await expect(rows.first()).toContainText('This device');
    await expect(rows.filter({ hasText: 'Chrome · Android' })).toHaveCount(2);
    await expectNoAxeViolations(page);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: test.info().outputPath(`devices-${width}.png`), fullPage: true });
    }

    // By keyboard: the first other device's button, then Enter.
    const first = page.getByRole('button', { name: /^Sign out Chrome · Android, last used/ }).first();
    await first.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Chrome · Android has been signed out.')).toBeVisible();
    await expect(rows).toHaveCount(2);
    await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expect(page.getByText('You have been signed out on all other devices.')).toBeVisible();
    await expect(page.getByText('You are not signed in on any other device.')).toBeVisible();
    await expectNoAxeViolations(page);

    // The phones are signed out: their next call answers 401 and they show the sign-in form.
    for (const phone of phones) {
      await phone.reload();
      await expect(phone.getByRole('button', { name: 'Sign in' })).toBeVisible();
      await phone.context().close();
    }
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Signed-in devices', level: 2 })).toBeVisible();
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
