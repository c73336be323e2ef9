import { expect, test } from '@playwright/test';
import {
  apiOrigin,
  expectNoAxeViolations,
  mainMenu,
  origin,
  signIn,
  statusBar,
  useEnglish,
} from './support.ts';

test.describe('signing in', () => {
  test('an active German member sees the shell with PT items, referral and their status', async ({
    page,
  }) => {
    await useEnglish(page, 'de');
    await signIn(page, 'de', 'active');
    const bar = statusBar(page);
    await expect(bar).toContainText(/Active since/);
    await expect(bar).toContainText(/Membership no\. \S+/);
    const menu = mainMenu(page);
    for (const item of [
      'Home',
      'Payment',
      'Referral',
      'Offers',
      'Personal training',
      'Membership',
      'Contact',
    ]) {
      await expect(menu.getByRole('link', { name: item, exact: true })).toBeVisible();
    }
    await expect(menu.getByText('Payment required')).toHaveCount(0);
  });

  test('an Austrian member has no PT items (PT feature off)', async ({ page }) => {
    await useEnglish(page, 'at');
    await signIn(page, 'at', 'active');
    const menu = mainMenu(page);
    await expect(menu.getByRole('link', { name: 'Membership', exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Offers', exact: true })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Personal training', exact: true })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Referral', exact: true })).toBeVisible();
  });

  test('a Norwegian member in trial has no referral item and sees the activation date', async ({ page }) => {
    await useEnglish(page, 'no');
    await signIn(page, 'no', 'in_trial');
    await expect(statusBar(page)).toContainText(/activation on/i);
    const menu = mainMenu(page);
    await expect(menu.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Referral', exact: true })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Personal training', exact: true })).toBeVisible();
  });

  test('a frozen Norwegian member sees when the membership reactivates', async ({ page }) => {
    await useEnglish(page, 'no');
    await signIn(page, 'no', 'in_freeze');
    await expect(statusBar(page)).toContainText(/Frozen/);
    await expect(statusBar(page)).toContainText(/1 December 2026|December 1, 2026|01\/12\/2026/);
  });

  test('a member with a declined invoice sees the payment alert', async ({ page }) => {
    await useEnglish(page, 'de');
    await signIn(page, 'de', 'unpaid');
    await expect(mainMenu(page).getByText('Payment required')).toBeVisible();
    // On a phone the menu is collapsed: its button carries the alert.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('button', { name: 'Menu Payment required' })).toBeVisible();
  });

  test('on a phone without an unpaid invoice the menu button has no alert', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await useEnglish(page, 'de');
    await signIn(page, 'de', 'active');
    await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeVisible();
  });

  test('a stopped member has no referral and a cancelled one sees the end date', async ({ page }) => {
    await useEnglish(page, 'at');
    await signIn(page, 'at', 'stopped');
    await expect(statusBar(page)).toContainText(/Stopped/i);
    await expect(mainMenu(page).getByRole('link', { name: 'Referral', exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await signIn(page, 'at', 'in_cancellation');
    await expect(statusBar(page)).toContainText(/ends on/i);
  });

  test('a wrong password is refused with the wrong-credentials text', async ({ page }) => {
    await useEnglish(page, 'de');
    await signIn(page, 'de', 'active', 'not-the-password');
    await expect(page.getByText('Wrong username and/or password')).toBeVisible();
    await expect(statusBar(page)).toHaveCount(0);
  });

  test('switching language translates the shell and survives a reload', async ({ page }) => {
    await useEnglish(page, 'de');
    await signIn(page, 'de', 'active');
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await page.getByLabel('Language').selectOption('de-DE');
    await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', /^de/);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible();
  });

  test('signing out returns to the login and the old session no longer works', async ({ page }) => {
    await useEnglish(page, 'fi');
    await signIn(page, 'fi', 'active');
    await expect(statusBar(page)).toBeVisible();
    const token = await page.evaluate(() =>
      Object.values(localStorage).find((v) => typeof v === 'string' && v.length >= 32 && !v.includes(' ')),
    );
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    if (token) {
      const status = await page.evaluate(
        async (t) =>
          (await fetch('/api/v2/membership', { headers: { Authorization: `Bearer ${t}` } })).status,
        token,
      );
      expect(status).toBe(401);
    }
  });

  test('an access_token in the address signs the member in and leaves the address', async ({
    page,
    request,
  }) => {
    const res = await request.post(`${apiOrigin}/api/auth/authenticate`, {
      data: { username: 'active@ch.example', password: 'demo', operator_id: 'ch' },
    });
    const { token } = await res.json();
    await useEnglish(page, 'ch');
    await page.goto(`${origin('ch')}/?access_token=${token}`);
    await expect(statusBar(page)).toBeVisible();
    expect(page.url()).not.toContain('access_token');
  });

  test('any unknown path while signed out leads to the login', async ({ page }) => {
    await page.goto(`${origin('de')}/somewhere/else`);
    await expect(page).toHaveURL(`${origin('de')}/`);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });

  test.describe('accessibility', () => {
    // axe-core is injected as a script; the portal's CSP rightly refuses it otherwise.
    test.use({ bypassCSP: true });

    test('the login and home screens have no axe-core violations', async ({ page }) => {
      await useEnglish(page, 'no');
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      await expectNoAxeViolations(page);
      await signIn(page, 'no', 'active');
      await expect(statusBar(page)).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
});
