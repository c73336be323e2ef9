import { expect, type Page, test } from '@playwright/test';
import { getAs, origin, tokenOf } from './support.ts';

/**
 * No screen scrolls sideways (ADR 019). Every operator in every language it offers at 320 px
 * (the smallest phone we support), and one language per operator at 390, 768 and 1280 px.
 * Fast on purpose: one session per persona (an API sign-in put into localStorage, as the
 * login form does), the language switched with the app's own switcher, and pages reached by
 * client-side navigation, so each screen costs a render, not a page load.
 */

/** The locales each operator offers (domain's operator catalogue), default first. */
const LOCALES: Record<string, string[]> = {
  de: ['en-DE', 'de-DE'],
  at: ['de-AT', 'en-AT'],
  ch: ['de-CH', 'fr-CH', 'en-CH'],
  no: ['nb-NO', 'en-NO'],
  fi: ['fi-FI', 'en-FI'],
};
/** Operators with the public cancellation (§ 312k BGB) and the PT pages. */
const PUBLIC_CANCELLATION = new Set(['de']);
const PT = new Set(['de', 'ch', 'no']);
/** Operators with group classes (docs/classes.md). */
const CLASSES = new Set(['de', 'at', 'no', 'fi']);

const PUBLIC_ROUTES = ['/', '/password/reset', '/password/update?token=x', '/accessibility'];

/** The signed-in routes of LoggedInApp.tsx, by the persona whose status opens them. */
function memberRoutes(operator: string, invoiceId: string | undefined): Record<string, string[]> {
  return {
    active: [
      '/',
      '/membership',
      '/membership/freeze',
      '/membership/cancellation',
      '/membership/cancellation/freeze',
      '/membership/cancellation/tips',
      '/membership/cancellation/missing-out-on',
      '/membership/cancellation/confirm',
      '/membership/activate_chip',
      '/membership/lost_chip',
      '/membership/forgotten_chip',
      '/membership/profile',
      '/membership/club',
      '/membership/consents',
      '/membership/password',
      '/membership/devices',
      '/membership/data',
      '/payment',
      '/payment/payment-method-updated?status=success',
      '/payment/credit-card',
      '/payment/invoices',
      ...(invoiceId ? [`/invoice/${invoiceId}`] : []),
      ...(operator === 'ch' ? ['/payment/health-insurance/2026'] : []),
      '/referral',
      ...(PT.has(operator) ? ['/offers', '/pt'] : []),
      ...(CLASSES.has(operator) ? ['/classes'] : []),
      '/contact',
      '/accessibility',
      ...(PUBLIC_CANCELLATION.has(operator) ? ['/cancel-contract'] : []),
    ],
    scheduled_freeze: ['/membership', '/membership/cancel_freeze'],
    in_cancellation: ['/membership', '/membership/reactivate'],
    new_signup: ['/membership', '/membership/withdraw'],
    cancelled: ['/', '/membership'],
    unpaid: ['/', '/membership', '/payment'],
    // Every other status gets its own overview (hero, action, the way back when ended).
    ...Object.fromEntries(
      ['in_freeze', 'in_trial', 'presale', 'stopped', 'cancelled_in_presale', 'cancelled_in_trial'].map(
        (persona) => [persona, ['/membership']],
      ),
    ),
  };
}

interface Overflow {
  scrollWidth: number;
  viewport: number;
  wide: string[];
  /** The error boundary's message instead of the screen. */
  failed: boolean;
}

/** How far the page and its elements reach beyond the viewport on the right. */
function measure(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const viewport = window.innerWidth;
    const clipped = (el: Element): boolean => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const overflowX = getComputedStyle(a).overflowX;
        if (overflowX !== 'visible' && a.getBoundingClientRect().right <= viewport + 1) return true;
      }
      return false;
    };
    const describe = (el: Element) => {
      const cls = typeof el.className === 'string' ? el.className.split(' ')[0] : '';
      const text = (el.textContent ?? '').trim().slice(0, 40);
      return `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''} "${text}" (${Math.round(el.getBoundingClientRect().right)} px)`;
    };
    const wide: string[] = [];
    const offenders = new Set<Element>();
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (r.right <= viewport + 1 && r.width <= viewport) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.position === 'fixed') continue;
      if (clipped(el)) continue;
      offenders.add(el);
      // Report the outermost offender only: its children follow it out.
      if (el.parentElement && offenders.has(el.parentElement)) continue;
      wide.push(describe(el));
    }
    return {
      scrollWidth: document.documentElement.scrollWidth,
      viewport,
      wide: wide.slice(0, 5),
      failed: document.querySelector('[role="alert"] h1') !== null,
    };
  });
}

/**
 * Waits for the screen to settle: React Router renders a navigation in a transition (the old
 * screen stays until the new one's chunk and data are in), so wait for the DOM to stay quiet
 * for a moment with no spinner or skeleton left, then for the fonts and two frames.
 */
function settle(page: Page) {
  return page.evaluate(async () => {
    const quietMs = 80;
    const limitMs = 3_000;
    const started = performance.now();
    const loading = () => document.querySelector('main [role="status"][class*="loading"]') !== null;
    await new Promise<void>((resolve) => {
      let timer: ReturnType<typeof setTimeout>;
      const observer = new MutationObserver(() => arm());
      const done = () => {
        if (loading() && performance.now() - started < limitMs) return arm();
        observer.disconnect();
        resolve();
      };
      function arm() {
        clearTimeout(timer);
        timer = setTimeout(done, performance.now() - started > limitMs ? 0 : quietMs);
      }
      observer.observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
      });
      arm();
    });
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/**
 * Navigates inside the single-page app, the way a link does (React Router follows popstate).
 * Inside the shell the new screen has committed when focus moves (the shell focuses <main>,
 * a form page its first field).
 */
async function goClientSide(page: Page, path: string, { signedIn = false } = {}) {
  const moved = await page.evaluate((to) => {
    const from = window.location.pathname;
    (document.activeElement as HTMLElement | null)?.blur();
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
    return window.location.pathname !== from;
  }, path);
  if (signedIn && moved) {
    await page
      .waitForFunction(() => document.activeElement !== document.body, undefined, { timeout: 5_000 })
      .catch(() => {});
  }
  await settle(page);
}

async function expectNoSidewaysScroll(page: Page, where: string) {
  const result = await measure(page);
  // A screen that failed to render has nothing to overflow: that is a failure too.
  expect.soft(result.failed, `${where}: the screen renders`).toBe(false);
  expect
    .soft(
      { sideways: Math.max(0, result.scrollWidth - result.viewport), wide: result.wide },
      `${where}: nothing wider than the ${result.viewport} px viewport`,
    )
    .toEqual({ sideways: 0, wide: [] });
}

async function chooseLanguage(page: Page, locale: string) {
  const select = page.locator('header select').first();
  const html = page.locator('html');
  // Just after sign-in the app may still switch to the member's stored language, with the
  // switcher already showing it: pick again until the page is in the language asked for.
  await expect(async () => {
    if ((await html.getAttribute('lang')) !== locale) await select.selectOption(locale);
    await expect(html).toHaveAttribute('lang', locale, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/** Measures the screen shown at each width: a resize needs no new navigation, only a layout. */
async function expectFitsEachWidth(page: Page, widths: number[], where: string) {
  for (const width of widths) {
    if (page.viewportSize()?.width !== width) {
      await page.setViewportSize({ width, height: 800 });
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
    }
    await expectNoSidewaysScroll(page, `${where} at ${width} px`);
  }
}

/** The signed-out screens in each locale and at each width, from one page load. */
async function checkPublic(page: Page, operator: string, locales: string[], widths: number[]) {
  await page.goto(`${origin(operator)}/`);
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${origin(operator)}/`);
  const routes = [...PUBLIC_ROUTES, ...(PUBLIC_CANCELLATION.has(operator) ? ['/cancel-contract'] : [])];
  for (const locale of locales) {
    await goClientSide(page, '/');
    await chooseLanguage(page, locale);
    for (const route of routes) {
      await goClientSide(page, route);
      await expectFitsEachWidth(page, widths, `${operator} ${locale} signed out ${route}`);
    }
  }
}

/** Each persona's screens in each locale and at each width, from one page load per persona. */
async function checkMember(
  page: Page,
  operator: string,
  locales: string[],
  widths: number[],
  routes: Record<string, string[]>,
  tokens: Record<string, string>,
) {
  for (const [persona, paths] of Object.entries(routes)) {
    await page.evaluate((token) => localStorage.setItem('portal.token', token), tokens[persona]!);
    await page.goto(`${origin(operator)}/`);
    await expect(page.locator('#main-menu, [aria-controls="main-menu"]').first()).toBeAttached();
    for (const locale of locales) {
      await chooseLanguage(page, locale);
      for (const path of paths) {
        await goClientSide(page, path, { signedIn: true });
        await expectFitsEachWidth(page, widths, `${operator} ${locale} ${persona} ${path}`);
      }
    }
  }
}

async function sessionsOf(request: Parameters<typeof getAs>[0], operator: string) {
  const invoices: { id: string }[] = await getAs(request, operator, 'active', '/v1/membership/invoices');
  const routes = memberRoutes(operator, invoices[0]?.id);
  const tokens: Record<string, string> = {};
  for (const persona of Object.keys(routes)) tokens[persona] = await tokenOf(request, operator, persona);
  return { routes, tokens };
}

test.describe('no sideways scroll', () => {
  test('the check itself sees an element wider than the viewport', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto(`${origin('no')}/`);
    await page.evaluate(() => {
      const wide = document.createElement('p');
      wide.textContent = 'Medlemskapsinformasjonsoversikten';
      wide.style.cssText = 'width: 400px; margin: 0';
      // Into body: the page's own containers may clip what overflows them.
      document.body.append(wide);
    });
    const result = await measure(page);
    expect(result.scrollWidth).toBeGreaterThan(320);
    expect(result.wide).toEqual([expect.stringContaining('Medlemskapsinformasjonsoversikten')]);
  });

  test.beforeEach(async ({ page }) => {
    // A refused eval or resource under the server's CSP is an error of the screen too.
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (event) =>
        console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
      ),
    );
    page.on('pageerror', (error) => expect.soft(error.message, `no script error on ${page.url()}`).toBe(''));
    // What the error boundary caught (a failed render or chunk); answers the page expects (a 404
    // for "no offer", a 422 policy) are not errors of the screen.
    page.on('console', (message) => {
      if (message.type() !== 'error' || message.text().startsWith('Failed to load resource')) return;
      expect.soft(message.text().slice(0, 500), `no error logged on ${page.url()}`).toBe('');
    });
  });

  for (const operator of Object.keys(LOCALES)) {
    test(`${operator}: every screen in every language at 320 px`, async ({ page, request }) => {
      // Switzerland, three languages and twelve personas: 45 s on a busy two-core machine.
      test.setTimeout(150_000);
      await page.setViewportSize({ width: 320, height: 800 });
      const locales = LOCALES[operator]!;
      await checkPublic(page, operator, locales, [320]);
      const { routes, tokens } = await sessionsOf(request, operator);
      await checkMember(page, operator, locales, [320], routes, tokens);
    });

    test(`${operator}: every screen at 390, 768 and 1280 px`, async ({ page, request }) => {
      test.setTimeout(90_000);
      const locale = [LOCALES[operator]![0]!];
      const widths = [390, 768, 1280];
      await checkPublic(page, operator, locale, widths);
      const { routes, tokens } = await sessionsOf(request, operator);
      await checkMember(page, operator, locale, widths, { active: routes.active! }, tokens);
    });
  }
});
