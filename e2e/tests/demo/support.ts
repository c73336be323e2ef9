import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
// @ts-expect-error: a plain JavaScript module of the repository's scripts
import { serveStatic } from '../../../scripts/static-server.mjs';

export { expectNoAxeViolations } from '../support.ts';

/** The sub-path the demo is served under: it must work under any path, not only at /. */
export const BASE = '/demo-base/';
const DIST = path.resolve(import.meta.dirname, '../../../packages/web/dist-demo');

interface StaticServer {
  url: string;
  requests: string[];
  close(): Promise<void>;
}

/**
 * Starts a plain static server of the demo build for the spec file (E2E_PORT plus the
 * worker's parallel index, else any free port) and stops it after; `server.requests` lists
 * every path it was asked for.
 */
export function useDemoServer(): { readonly server: StaticServer } {
  const holder = {} as { server: StaticServer };
  test.beforeAll(async () => {
    if (!existsSync(path.join(DIST, 'index.html')))
      throw new Error('No demo build: run `npm run build:demo` first.');
    const port = process.env.E2E_PORT
      ? Number(process.env.E2E_PORT) + Number(process.env.TEST_PARALLEL_INDEX ?? 0)
      : 0;
    holder.server = await serveStatic({ dir: DIST, base: BASE, port });
  });
  test.afterAll(async () => {
    await holder.server?.close();
  });
  return holder;
}

/** The demo's ribbon, on every page. */
export function ribbon(page: Page) {
  return page.getByRole('region', { name: 'Demo' });
}

/** Opens the demo (a fresh tab has the seed) and waits for its sign-in page. */
export async function openDemo(page: Page, url: string) {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: 'Try the portal' })).toBeVisible();
}

/** An operator's choice on the sign-in page, whatever language the page is in. */
export function operatorRadio(page: Page, operator: string) {
  return page.locator(`input[type="radio"][name="demo-operator"][value="${operator}"]`);
}

/**
 * Signs in as a persona of an operator on the demo's sign-in page (in English: the test
 * locale en-GB is every operator's English), and waits for the signed-in shell.
 */
export async function signInDemo(page: Page, url: string, operator: string, persona: string) {
  await openDemo(page, url);
  await operatorRadio(page, operator).check();
  await expect(page.locator('html')).toHaveAttribute('data-operator', operator);
  await switchToEnglish(page, operator);
  await databaseReady(page);
  await personaButton(page, persona).click();
  await expect(page.getByRole('region', { name: 'Membership status' })).toBeVisible();
}

/**
 * Waits until the tab's database has started (the sign-in page's progress bar is gone): a
 * first visit takes a few seconds, longer while other tests share the machine's cores
 * (`npm run demo-start` measures it).
 */
export async function databaseReady(page: Page) {
  await expect(page.locator('progress')).toHaveCount(0, { timeout: 60_000 });
}

/**
 * Picks the operator's English in the language switcher (named in the page's language,
 * "Språk", "Kieli" …: the page's only select); it waits until the switcher is the operator's.
 */
export async function switchToEnglish(page: Page, operator: string) {
  await page.getByRole('combobox').selectOption(`en-${operator.toUpperCase()}`);
  await expect(page.locator('html')).toHaveAttribute('lang', `en-${operator.toUpperCase()}`);
}

const english = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../../packages/web/src/locales/en.json'), 'utf8'),
) as { demo: { personas: Record<string, { name: string; text: string }> } };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The persona's name on its button (en.json `demo.personas.*.name`). */
export function personaName(persona: string): string {
  const entry = english.demo.personas[persona];
  if (!entry) throw new Error(`no demo persona ${persona}`);
  return entry.name;
}

/**
 * A persona's button on the sign-in page: its name first and its text last (a name alone
 * is ambiguous: "Cancelled" begins "Cancelled in presale" and "Cancelled in trial").
 */
export function personaButton(page: Page, persona: string) {
  const text = english.demo.personas[persona]!.text;
  return page.getByRole('button', {
    name: new RegExp(`^${escapeRegExp(personaName(persona))}\\b.*${escapeRegExp(text)}$`),
  });
}
