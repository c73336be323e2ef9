import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  apiOrigin,
  catalogue,
  expectNoAxeViolations,
  origin,
  outbox,
  signIn,
  useEnglish,
} from './support.ts';

// The catalogues, so each language runs with the very texts members read.
const de = catalogue('de').profile;
const fr = catalogue('fr').profile;

test.use({ bypassCSP: true }); // for the injected axe-core script

/** The six digits of the newest SMS to a number. */
async function smsCode(request: APIRequestContext, to: string): Promise<string> {
  const [sms] = await outbox(request, to);
  const code = /\b(\d{6})\b/.exec(sms?.body ?? '')?.[1];
  expect(code, `an SMS code to ${to}`).toBeTruthy();
  return code!;
}

/** Signs in (the helpers speak English), then shows the portal in `locale`. */
async function signInAs(page: Page, operator: string, persona: string, locale: string) {
  await useEnglish(page, operator);
  await signIn(page, operator, persona);
  await page.evaluate((l) => localStorage.setItem('portal.locale', l), locale);
}

async function openProfile(page: Page, operator: string, heading: string) {
  await page.goto(`${origin(operator)}/membership/profile`);
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
}

test.describe('profile', () => {
  test('a German member edits the profile in German, then puts it back in English', async ({
    page,
    request,
  }) => {
    await signInAs(page, 'de', 'max_frozen', 'de-DE');
    await openProfile(page, 'de', de.form.title);
    await expect(
      page.getByText(/Name, Geburtsdatum und Geschlecht kann nur unser Kundenservice ändern/),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    const email = page.getByRole('textbox', { name: de.form.email });
    const before = await email.inputValue();
    const town = page.getByRole('textbox', { name: de.form.postalLocation });
    const oldTown = await town.inputValue();
    const oldStreet = await page.getByRole('textbox', { name: de.form.street }).inputValue();
    await expect(page.getByRole('button', { name: de.form.submit })).toBeDisabled();
    await email.fill('  Neue.Adresse@Example.DE ');
    await email.blur();
    await expect(email).toHaveValue('neue.adresse@example.de');
    await town.fill('Hamburg');
    await page.getByRole('button', { name: de.form.submit }).click();
    await expect(page.getByRole('heading', { name: de.success.title })).toBeVisible();
    await expect(
      page.getByText(de.success.confirmation.replace('{{email}}', 'neue.adresse@example.de')),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    // Confirmed to the new address, and the old one is told, in the language the member
    // picked (German).
    expect((await outbox(request, 'neue.adresse@example.de'))[0]?.subject).toMatch(
      /persönlichen Daten wurden geändert/,
    );
    expect((await outbox(request, before))[0]?.subject).toMatch(/E-Mail-Adresse wurde geändert/);

    await page.getByRole('link', { name: 'Zurück zur Mitgliedschaft' }).click();
    await expect(page.getByText('neue.adresse@example.de')).toBeVisible();

    // In English, the member puts the old details back.
    await page.evaluate(() => localStorage.setItem('portal.locale', 'en-DE'));
    await openProfile(page, 'de', 'Contact details');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(before);
    await page.getByRole('textbox', { name: 'Town or city' }).fill(oldTown);
    await page.getByRole('textbox', { name: 'Street and house number' }).fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('textbox', { name: 'Street and house number' })).toHaveAccessibleDescription(
      'Please fill in this field.',
    );
    await expectNoAxeViolations(page);
    await page.getByRole('textbox', { name: 'Street and house number' }).fill(oldStreet);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('heading', { name: 'Your personal information is saved' })).toBeVisible();
  });

  test('a Norwegian member changes the mobile with the SMS code, past a wrong and an expired code', async ({
    page,
    request,
  }) => {
    await signInAs(page, 'no', 'cancelled_in_trial', 'en-NO');
    await openProfile(page, 'no', 'Contact details');
    const prefix = page.getByRole('combobox', { name: 'Country code' });
    await expect(prefix).toHaveValue('+47');
    // Only whitelisted prefixes are offered where numbers are verified.
    await expect(prefix.getByRole('option', { name: 'United Kingdom (+44)' })).toHaveCount(0);
    await expect(prefix.getByRole('option', { name: 'Sweden (+46)' })).toHaveCount(1);
    const number = page.getByRole('textbox', { name: 'Number', exact: true });
    const oldNumber = await number.inputValue();
    await number.fill('412 99 501');
    await number.blur();
    await expect(number).toHaveValue('41299501');
    await expect(
      page.getByText('We will send a code by SMS to your new number.', { exact: false }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Send code by SMS' }).click();
    await expect(page.getByRole('heading', { name: 'Confirm your new mobile number' })).toBeVisible();
    await expect(page.getByText('The code is valid until 22 November 2026 at 11:00.')).toBeVisible();
    await expectNoAxeViolations(page);

    const code = await smsCode(request, '+4741299501');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const codeField = page.getByRole('textbox', { name: 'Verification code' });
    await codeField.fill(wrong);
    await page.getByRole('button', { name: 'Confirm and save' }).click();
    // The refusal sits at the code field; the step and what was typed stay.
    await expect(codeField).toHaveAccessibleDescription('Invalid verification code. You have 4 more tries.');
    await expect(codeField).toBeFocused();
    await expect(page.getByRole('heading', { name: 'Confirm your new mobile number' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // An hour later the code has expired.
    const clock = (await (await request.get(`${apiOrigin}/api/dev/clock`)).json()).now as string;
    const later = new Date(new Date(clock).getTime() + 61 * 60 * 1000).toISOString();
    try {
      expect((await request.put(`${apiOrigin}/api/dev/clock`, { data: { now: later } })).ok()).toBe(true);
      await codeField.fill(code);
      await page.getByRole('button', { name: 'Confirm and save' }).click();
      await expect(codeField).toHaveAccessibleDescription(
        'The verification code is expired. Please request a new code.',
      );
      await expectNoAxeViolations(page);
    } finally {
      await request.put(`${apiOrigin}/api/dev/clock`, { data: { now: clock } });
    }

    await page.getByRole('button', { name: 'Send a new code' }).click();
    await expect(page.getByText('We have sent you a new code. Only the newest code is valid.')).toBeVisible();
    const fresh = await smsCode(request, '+4741299501');
    await codeField.fill(fresh);
    await page.getByRole('button', { name: 'Confirm and save' }).click();
    await expect(page.getByText('Your new mobile number +47 41299501 is confirmed.')).toBeVisible();
    await page.getByRole('link', { name: 'Back to membership' }).click();
    await expect(page.getByText('+47 41299501')).toBeVisible();

    // Back to the old number, so nothing else depends on this run.
    await openProfile(page, 'no', 'Contact details');
    await number.fill(oldNumber);
    await page.getByRole('button', { name: 'Send code by SMS' }).click();
    // The code is sent when the code step shows, not when the button was pressed.
    await expect(page.getByRole('heading', { name: 'Confirm your new mobile number' })).toBeVisible();
    await codeField.fill(await smsCode(request, `+47${oldNumber}`));
    await page.getByRole('button', { name: 'Confirm and save' }).click();
    await expect(page.getByRole('heading', { name: 'Your personal information is saved' })).toBeVisible();
  });

  test('in Switzerland the mobile is changed by support: the page says so in German and French', async ({
    page,
  }) => {
    await signInAs(page, 'ch', 'max_frozen', 'de-CH');
    await openProfile(page, 'ch', de.form.title);
    await expect(page.getByText(/Ihre Mobilnummer kann nur unser Kundenservice ändern/)).toBeVisible();
    const contact = page.getByRole('region', { name: de.form.title });
    await expect(contact.getByRole('link', { name: 'service@ch.stride.example' })).toHaveAttribute(
      'href',
      'mailto:service@ch.stride.example',
    );
    await expect(page.getByRole('combobox', { name: de.form.prefix })).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: de.form.number, exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.evaluate(() => localStorage.setItem('portal.locale', 'fr-CH'));
    await openProfile(page, 'ch', fr.form.title);
    await expect(
      page.getByText(/Seul notre service client peut modifier votre numéro de mobile/),
    ).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: fr.form.title })
        .getByRole('link', { name: 'service@ch.stride.example' }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
