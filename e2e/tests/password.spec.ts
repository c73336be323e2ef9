import { expect, test } from '@playwright/test';
import { apiOrigin, origin, signIn, statusBar, useEnglish } from './support.ts';

interface OutboxMessage {
  channel: string;
  to: string;
  subject: string;
  body: string;
}

test('a member resets the password through the e-mailed link and signs in with the new one', async ({
  page,
  request,
}) => {
  await useEnglish(page, 'at');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/password\/reset$/);
  // The page is a chunk of its own: the sign-in form, with its own "Username", stays until it is in.
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Username').fill('rfid@at.example');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').or(page.getByRole('alert')).first()).toBeVisible();

  const outbox: OutboxMessage[] = await (await request.get(`${apiOrigin}/api/dev/outbox`)).json();
  const mail = outbox.find((m) => m.channel === 'email' && m.body.includes('/password/update?token='));
  expect(mail, 'the reset e-mail is in the outbox').toBeTruthy();
  const link = /https?:\/\/\S+\/password\/update\?token=[\w-]+/.exec(mail!.body)![0];
  expect(new URL(link).host).toBe(new URL(origin('at')).host);

  await page.goto(link);
  // The rule is on the page; the server refuses a commonly breached password at the field.
  await expect(page.getByText(/Use 12 to 128 characters; any characters will do\./)).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('short-one');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('The password must have at least 12 characters.')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('Password1234');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(
    page.getByText(/one of the most common ones and appears in known data breaches/),
  ).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toBeFocused();
  await page.getByLabel('New password', { exact: true }).fill('s3cret-new-and-long');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByRole('status').or(page.getByRole('alert')).first()).toBeVisible();

  await signIn(page, 'at', 'rfid', 'demo');
  await expect(page.getByText('Wrong username and/or password')).toBeVisible();
  await signIn(page, 'at', 'rfid', 's3cret-new-and-long');
  await expect(statusBar(page)).toBeVisible();

  // The link works once.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('another-long-one');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText(/no longer valid/i)).toBeVisible();
});
