import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  apiOrigin,
  catalogue,
  expectNoAxeViolations,
  membershipOf,
  origin,
  outbox,
  signIn,
  signInIn,
  statusBar,
  textOf,
  tokenOf,
  useEnglish,
  useLocale,
  usePortalClock,
} from './support.ts';

// Cancelling and withdrawing as each market's law requires (ADR 010, docs/operators.md): Germany's
// cancellation button without sign-in (§ 312k BGB) and its signed-in page, the multi-step
// flow of Norway and Finland, Switzerland's e-mail text and single page, the withdrawal
// button (§ 356a BGB) and the accessibility statement.
//
// Personas are shared by every spec of a server run, which keeps each change, so this file
// uses personas no other spec signs in as or depends on: de invalid_details, stopped and
// new_signup; no invalid_details and new_signup (max_frozen@no only read, never changed);
// fi closed_club and new_signup (read); ch invalid_details, in_trial and new_signup (read);
// at new_signup. lifecycle.spec cancels others (at closed_club, fi rfid, no rfid, no presale).

const en = catalogue('en');
const de = catalogue('de');
const fi = catalogue('fi');

test.use({ bypassCSP: true, viewport: { width: 1280, height: 800 } });

// The screens' "today" (withdrawal: "ends today, on …") is the browser's: make it the portal's.
test.beforeEach(async ({ page, request }) => usePortalClock(page, request));

/** A calendar date as the portal writes it (`formatDate`: long style, the day at UTC noon). */
function longDate(iso: string, locale: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y!, m! - 1, d!, 12)),
  );
}

/** Hours and minutes of an instant in a timezone, as receipts and their e-mails state it. */
function clockTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('de-DE', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(new Date(iso));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The cancellation policy a persona gets (its calculated end date). */
async function policyOf(request: APIRequestContext, operator: string, persona: string) {
  const token = await tokenOf(request, operator, persona);
  const answer = await request.get(`${apiOrigin}/api/v1/membership/policies/cancellation`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(answer.ok()).toBe(true);
  return answer.json() as Promise<{ membership: { calculated_end_date: string | null; errors: unknown[] } }>;
}

/** The status bar in German (statusBar() finds the English one). */
function statusBarDe(page: Page) {
  return page.getByRole('region', { name: de.statusBar.label });
}

function footer(page: Page) {
  return page.getByRole('contentinfo');
}

function main(page: Page) {
  return page.getByRole('main');
}

/** The answer of the next public cancellation the page sends. */
function publicAnswer(page: Page) {
  return page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/public/cancellations') && r.request().method() === 'POST',
  );
}

/** Fills the § 312k form (labels of `c`) with a name, a membership number and the confirmation address. */
async function fillPublicForm(
  page: Page,
  c: typeof en,
  who: { first: string; last: string; number: string; confirmation: string },
) {
  await page.getByRole('textbox', { name: c.publicCancellation.identity.firstName }).fill(who.first);
  await page.getByRole('textbox', { name: c.publicCancellation.identity.lastName }).fill(who.last);
  await expect(page.getByRole('radio', { name: c.publicCancellation.identity.byNumber })).toBeChecked();
  await page
    .getByRole('textbox', { name: c.publicCancellation.identity.number, exact: true })
    .fill(who.number);
  await page.getByRole('textbox', { name: c.publicCancellation.confirmationEmail }).fill(who.confirmation);
}

test.describe('§ 312k: cancelling without signing in (Germany)', () => {
  test('a German member cancels from the login page footer without signing in, gets the receipt and the e-mail, and is in cancellation', async ({
    page,
    request,
  }) => {
    const before = await membershipOf(request, 'de', 'invalid_details');
    expect(before.status).toBe('active');
    const { first_name: first, last_name: last, email } = before.profile;
    const number: string = before.membership_number;
    const earliest = (await policyOf(request, 'de', 'invalid_details')).membership.calculated_end_date!;

    await useLocale(page, 'de', 'de-DE');
    await expect(page.getByRole('button', { name: de.auth.login.submit })).toBeVisible();
    await footer(page).getByRole('link', { name: de.footer.cancelContracts }).click();
    await expect(page).toHaveURL(`${origin('de')}/cancel-contract`);
    await expect(page.getByRole('heading', { level: 1, name: de.publicCancellation.title })).toBeVisible();
    // The button is there at once: on the first screen, nothing to scroll or answer before it.
    const button = page.getByRole('button', { name: de.publicCancellation.submit });
    await expect(button).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(
      page.getByRole('radio', { name: de.publicCancellation.kind.ordinary, exact: true }),
    ).toBeChecked();
    await expect(
      page.getByRole('radio', { name: de.publicCancellation.effective.earliest, exact: true }),
    ).toBeChecked();
    await expectNoAxeViolations(page);

    await fillPublicForm(page, de, { first, last, number, confirmation: email });
    const answer = publicAnswer(page);
    await button.click();
    const sent = await answer;
    expect(sent.status()).toBe(200);
    const receipt = await sent.json();

    const title = page.getByRole('heading', { level: 1, name: de.publicCancellation.receipt.title });
    await expect(title).toBeVisible();
    await expect(title).toBeFocused();
    const time = clockTime(receipt.received_at, 'Europe/Berlin');
    const sheet = page.getByRole('region', { name: de.publicCancellation.receipt.title });
    await expect(sheet).toContainText(
      new RegExp(
        `${escapeRegExp(textOf(de, 'publicCancellation.receipt.receivedAt', { date: '22. November 2026' }))}.*${time}`,
      ),
    );
    for (const shown of [
      receipt.reference,
      de.publicCancellation.kind.ordinary,
      `${first} ${last}`,
      number,
      textOf(de, 'publicCancellation.contract.membership', { brand: 'Stride Fitness' }),
      de.publicCancellation.effective.earliest,
      email,
      textOf(de, 'publicCancellation.receipt.emailSent', { email }),
    ]) {
      await expect(sheet).toContainText(shown);
    }
    await expect(sheet.getByRole('button', { name: de.publicCancellation.receipt.print })).toBeVisible();
    await expectNoAxeViolations(page);

    // The confirmation in text form: the content, date and time of receipt, and the end.
    const mail = (await outbox(request, email)).find(
      (m) => m.subject === 'Stride Fitness: Kündigungsbestätigung',
    );
    expect(mail, 'the receipt e-mail is in the outbox').toBeTruthy();
    for (const line of [
      `Ihre Kündigung ist am 22. November 2026 um ${time} Uhr bei uns eingegangen.`,
      `Vorgangsnummer: ${receipt.reference}`,
      '- Art der Kündigung: ordentliche Kündigung',
      `- Name: ${first} ${last}`,
      `- Mitgliedsnummer: ${number}`,
      '- Wirksam: zum nächstmöglichen Zeitpunkt',
      `Ihr Vertrag endet am ${longDate(earliest, 'de-DE')}.`,
    ]) {
      expect(mail!.body).toContain(line);
    }

    // The membership runs to the end date, and the member sees it on signing in.
    const after = await membershipOf(request, 'de', 'invalid_details');
    expect(after.status).toBe('in_cancellation');
    expect(after.end_date).toBe(earliest);
    await page.getByRole('link', { name: de.publicCancellation.receipt.toLogin }).click();
    await signInIn(page, 'de', 'invalid_details', 'de-DE');
    await expect(statusBarDe(page)).toContainText(
      textOf(de, 'status.in_cancellation', { date: longDate(earliest, 'de-DE') }),
    );
  });

  test('an unknown identity gets the same receipt and e-mail as a known member whose confirmation goes elsewhere; only the member is told', async ({
    page,
    request,
  }) => {
    const stopped = await membershipOf(request, 'de', 'stopped');
    const { first_name: first, last_name: last } = stopped.profile;
    const unknown = {
      first: 'Erika',
      last: 'Mustermann',
      number: '1009999',
      confirmation: 'erika@example.org',
    };
    const known = {
      first,
      last,
      number: stopped.membership_number as string,
      confirmation: 'someone-else@example.org',
    };

    await useEnglish(page, 'de');
    const sends: { receipt: Record<string, unknown>; text: string }[] = [];
    for (const who of [unknown, known]) {
      await page.goto(`${origin('de')}/`);
      await footer(page).getByRole('link', { name: en.footer.cancelContracts }).click();
      await expect(page.getByRole('heading', { level: 1, name: en.publicCancellation.title })).toBeVisible();
      await fillPublicForm(page, en, who);
      const answer = publicAnswer(page);
      await page.getByRole('button', { name: en.publicCancellation.submit }).click();
      const sent = await answer;
      expect(sent.status()).toBe(200);
      const sheet = page.getByRole('region', { name: en.publicCancellation.receipt.title });
      await expect(sheet).toContainText(en.publicCancellation.receipt.endsEarliest);
      await expect(sheet).toContainText(`${who.first} ${who.last}`);
      if (who === unknown) await expectNoAxeViolations(page);
      const receipt = await sent.json();
      // What differs is what the sender typed and the reference; the rest must be the same.
      const text = (await sheet.innerText())
        .replaceAll(`${who.first} ${who.last}`, 'NAME')
        // The greeting names the first name alone.
        .replace(`Hello ${who.first},`, 'Hello NAME,')
        .replaceAll(who.number, 'NUMBER')
        .replaceAll(who.confirmation, 'EMAIL')
        .replaceAll(receipt.reference, 'REFERENCE');
      sends.push({ receipt, text });
    }
    const [a, b] = sends;
    expect(Object.keys(b!.receipt).sort()).toEqual(Object.keys(a!.receipt).sort());
    expect(b!.text).toBe(a!.text);

    const normalise = (body: string, who: typeof unknown, reference: unknown) =>
      body
        .replaceAll(`${who.first} ${who.last}`, 'NAME')
        // The greeting names the first name alone.
        .replace(`Hello ${who.first},`, 'Hello NAME,')
        .replaceAll(who.number, 'NUMBER')
        .replaceAll(who.confirmation, 'EMAIL')
        .replaceAll(String(reference), 'REFERENCE');
    const [toUnknown] = await outbox(request, unknown.confirmation);
    const [toKnown] = await outbox(request, known.confirmation);
    expect(toUnknown?.body).toContain('Your contract ends at the earliest possible date.');
    expect(toUnknown?.body).not.toMatch(/ends on|ended/);
    expect(normalise(toKnown!.body, known, b!.receipt.reference)).toBe(
      normalise(toUnknown!.body, unknown, a!.receipt.reference),
    );
    expect(toKnown?.subject).toBe(toUnknown?.subject);

    // The member whose details were used hears of it at the address on file, in their own
    // language (German, docs/operators.md); nothing changed.
    const notices = (await outbox(request, stopped.profile.email)).filter((m) =>
      /Kündigung/.test(m.subject ?? ''),
    );
    expect(notices).toHaveLength(1);
    expect((await membershipOf(request, 'de', 'stopped')).status).toBe('stopped');
  });

  test('a signed-in German member cancels on the one pre-filled page and gets the receipt with the end date', async ({
    page,
    request,
  }) => {
    const earliest = (await policyOf(request, 'de', 'new_signup')).membership.calculated_end_date!;
    const end = longDate(earliest, 'en-DE');
    await useEnglish(page, 'de');
    await signIn(page, 'de', 'new_signup');
    const membership = await membershipOf(request, 'de', 'new_signup');
    await page.goto(`${origin('de')}/membership`);
    // One name per flow: the overview's link names the signed-in page, which the top bar
    // names alike; the footer's statutory link is the way without sign-in.
    await expect(main(page).getByRole('link', { name: en.footer.cancelContracts })).toHaveCount(0);
    await main(page).getByRole('link', { name: en.membership.cancel.link }).click();
    await expect(page).toHaveURL(`${origin('de')}/membership/cancellation`);
    await expect(page.getByRole('heading', { level: 1, name: en.pages.cancellation })).toBeVisible();
    await expect(page.getByRole('heading', { name: en.cancellation.statutory.title })).toBeVisible();

    // What the portal knows is shown, not asked; no steps and no consent question first.
    const form = main(page);
    await expect(form).toContainText(`${membership.profile.first_name} ${membership.profile.last_name}`);
    await expect(form).toContainText(membership.membership_number);
    await expect(page.getByRole('textbox', { name: en.publicCancellation.confirmationEmail })).toHaveValue(
      'new_signup@de.example',
    );
    await expect(form).toContainText(textOf(en, 'publicCancellation.effective.earliestOn', { date: end }));
    await expect(form.getByText(/Step \d+ of \d+/)).toHaveCount(0);
    await expect(form.getByRole('radiogroup', { name: en.cancellation.consent.question })).toHaveCount(0);
    const button = page.getByRole('button', { name: en.publicCancellation.submit });
    await expect(button).toBeInViewport({ ratio: 1 });
    await expectNoAxeViolations(page);

    const answer = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/membership/cancellations') && r.request().method() === 'POST',
    );
    await button.click();
    expect((await answer).status()).toBe(200);
    const sheet = page.getByRole('region', { name: en.publicCancellation.receipt.title });
    await expect(sheet).toContainText(/Received on 22 November 2026/);
    await expect(sheet).toContainText(`${en.cancellation.statutory.endDate}${end}`);
    await expect(sheet).toContainText(textOf(en, 'cancellation.success.endsOn', { date: end }));
    await expect(sheet).toContainText(textOf(en, 'cancellation.success.reactivate', { date: end }));
    await expect(sheet.getByRole('link', { name: en.membership.actions.reactivate })).toBeVisible();
    await expectNoAxeViolations(page);
    await expect(statusBar(page)).toContainText(textOf(en, 'status.in_cancellation', { date: end }));

    const mail = (await outbox(request, 'new_signup@de.example')).find((m) =>
      m.subject?.endsWith('Confirmation of your cancellation'),
    );
    expect(mail?.body).toContain(`Your contract ends on ${end}.`);
  });
});

test.describe('the multi-step flow (Norway, Finland)', () => {
  test('a Norwegian member who opted in goes through the steps without the consent question and reactivates from the success page', async ({
    page,
    request,
  }) => {
    const before = await membershipOf(request, 'no', 'invalid_details');
    expect(before.gdpr_opt_in).toBe(true);
    const end = longDate(
      (await policyOf(request, 'no', 'invalid_details')).membership.calculated_end_date!,
      'en-NO',
    );
    await useEnglish(page, 'no');
    await signIn(page, 'no', 'invalid_details');
    await page.goto(`${origin('no')}/membership`);
    await expect(main(page).getByText(/To cancel your membership, please send us an e-mail/)).toHaveCount(0);
    await main(page).getByRole('link', { name: en.membership.cancel.link }).click();

    await expect(page).toHaveURL(/\/membership\/cancellation\/freeze$/);
    await expect(page.getByRole('heading', { name: en.cancellation.freeze.title })).toBeVisible();
    await expect(main(page)).toContainText(textOf(en, 'cancellation.stepOf', { step: 1, total: 4 }));
    await page.getByRole('button', { name: en.cancellation.continue }).click();

    await expect(page.getByRole('heading', { name: en.cancellation.tips.title })).toBeVisible();
    await expect(main(page)).toContainText(textOf(en, 'cancellation.stepOf', { step: 2, total: 4 }));
    // The support address is a link to write to, not plain text.
    await expect(main(page).getByRole('link', { name: 'medlem@no.stride.example' })).toHaveAttribute(
      'href',
      'mailto:medlem@no.stride.example',
    );
    await page.getByRole('button', { name: en.cancellation.continue }).click();
    await expect(page.getByRole('heading', { name: en.cancellation.missing.title })).toBeVisible();
    await page.getByRole('button', { name: en.cancellation.continue }).click();

    await expect(page.getByRole('heading', { name: en.cancellation.confirm.title })).toBeVisible();
    await expect(main(page)).toContainText(end);
    await expect(page.getByRole('radiogroup', { name: en.cancellation.consent.question })).toHaveCount(0);
    await page.getByRole('button', { name: en.cancellation.confirm.submit }).click();

    await expect(page.getByRole('heading', { name: en.cancellation.success.title })).toBeVisible();
    await expect(main(page)).toContainText(textOf(en, 'cancellation.success.endsOn', { date: end }));
    await expect(main(page)).toContainText(textOf(en, 'cancellation.success.reactivate', { date: end }));
    await expect(statusBar(page)).toContainText(textOf(en, 'status.in_cancellation', { date: end }));
    await expectNoAxeViolations(page);

    await main(page).getByRole('link', { name: en.membership.actions.reactivate }).click();
    await expect(page).toHaveURL(/\/membership\/reactivate$/);
    await page.getByRole('button', { name: en.reactivate.confirm }).click();
    await expect(page.getByRole('heading', { name: en.reactivate.success.title })).toBeVisible();
    await expect(statusBar(page)).toContainText(/Active since/);
    expect((await membershipOf(request, 'no', 'invalid_details')).status).toBe('active');
  });

  test('a Norwegian member with no freeze months left is not offered a freeze instead', async ({
    page,
    request,
  }) => {
    const membership = await membershipOf(request, 'no', 'max_frozen');
    expect(membership.status).toBe('active');
    await useEnglish(page, 'no');
    await signIn(page, 'no', 'max_frozen');
    await page.goto(`${origin('no')}/membership/cancellation`);
    await expect(page.getByRole('heading', { name: en.cancellation.tips.title })).toBeVisible();
    await expect(page).toHaveURL(/\/membership\/cancellation\/tips$/);
    await expect(main(page)).toContainText(textOf(en, 'cancellation.stepOf', { step: 1, total: 3 }));
    await expect(page.getByRole('link', { name: en.cancellation.freeze.freeze })).toHaveCount(0);
    // Nor by its address.
    await page.goto(`${origin('no')}/membership/cancellation/freeze`);
    await expect(page.getByRole('heading', { name: en.cancellation.tips.title })).toBeVisible();
    await expect(page.getByRole('heading', { name: en.cancellation.freeze.title })).toHaveCount(0);
    await expectNoAxeViolations(page);
    // Keeping the membership changes nothing.
    await page.getByRole('link', { name: en.cancellation.confirm.keep }).click();
    await expect(page).toHaveURL(`${origin('no')}/membership`);
    expect((await membershipOf(request, 'no', 'max_frozen')).status).toBe('active');
  });

  test('a Finnish member who opted out is asked whether to receive offers (not to keep them), in Finnish, and can reactivate from the success page', async ({
    page,
    request,
  }) => {
    const before = await membershipOf(request, 'fi', 'closed_club');
    expect(before.gdpr_opt_in).toBe(false);
    const end = longDate(
      (await policyOf(request, 'fi', 'closed_club')).membership.calculated_end_date!,
      'fi-FI',
    );
    await signInIn(page, 'fi', 'closed_club', 'fi-FI');
    await page.goto(`${origin('fi')}/membership`);
    await main(page).getByRole('link', { name: fi.membership.cancel.link }).click();
    await expect(page.getByRole('heading', { name: fi.cancellation.freeze.title })).toBeVisible();
    await expectNoAxeViolations(page);
    for (const heading of [fi.cancellation.tips.title, fi.cancellation.missing.title]) {
      await page.getByRole('button', { name: fi.cancellation.continue }).click();
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    }
    await page.getByRole('button', { name: fi.cancellation.continue }).click();
    await expect(page.getByRole('heading', { name: fi.cancellation.confirm.title })).toBeVisible();
    await expect(main(page)).toContainText(textOf(fi, 'cancellation.stepOf', { step: 4, total: 4 }));

    const consent = page.getByRole('radiogroup', { name: fi.cancellation.consent.question });
    await expect(consent).toBeVisible();
    await expectNoAxeViolations(page);
    // Unanswered, the confirmation waits for the answer.
    await page.getByRole('button', { name: fi.cancellation.confirm.submit }).click();
    await expect(consent).toContainText(fi.cancellation.consent.required);
    await expect(page.getByRole('heading', { name: fi.cancellation.confirm.title })).toBeVisible();
    await consent.getByRole('radio', { name: fi.common.yes, exact: true }).check();
    await page.getByRole('button', { name: fi.cancellation.confirm.submit }).click();

    await expect(page.getByRole('heading', { name: fi.cancellation.success.title })).toBeVisible();
    await expect(main(page)).toContainText(textOf(fi, 'cancellation.success.endsOn', { date: end }));
    await expect(main(page)).toContainText(textOf(fi, 'cancellation.success.reactivate', { date: end }));
    await expect(main(page).getByRole('link', { name: fi.membership.actions.reactivate })).toBeVisible();
    await expectNoAxeViolations(page);
    const after = await membershipOf(request, 'fi', 'closed_club');
    expect(after.status).toBe('in_cancellation');
    expect(after.gdpr_opt_in).toBe(true);
  });
});

test.describe('Switzerland: the e-mail text, and the single page in trial', () => {
  test('an active Swiss member is told in German to cancel by e-mail, with the number and the end date', async ({
    page,
    request,
  }) => {
    const membership = await membershipOf(request, 'ch', 'invalid_details');
    const end = longDate(
      (await policyOf(request, 'ch', 'invalid_details')).membership.calculated_end_date!,
      'de-CH',
    );
    await signInIn(page, 'ch', 'invalid_details', 'de-CH');
    await page.goto(`${origin('ch')}/membership`);
    await expect(main(page)).toContainText(
      textOf(de, 'membership.cancel.emailText', { number: membership.membership_number }),
    );
    // The mail comes written, in the member's language (Swiss spelling) with the number.
    const mailto = await main(page)
      .getByRole('link', { name: 'service@ch.stride.example' })
      .getAttribute('href');
    expect(mailto).toMatch(/^mailto:service@ch\.stride\.example\?subject=/);
    const mail = new URLSearchParams(mailto!.slice(mailto!.indexOf('?') + 1));
    expect(mail.get('subject')).toBe(
      textOf(de, 'cancellation.email.subject', { number: membership.membership_number }),
    );
    expect(mail.get('body')).toContain(`Mitgliedsnummer ${membership.membership_number}`);
    expect(mail.get('body')).toContain('Freundliche Grüsse');
    await expect(main(page).getByRole('link', { name: de.membership.cancel.link })).toHaveCount(0);
    await expect(footer(page).getByRole('link', { name: de.footer.cancelContracts })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.goto(`${origin('ch')}/membership/cancellation`);
    await expect(page.getByRole('heading', { name: de.cancellation.email.title })).toBeVisible();
    await expect(main(page)).toContainText(textOf(de, 'cancellation.email.endDate', { date: end }));
    await expect(page.getByRole('button', { name: de.cancellation.confirm.submit })).toHaveCount(0);
    await expectNoAxeViolations(page);
    expect((await membershipOf(request, 'ch', 'invalid_details')).status).toBe('active');
  });

  test('a Swiss member in trial cancels on a single page; it ends at once and never started', async ({
    page,
    request,
  }) => {
    const before = await membershipOf(request, 'ch', 'in_trial');
    expect(before.status).toBe('in_trial');
    await useEnglish(page, 'ch');
    await signIn(page, 'ch', 'in_trial');
    await page.goto(`${origin('ch')}/membership`);
    await main(page).getByRole('link', { name: en.membership.cancel.link }).click();
    await expect(page).toHaveURL(`${origin('ch')}/membership/cancellation`);
    await expect(page.getByRole('heading', { name: en.cancellation.single.title })).toBeVisible();
    await expect(main(page).getByText(/Step \d+ of \d+/)).toHaveCount(0);
    await expect(main(page)).toContainText(`${en.cancellation.confirm.endsImmediately}22 November 2026`);
    const consent = page.getByRole('radiogroup', { name: en.cancellation.consent.question });
    await expect(consent).toBeVisible();
    await expectNoAxeViolations(page);
    await consent.getByRole('radio', { name: en.common.no, exact: true }).check();
    await page.getByRole('button', { name: en.cancellation.confirm.submit }).click();

    await expect(page.getByRole('heading', { name: en.cancellation.success.title })).toBeVisible();
    await expect(main(page)).toContainText(en.cancellation.success.endedToday);
    await expect(main(page).getByRole('link', { name: en.membership.actions.reactivate })).toHaveCount(0);
    await expect(statusBar(page)).toContainText(
      textOf(en, 'status.cancelled_in_trial', { date: '22 November 2026' }),
    );
    await expectNoAxeViolations(page);
    await page.goto(`${origin('ch')}/membership`);
    await expect(main(page)).toContainText(
      textOf(en, 'membership.details.neverStarted', { date: longDate(before.begin_date, 'en-CH') }),
    );
    expect((await membershipOf(request, 'ch', 'in_trial')).status).toBe('cancelled_in_trial');
  });
});

test.describe('the withdrawal button (§ 356a BGB)', () => {
  test('an Austrian member three days after signing up withdraws in German: one confirmation, the receipt, the membership has ended', async ({
    page,
    request,
  }) => {
    const before = await membershipOf(request, 'at', 'new_signup');
    expect(before.status).toBe('active');
    expect(before.withdrawal_until).toBe('2026-12-03');
    const until = longDate(before.withdrawal_until, 'de-AT');
    await signInIn(page, 'at', 'new_signup', 'de-AT');
    await page.goto(`${origin('at')}/membership`);
    await expect(main(page)).toContainText(textOf(de, 'withdrawal.until', { date: until }));
    await expectNoAxeViolations(page);
    await main(page).getByRole('link', { name: de.withdrawal.link }).click();

    await expect(page).toHaveURL(`${origin('at')}/membership/withdraw`);
    await expect(page.getByRole('heading', { name: de.withdrawal.title, level: 2 })).toBeVisible();
    await expect(main(page)).toContainText(textOf(de, 'withdrawal.endsToday', { date: '22. November 2026' }));
    await expect(main(page)).toContainText(
      textOf(de, 'withdrawal.email', { email: 'new_signup@at.example' }),
    );
    await expectNoAxeViolations(page);
    const answer = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/membership/withdrawal') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: de.withdrawal.confirm }).click();
    const result = await (await answer).json();
    expect(result.status).toBe('cancelled');

    const sheet = page.getByRole('region', { name: de.withdrawal.receipt.title });
    await expect(sheet).toBeVisible();
    const time = clockTime(result.received_at, 'Europe/Vienna');
    await expect(sheet).toContainText(
      new RegExp(
        `${escapeRegExp(textOf(de, 'publicCancellation.receipt.receivedAt', { date: '22. November 2026' }))}.*${time}`,
      ),
    );
    await expect(sheet).toContainText(`${de.withdrawal.receipt.endDate}22. November 2026`);
    await expect(sheet).toContainText(before.membership_number);
    await expect(sheet).toContainText(de.withdrawal.refund);
    await expectNoAxeViolations(page);
    await expect(statusBarDe(page)).toContainText(textOf(de, 'status.ended', { date: '22. November 2026' }));

    const after = await membershipOf(request, 'at', 'new_signup');
    expect(after.status).toBe('cancelled');
    expect(after.end_date).toBe('2026-11-22');
    expect(after.withdrawal_until ?? null).toBeNull();
    const mail = (await outbox(request, 'new_signup@at.example')).find((m) =>
      m.subject?.endsWith('Bestätigung Ihres Widerrufs'),
    );
    expect(mail?.body).toContain(`Ihr Widerruf ist am 22. November 2026 um ${time} Uhr bei uns eingegangen.`);
    expect(mail?.body).toContain('Ihre Mitgliedschaft ist damit heute, am 22. November 2026, beendet.');

    // No way back and no second withdrawal.
    await page.goto(`${origin('at')}/membership`);
    await expect(statusBarDe(page)).toContainText(textOf(de, 'status.ended', { date: '22. November 2026' }));
    await expect(main(page).getByRole('link', { name: de.withdrawal.link })).toHaveCount(0);
    await expect(main(page).getByRole('link', { name: de.membership.actions.reactivate })).toHaveCount(0);
  });

  for (const operator of ['ch', 'no']) {
    test(`a new member in ${operator === 'ch' ? 'Switzerland' : 'Norway'} has no withdrawal button`, async ({
      page,
      request,
    }) => {
      const membership = await membershipOf(request, operator, 'new_signup');
      expect(membership.status).toBe('active');
      expect(membership.withdrawal_until ?? null).toBeNull();
      await useEnglish(page, operator);
      await signIn(page, operator, 'new_signup');
      await page.goto(`${origin(operator)}/membership`);
      // The overview has loaded (its cancel entry is there) and offers no withdrawal.
      await expect(
        main(page)
          .getByRole('link', { name: en.membership.cancel.link })
          .or(main(page).getByText(/To cancel your membership, please send us an e-mail/)),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: en.withdrawal.link })).toHaveCount(0);
      await expect(page.getByText(/You can withdraw from your contract/)).toHaveCount(0);
      await page.goto(`${origin(operator)}/membership/withdraw`);
      await expect(page).toHaveURL(`${origin(operator)}/membership`);
      await expect(page.getByRole('button', { name: en.withdrawal.confirm })).toHaveCount(0);
    });
  }
});

test.describe('the accessibility statement', () => {
  test('is linked from the footer signed out, in German, and signed in, in English', async ({ page }) => {
    await useLocale(page, 'de', 'de-DE');
    await footer(page).getByRole('link', { name: de.pages.accessibility }).click();
    await expect(page).toHaveURL(`${origin('de')}/accessibility`);
    await expect(page.getByRole('heading', { level: 1, name: de.accessibility.title })).toBeVisible();
    await expect(main(page)).toContainText('WCAG 2.2');
    await expect(main(page)).toContainText(de.accessibility.service.cancelWithoutSignIn);
    await expect(main(page).getByRole('link', { name: 'kundenservice@de.stride.example' })).toBeVisible();
    await expect(footer(page).getByRole('link', { name: de.footer.cancelContracts })).toBeVisible();
    await expectNoAxeViolations(page);

    await useEnglish(page, 'fi');
    // Outside Germany the footer has no cancellation form, and its address leads to the login.
    await expect(footer(page).getByRole('link', { name: en.pages.accessibility })).toBeVisible();
    await expect(footer(page).getByRole('link', { name: en.footer.cancelContracts })).toHaveCount(0);
    await page.goto(`${origin('fi')}/cancel-contract`);
    await expect(page).toHaveURL(`${origin('fi')}/`);

    await signIn(page, 'fi', 'new_signup');
    await footer(page).getByRole('link', { name: en.pages.accessibility }).click();
    await expect(page).toHaveURL(`${origin('fi')}/accessibility`);
    await expect(page.getByRole('heading', { level: 1, name: en.pages.accessibility })).toBeVisible();
    await expect(main(page).getByRole('heading', { name: en.accessibility.standard.title })).toBeVisible();
    await expect(main(page)).toContainText('WCAG 2.2');
    await expect(main(page)).not.toContainText(en.accessibility.service.cancelWithoutSignIn);
    await expect(main(page).getByRole('link', { name: 'asiakaspalvelu@fi.stride.example' })).toBeVisible();
    await expect(statusBar(page)).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('the public cancellation API', () => {
  const limit = Number(process.env.E2E_PUBLIC_CANCELLATION_LIMIT);
  const declaration = (i: number) => ({
    operator_id: 'de',
    locale: 'de-DE',
    kind: 'ordinary',
    first_name: 'Burst',
    last_name: `Sender ${i}`,
    membership_number: `9${String(i).padStart(6, '0')}`,
    contract: 'membership',
    confirmation_email: 'burst@example.org',
    // The honeypot: recorded as automated, nothing applied, no e-mail (ADR 010).
    website: 'https://spam.example',
  });

  test('answers 404 where there is no form, 400 naming the fields, and 429 to an address past its limit', async ({
    request,
  }) => {
    expect(limit).toBeGreaterThan(0);
    const post = (data: object, address: string) =>
      request.post(`${apiOrigin}/api/v1/public/cancellations`, {
        data,
        headers: { 'X-Forwarded-For': address },
      });
    // Addresses of their own (TEST-NET-3), so the browser's address keeps its share.
    const address = `203.0.113.${1 + Math.floor(Math.random() * 120)}`;
    const other = `203.0.113.${130 + Math.floor(Math.random() * 120)}`;

    const elsewhere = await post({ ...declaration(0), operator_id: 'no', website: undefined }, other);
    expect(elsewhere.status()).toBe(404);
    expect((await elsewhere.json()).errors[0].type).toBe('not_found');

    const { membership_number: _, ...anonymous } = declaration(0);
    const malformed = await post(anonymous, other);
    expect(malformed.status()).toBe(400);
    const fields = (await malformed.json()).errors.map(
      (e: { context?: { field?: string } }) => e.context?.field,
    );
    expect(fields.sort()).toEqual(['body.email', 'body.membership_number']);

    const burst = await Promise.all(
      Array.from({ length: limit }, (_, i) => post(declaration(i + 1), address)),
    );
    expect(burst.map((r) => r.status())).toEqual(Array(limit).fill(200));
    const refused = await post(declaration(limit + 1), address);
    expect(refused.status()).toBe(429);
    expect(Number(refused.headers()['retry-after'])).toBeGreaterThan(0);
    expect((await refused.json()).errors[0].type).toBe('rate_limited');
    // Another address is not limited by it.
    expect((await post(declaration(limit + 2), other)).status()).toBe(200);
    // The honeypot sent no receipt to the address a bot typed in.
    expect(await outbox(request, 'burst@example.org')).toEqual([]);
  });
});
