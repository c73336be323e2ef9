import { expect, type Page, test } from '@playwright/test';
import { apiOrigin, catalogue, origin, statusBar, tokenOf } from './support.ts';

// The logged-out pages arrive as HTML, prerendered at build time per operator and language,
// and React hydrates them (ADR 035, docs/performance.md). Only read: no persona changes.

const OPERATORS = [
  { id: 'de', locale: 'en-DE' },
  { id: 'at', locale: 'de-AT' },
  { id: 'ch', locale: 'de-CH' },
  { id: 'no', locale: 'nb-NO' },
  { id: 'fi', locale: 'fi-FI' },
] as const;

const texts = (locale: string) => catalogue(locale.slice(0, 2));

// A browser in a language no operator offers: each opens in its first language (the
// browser's own languages choose otherwise: language.spec.ts).
test.use({ locale: 'pl-PL' });

/**
 * Watches the page from its first byte: what React or the browser logs, and whether a node
 * the server sent in #root was ever taken out (a client render in place of hydration
 * replaces them; hydration keeps them).
 */
async function watch(page: Page) {
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') logged.push(message.text());
  });
  page.on('pageerror', (error) => logged.push(error.message));
  await page.addInitScript(() => {
    const seen = { removed: 0, hiddenOnArrival: null as boolean | null };
    (window as unknown as { __prerender: typeof seen }).__prerender = seen;
    new MutationObserver((records) => {
      for (const record of records) {
        if ((record.target as Element).id === 'root') seen.removed += record.removedNodes.length;
        for (const node of Array.from(record.addedNodes)) {
          // #root as the parser adds it: hidden from then on, or shown as sent.
          if ((node as Element).id === 'root' && seen.hiddenOnArrival === null)
            seen.hiddenOnArrival = document.documentElement.hasAttribute('data-prerender-stale');
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return {
    logged,
    seen: () =>
      page.evaluate(
        () =>
          (window as unknown as { __prerender: { removed: number; hiddenOnArrival: boolean } }).__prerender,
      ),
  };
}

/** Holds the app's entry script back until the returned function is called. */
async function holdScript(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every operator’s login is there as HTML, in its first language, with its theme', async ({ page }) => {
    for (const { id, locale } of OPERATORS) {
      const t = texts(locale);
      await page.goto(`${origin(id)}/`);
      await expect(page.getByRole('heading', { level: 1, name: t.auth.login.title })).toBeVisible();
      await expect(page.getByLabel(t.auth.login.username)).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.locator('link#portal-theme')).toHaveAttribute('href', `/themes/${id}/theme.css`);
      await expect(page.locator('#root')).toHaveAttribute('data-prerendered', locale);
    }
  });
});

test('every operator’s login hydrates without a mismatch and works, in its theme and language', async ({
  page,
}) => {
  for (const { id, locale } of OPERATORS) {
    const t = texts(locale);
    const { logged, seen } = await watch(page);
    await page.goto(`${origin(id)}/`);
    await expect(page.locator('html')).toHaveAttribute('data-operator', id);
    // Interactive: the form's own check answers the empty sign-in.
    await page.getByRole('button', { name: t.auth.login.submit }).click();
    await expect(page.getByText(t.auth.validation.usernameRequired)).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    expect(await page.title()).toContain(t.auth.login.title);
    expect(await seen(), id).toEqual({ removed: 0, hiddenOnArrival: false });
    expect(logged, id).toEqual([]);
    page.removeAllListeners('console');
    page.removeAllListeners('pageerror');
  }
});

test('the other prerendered pages hydrate too, the lazy ones included', async ({ page }) => {
  const t = texts('en-DE');
  for (const [path, heading] of [
    ['/password/reset', t.auth.reset.title],
    ['/accessibility', t.accessibility.title],
    ['/cancel-contract', t.publicCancellation.title],
  ] as const) {
    const { logged, seen } = await watch(page);
    await page.goto(`${origin('de')}/${path.slice(1)}`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-operator', 'de');
    // The page's chunk has come and hydrated its part: the title is set from it.
    await expect(page).toHaveTitle(new RegExp(heading));
    expect((await seen()).removed, path).toBe(0);
    expect(logged, path).toEqual([]);
    page.removeAllListeners('console');
    page.removeAllListeners('pageerror');
  }
});

test('a language picked on the login, even before its script ran, comes back prerendered in that language', async ({
  page,
}) => {
  const de = texts('de-DE');
  // Picked in the HTML before the script has run: applied once it has.
  const release = await holdScript(page);
  await page.goto(`${origin('de')}/`, { waitUntil: 'commit' });
  await page.getByRole('combobox', { name: texts('en-DE').language.label }).selectOption('de-DE');
  release();
  await expect(page.getByRole('heading', { level: 1, name: de.auth.login.title })).toBeVisible();
  await page.unrouteAll();

  const { logged, seen } = await watch(page);
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/');
  await page.reload();
  expect(await (await answer).text()).toContain('data-prerendered="de-DE"');
  await page.getByRole('button', { name: de.auth.login.submit }).click();
  await expect(page.getByText(de.auth.validation.usernameRequired)).toBeVisible();
  expect(await seen()).toEqual({ removed: 0, hiddenOnArrival: false });
  expect(logged).toEqual([]);
});

test('a signed-in member never sees the prerendered sign-in form: home renders in its place', async ({
  page,
  request,
}) => {
  const token = await tokenOf(request, 'at', 'active');
  await page.goto(`${origin('at')}/accessibility`); // any page of the origin, to set its storage
  await page.evaluate((value) => localStorage.setItem('portal.token', value), token);
  const { seen } = await watch(page);
  await page.goto(`${origin('at')}/`);
  await expect(
    statusBar(page).or(page.getByRole('region', { name: texts('de-AT').statusBar.label })),
  ).toBeVisible();
  const watched = await seen();
  expect(watched.hiddenOnArrival).toBe(true);
  await expect(page.getByRole('button', { name: texts('de-AT').auth.login.submit })).toHaveCount(0);
  await expect(page.locator('html')).not.toHaveAttribute('data-prerender-stale', /.*/);
  // Signed out again, the token's session ends with the test.
  await request.post(`${apiOrigin}/api/auth/logout`, { headers: { Authorization: `Bearer ${token}` } });
});

test('what a member types before the script has run stays, and signs in once it has', async ({ page }) => {
  const t = texts('fi-FI');
  // The app's entry script held back until the member has typed into the HTML form.
  const release = await holdScript(page);
  const { logged } = await watch(page);
  await page.goto(`${origin('fi')}/`, { waitUntil: 'commit' });
  await page.getByLabel(t.auth.login.username).fill('active@fi.example');
  await page.getByLabel(t.auth.login.password, { exact: true }).fill('demo');
  release();
  await expect(page.locator('html')).toHaveAttribute('data-operator', 'fi');
  await expect(page.getByLabel(t.auth.login.username)).toHaveValue('active@fi.example');
  // Perhaps before the app has taken the form over: held, then sent by the app, never as a
  // plain HTML form (which would put the password in the address).
  await page.getByRole('button', { name: t.auth.login.submit }).click();
  await expect(page.getByRole('region', { name: t.statusBar.label })).toBeVisible();
  expect(page.url()).not.toMatch(/password|username/);
  expect(logged).toEqual([]);
});

test('a sign-in sent before the app has run is held, not sent as a plain form, and the app sends it', async ({
  page,
}) => {
  const t = texts('fi-FI');
  const release = await holdScript(page);
  const { logged } = await watch(page);
  await page.goto(`${origin('fi')}/`, { waitUntil: 'commit' });
  await page.getByLabel(t.auth.login.username).fill('active@fi.example');
  await page.getByLabel(t.auth.login.password, { exact: true }).fill('demo');
  // The app's script has not run: the form goes nowhere.
  await page.getByRole('button', { name: t.auth.login.submit }).click();
  await page.waitForTimeout(300);
  expect(page.url()).toBe(`${origin('fi')}/`);
  release();
  await expect(page.getByRole('region', { name: t.statusBar.label })).toBeVisible();
  expect(page.url()).not.toMatch(/password|username/);
  expect(logged).toEqual([]);
});

test('the signed-out pages are pages of their own: their links load the next one prerendered, and none loads React Router', async ({
  page,
}) => {
  const t = texts('en-DE');
  const routerIn: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    // React Router's hooks name themselves in its production build too (ADR 046).
    if ((await response.text()).includes('may be used only in the context of a <Router>'))
      routerIn.push(new URL(response.url()).pathname);
  });
  const { logged, seen } = await watch(page);
  await page.goto(`${origin('de')}/`);
  await expect(page.getByRole('heading', { level: 1, name: t.auth.login.title })).toBeVisible();

  const reset = page.waitForResponse((response) => new URL(response.url()).pathname === '/password/reset');
  await page.getByRole('link', { name: t.auth.login.forgot }).click();
  expect(await (await reset).text()).toContain('data-prerendered="en-DE"');
  await expect(page.getByRole('heading', { level: 1, name: t.auth.reset.title })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(t.auth.reset.title));

  await page.getByRole('link', { name: t.auth.reset.backToLogin }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.auth.login.title })).toBeVisible();
  await expect(page).toHaveURL(`${origin('de')}/`);
  expect((await seen()).removed).toBe(0);
  expect(logged).toEqual([]);
  expect(routerIn).toEqual([]);
});
