import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

const require = createRequire(import.meta.url);
// This worker's server (playwright.config.ts: one server per worker, E2E_PORT + its index).
const port = Number(process.env.E2E_PORT ?? 8199) + Number(process.env.TEST_PARALLEL_INDEX ?? 0);

/**
 * Where Node-side requests go: Node does not resolve `*.localhost` names the way Chromium
 * does, and the API answers the same on any host name.
 */
export const apiOrigin = `http://localhost:${port}`;

/** The portal as served for an operator: `http://no.localhost:8199`. */
export function origin(operator: string): string {
  return `http://${operator}.localhost:${port}`;
}

/** Signs in through the login form; on success waits until the shell shows the member. */
export async function signIn(page: Page, operator: string, persona: string, password = 'demo') {
  await page.goto(`${origin(operator)}/`);
  await page.getByLabel('Username').fill(`${persona}@${operator}.example`);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/authenticate'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  if ((await answer).ok()) await expect(statusBar(page)).toBeVisible();
}

/** Opens the portal of an operator in a locale (`de-AT`, `fi-FI` …), signed out. */
export async function useLocale(page: Page, operator: string, locale: string) {
  await page.goto(`${origin(operator)}/`);
  await page.evaluate((value) => {
    localStorage.clear();
    localStorage.setItem('portal.locale', value);
  }, locale);
  await page.reload();
}

/**
 * Gives the page the portal's clock (GET /api/dev/clock): the web app reads "today" from the
 * browser's clock, which under a fixed PORTAL_CLOCK is another day than the server's.
 */
export async function usePortalClock(page: Page, request: APIRequestContext) {
  const { now } = await (await request.get(`${apiOrigin}/api/dev/clock`)).json();
  await page.clock.setFixedTime(new Date(now));
}

/** Makes sure the portal is in English, whatever the operator's default locale is. */
export async function useEnglish(page: Page, operator: string) {
  await useLocale(page, operator, `en-${operator === 'no' ? 'NO' : operator.toUpperCase()}`);
}

export function mainMenu(page: Page) {
  return page.getByRole('navigation', { name: 'Main menu' });
}

export function statusBar(page: Page) {
  return page.getByRole('region', { name: 'Membership status' });
}

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: { target: string[] }[];
}
type AxeWindow = Window & {
  axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> };
};

/** Runs axe-core in the page and expects no violations. */
export async function expectNoAxeViolations(page: Page) {
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as AxeWindow).axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
  expect(violations).toEqual([]);
}

/** A catalogue of the portal, so runs in other languages use the very texts members read. */
export const catalogue = (lang: string) =>
  JSON.parse(readFileSync(new URL(`../../packages/web/src/locales/${lang}.json`, import.meta.url), 'utf8'));

type Catalogue = { [key: string]: string | Catalogue };

/**
 * A text of a catalogue as i18next renders it: `path` with dots, `{{name}}` filled in
 * (pass a plural form's own key, e.g. `…tooMany_other`).
 */
export function textOf(c: Catalogue, path: string, values: Record<string, string | number> = {}): string {
  const found = path
    .split('.')
    .reduce<string | Catalogue | undefined>(
      (node, key) => (typeof node === 'object' ? node[key] : undefined),
      c,
    );
  if (typeof found !== 'string') throw new Error(`no text at ${path}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
}

/** Signs in through the login form in a locale, with the labels of that language's catalogue. */
export async function signInIn(page: Page, operator: string, persona: string, locale: string) {
  const texts = catalogue(locale.slice(0, 2));
  await useLocale(page, operator, locale);
  await page.getByLabel(texts.auth.login.username).fill(`${persona}@${operator}.example`);
  await page.getByLabel(texts.auth.login.password, { exact: true }).fill('demo');
  await page.getByRole('button', { name: texts.auth.login.submit }).click();
  await expect(page.getByRole('region', { name: texts.statusBar.label })).toBeVisible();
}

/**
 * Passwords the browser tests set for good: a new password has at least 12 characters
 * (ADR 031), so no test can set "demo" back. Tried before "demo" for these members, so a
 * spec that signs them in works whether or not the password change ran first.
 */
export const SET_PASSWORDS: Record<string, string> = {
  'scheduled_freeze@no.example': 'Stronger-Pass-2026',
};

/** A session of a persona for Node-side API calls. */
export async function tokenOf(
  request: APIRequestContext,
  operator: string,
  persona: string,
): Promise<string> {
  const username = `${persona}@${operator}.example`;
  const passwords = [SET_PASSWORDS[username], 'demo'].filter((p): p is string => Boolean(p));
  for (const password of passwords) {
    const answer = await request.post(`${apiOrigin}/api/auth/authenticate`, {
      data: { username, password, operator_id: operator },
    });
    if (answer.ok()) return (await answer.json()).token;
    expect(answer.status(), `${username} signs in`).toBe(401);
  }
  throw new Error(`${username} does not sign in`);
}

/** What a GET of the API (`/v1/…`, `/v2/…`) answers a persona, expected to succeed. */
export async function getAs(request: APIRequestContext, operator: string, persona: string, path: string) {
  const token = await tokenOf(request, operator, persona);
  const answer = await request.get(`${apiOrigin}/api${path}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(answer.ok(), `GET ${path} as ${persona}@${operator}`).toBe(true);
  return answer.json();
}

/** What GET /api/v2/membership answers a persona (status, end date, number, profile …). */
export function membershipOf(request: APIRequestContext, operator: string, persona: string) {
  return getAs(request, operator, persona, '/v2/membership');
}

export interface OutboxMessage {
  channel: string;
  to: string;
  subject: string | null;
  body: string;
}

/** What the server sent (dev outbox), newest first, optionally to one address or number. */
export async function outbox(request: APIRequestContext, to?: string): Promise<OutboxMessage[]> {
  const query = to ? `?to=${encodeURIComponent(to)}` : '';
  return (await request.get(`${apiOrigin}/api/dev/outbox${query}`)).json();
}
