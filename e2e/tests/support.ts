import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

const require = createRequire(import.meta.url);
const port = Number(process.env.E2E_PORT ?? 8199);

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

/** Makes sure the portal is in English, whatever the operator's default locale is. */
export async function useEnglish(page: Page, operator: string) {
  await page.goto(`${origin(operator)}/`);
  await page.evaluate(
    (locale) => {
      localStorage.clear();
      localStorage.setItem('portal.locale', locale);
    },
    `en-${operator === 'no' ? 'NO' : operator.toUpperCase()}`,
  );
  await page.reload();
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
