import { createHmac } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { apiOrigin, expectNoAxeViolations, origin, signIn, usePortalClock } from './support.ts';

test.use({ bypassCSP: true }); // for the injected axe-core script

// The demo clubs' door keys as npm start prints them (outside production).
const doorKey = (club: string) =>
  `door-demo-${club}-${createHmac('sha256', 'member-portal demo door keys').update(club).digest('base64url').slice(0, 12)}`;

async function noSidewaysScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}

test('a member sets up phone entry, shows the code, the door counts it', async ({ page, request }) => {
  await usePortalClock(page, request);
  await signIn(page, 'de', 'max_frozen');

  // Home: how busy the home club is, in words, and the way to the entry code.
  await expect(page.getByRole('heading', { name: /How busy is/ })).toBeVisible();
  await expect(page.getByText(/right now/)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/home-1280.png', fullPage: true });

  await page.getByRole('link', { name: 'Phone entry settings' }).click();
  await expect(page.getByRole('heading', { name: 'Phone entry', exact: true })).toBeVisible();
  await page.getByLabel('Name of this device').fill('Test phone');
  await page.getByRole('button', { name: 'Set up this phone' }).click();
  await expect(page.getByText('Test phone (this device)')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Show entry code' }).click();
  const qr = page.getByRole('img', { name: 'QR code for the club entrance' });
  await expect(qr).toBeVisible();
  const code = (await qr.getAttribute('data-code'))!;
  expect(code).toMatch(/^[0-9a-f]{32}:\d{8}$/);
  // The digits below the QR code are the code's.
  await expect(page.getByText(`${code.slice(33, 37)} ${code.slice(37)}`)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/entry-code-390.png' });

  // Works offline once open: the page computes the code itself.
  await page.context().setOffline(true);
  await expect(qr).toBeVisible();
  await page.context().setOffline(false);

  const token = await page.evaluate(() => localStorage.getItem('portal.token'));
  const headers = { Authorization: `Bearer ${token}` };
  const membership = await (await request.get(`${apiOrigin}/api/v2/membership`, { headers })).json();
  const before = (await (await request.get(`${apiOrigin}/api/v2/workouts`, { headers })).json()).total;
  const { now } = await (await request.get(`${apiOrigin}/api/dev/clock`)).json();
  const club = membership.location.id as string;
  const scan = () =>
    request.post(`${apiOrigin}/api/v1/door/check_ins`, {
      headers: { Authorization: `Bearer ${doorKey(club)}` },
      data: { check_in_id: `e2e-phone-${Math.random()}`, code, at: now },
    });
  const answer = await scan();
  expect(answer.status(), await answer.text()).toBe(200);
  expect(await answer.json()).toMatchObject({ key_type: 'phone', counted: true });
  const again = await scan();
  expect(again.status()).toBe(422);
  expect((await again.json()).errors[0].type).toBe('code_already_used');
  const after = (await (await request.get(`${apiOrigin}/api/v2/workouts`, { headers })).json()).total;
  expect(after).toBe(before + 1);
});

test('the entry code and the set-up fit 320 px', async ({ page, request }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await usePortalClock(page, request);
  await signIn(page, 'de', 'scheduled_freeze');
  await page.goto(`${origin('de')}/entry`);
  await expect(page.getByRole('button', { name: 'Set up this phone' })).toBeVisible();
  await noSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/entry-setup-320.png', fullPage: true });
  await page.getByRole('button', { name: 'Set up this phone' }).click();
  await page.getByRole('link', { name: 'Show entry code' }).click();
  await expect(page.getByRole('img', { name: 'QR code for the club entrance' })).toBeVisible();
  await noSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/entry-code-320.png' });
  await page.goto(`${origin('de')}/`);
  await expect(page.getByRole('heading', { name: /How busy is/ })).toBeVisible();
  await noSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/home-320.png', fullPage: true });
});
