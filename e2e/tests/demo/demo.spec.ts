import { expect, type Page, test } from '@playwright/test';
import {
  BASE,
  expectNoAxeViolations,
  openDemo,
  operatorRadio,
  ribbon,
  signInDemo,
  switchToEnglish,
  useDemoServer,
} from './support.ts';

const demo = useDemoServer();

/** Every request the page makes, with the status of its answer (null: none came). */
function recordRequests(page: Page) {
  const seen: { url: string; status: number | null }[] = [];
  page.on('requestfinished', async (request) => {
    seen.push({ url: request.url(), status: (await request.response())?.status() ?? null });
  });
  page.on('requestfailed', (request) => seen.push({ url: request.url(), status: null }));
  return seen;
}

test('the sign-in page lists every persona, with the ribbon, and passes axe', async ({ page }) => {
  await openDemo(page, demo.server.url);
  await expect(ribbon(page)).toContainText('Sample data, kept in this tab only');
  await expect(page.getByRole('radio')).toHaveCount(5);
  await expect(page.getByRole('list', { name: 'Members' }).getByRole('button')).toHaveCount(16);
  await expect(
    page.getByRole('button', { name: /^Unpaid invoice Active Active, with a declined payment/ }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
});

test("picking an operator applies its theme and language at once; the switcher and a reload keep the tab's choice", async ({
  page,
}) => {
  await openDemo(page, demo.server.url);
  await page.getByRole('radio', { name: 'Norway' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-operator', 'no');
  await expect(page.locator('html')).toHaveAttribute('lang', 'nb-NO');
  await expect(page.getByRole('heading', { level: 1, name: 'Prøv portalen' })).toBeVisible();
  await expect(page.locator('#portal-theme')).toHaveAttribute('href', './themes/no/theme.css');
  await expect(page.getByRole('radio', { name: 'Norge' })).toBeChecked();
  await expectNoAxeViolations(page);

  await switchToEnglish(page, 'no');
  await expect(page.getByRole('heading', { level: 1, name: 'Try the portal' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Try the portal' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Norway' })).toBeChecked();
  await expect(page.locator('html')).toHaveAttribute('data-operator', 'no');

  // Another operator starts in its own default language, not the one picked for Norway.
  await page.getByRole('radio', { name: 'Finland' }).check();
  await expect(page.getByRole('heading', { level: 1, name: 'Kokeile portaalia' })).toBeVisible();
  await expect(ribbon(page)).toContainText('Esimerkkitiedot vain tässä välilehdessä');

  // A new tab is a new demo: the first operator again.
  const other = await page.context().newPage();
  await openDemo(other, demo.server.url);
  await expect(other.getByRole('radio', { name: 'Germany' })).toBeChecked();
});

test('the ribbon lists the messages the portal sent and resets the demo', async ({ page }) => {
  await openDemo(page, demo.server.url);
  const messages = ribbon(page).getByRole('button', { name: /^Messages/ });
  await expect(messages).toHaveText('Messages 0');
  await messages.click();
  await expect(messages).toHaveAttribute('aria-expanded', 'true');
  await expect(ribbon(page).getByRole('heading', { name: 'Messages the portal sent' })).toBeVisible();
  await expect(ribbon(page)).toContainText('No messages yet.');
  await ribbon(page).getByRole('button', { name: 'Close' }).click();
  await expect(messages).toHaveAttribute('aria-expanded', 'false');
  await expect(messages).toBeFocused();

  await page.getByRole('radio', { name: 'Switzerland' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-operator', 'ch');
  await ribbon(page).getByRole('button', { name: 'Demo zurücksetzen' }).click();
  await expect(ribbon(page).getByRole('status')).toHaveText('Die Demo ist wieder am Anfang.');
  await expect(page.getByRole('heading', { level: 1, name: 'Das Portal ausprobieren' })).toBeVisible();
});

test('no request leaves the browser: files come from the base path, API calls are answered in the page', async ({
  page,
}) => {
  const seen = recordRequests(page);
  await openDemo(page, demo.server.url);
  for (const operator of ['at', 'ch', 'no', 'fi', 'de']) {
    await operatorRadio(page, operator).check();
    await expect(page.locator('html')).toHaveAttribute('data-operator', operator);
    // Its colours are in before the next pick: a quicker pick cancels the stylesheet still
    // on its way, which would show here as a request that failed.
    await expect
      .poll(() =>
        page.evaluate((id) => {
          const link = document.getElementById('portal-theme') as HTMLLinkElement | null;
          return link?.sheet?.href?.endsWith(`themes/${id}/theme.css`) ?? false;
        }, operator),
      )
      .toBe(true);
  }
  await switchToEnglish(page, 'de');

  // A call of the contract is answered by the demo (here: the session check's 401) …
  const answer = await page.evaluate(async () => {
    const response = await fetch('/api/v2/membership?locale=en-DE');
    return { status: response.status, body: await response.json() };
  });
  expect(answer.status).toBe(401);
  expect(answer.body.errors[0].type).toBe('unauthorized');
  // … and any other request to the API fails in the page (MSW's 500 or a network error)
  // instead of going out.
  const unknown = await page.evaluate(() =>
    fetch('/api/v1/no-such-call').then(
      (r) => `answered ${r.status}`,
      () => 'failed',
    ),
  );
  expect(['answered 500', 'failed']).toContain(unknown);

  const origin = new URL(demo.server.url).origin;
  const foreign = seen.filter(({ url }) => new URL(url).origin !== origin);
  expect(foreign).toEqual([]);
  const outsideBase = seen.filter(
    ({ url }) => !new URL(url).pathname.startsWith(BASE) && !url.includes('/api/'),
  );
  expect(outsideBase).toEqual([]);
  const missing = seen.filter(
    ({ url, status }) => !url.includes('/api/') && status !== 200 && status !== 304,
  );
  expect(missing).toEqual([]);
  // Every operator's theme, fonts and drawing came from under the base path.
  for (const operator of ['de', 'at', 'ch', 'no', 'fi']) {
    expect(seen.some(({ url }) => url.endsWith(`${BASE}themes/${operator}/theme.css`))).toBe(true);
    expect(seen.some(({ url }) => url.endsWith(`${BASE}themes/${operator}/hero.svg`))).toBe(true);
  }
  expect(demo.server.requests.filter((path) => path.includes('/api/'))).toEqual([]);
  expect(demo.server.requests.filter((path) => !path.startsWith(BASE))).toEqual([]);
});

test('signing in as a persona opens home; reset signs out and brings back the seed', async ({ page }) => {
  // The tab's database starts three times here (sign-in, reload, sign-in after the reset),
  // each up to a minute while the other worker shares the two cores: past the 90 s default.
  test.setTimeout(240_000);
  await signInDemo(page, demo.server.url, 'de', 'in_cancellation');
  const status = page.getByRole('region', { name: 'Membership status' });
  await expect(status).toContainText(/Cancelled — membership ends on/);
  await expect(page.getByRole('region', { name: 'Your workouts' })).toBeVisible();
  await expectNoAxeViolations(page);

  // A change the member makes stays in the tab …
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Membership' }).click();
  await page.getByRole('main').getByRole('link', { name: 'Reactivate membership' }).click();
  await page.getByRole('button', { name: 'Confirm reactivation' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
  await expect(status).toContainText(/Active since/);
  await page.reload();
  // A reload starts the tab's database again from what it kept: as long as a first start
  // (databaseReady), not one step's 7 s.
  await expect(status).toContainText(/Active since/, { timeout: 60_000 });

  // … until the reset: signed out, on the sign-in page, and the persona is as seeded again.
  await ribbon(page).getByRole('button', { name: 'Reset demo' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Try the portal' })).toBeVisible();
  await expect(status).toHaveCount(0);
  await expect(ribbon(page).getByRole('button', { name: /^Messages/ })).toHaveText('Messages 0');
  await signInDemo(page, demo.server.url, 'de', 'in_cancellation');
  await expect(status).toContainText(/Cancelled — membership ends on/);
});
