// The logged-out pages rendered to HTML at build time, per operator and language
// (vite/prerender.ts runs this module in Node after the client build). The server sends
// a page's HTML inside #root, and boot.tsx hydrates it (ADR 035, docs/performance.md).
import './lib/zodConfig.ts';
import type { Language, Locale, OperatorId } from '@portal/contract';
import { getOperator, languageOf, operatorIds } from '@portal/domain';
import i18next, { type i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { initReactI18next } from 'react-i18next';
import { App } from './app/App.tsx';
import { LOGGED_OUT_PAGES } from './app/LoggedOutApp.tsx';
import { addCatalogue, type Catalogue, I18N_OPTIONS } from './lib/i18n.ts';
import de from './locales/de.json';
import en from './locales/en.json';
import fi from './locales/fi.json';
import fr from './locales/fr.json';
import nb from './locales/nb.json';

const CATALOGUES: Record<Language, Catalogue> = { de, en, fi, fr, nb };

/** One prerendered page: what the server puts into index.html. */
export interface PrerenderedPage {
  operator: OperatorId;
  locale: Locale;
  path: string;
  title: string;
  html: string;
}

/**
 * The addresses prerendered: those whose page does not depend on the query (the password
 * update reads its token from there, and is rendered in the browser).
 */
export function prerenderedPaths(operator: OperatorId): string[] {
  const paths = ['/', '/password/reset', '/accessibility'];
  if (getOperator(operator).publicCancellation) paths.push('/cancel-contract');
  return paths;
}

async function html(element: ReactNode): Promise<string> {
  const { prelude } = await prerender(element);
  return new Response(prelude).text();
}

/** An i18next instance in one locale, set up as the app's (lib/i18n.ts). */
async function i18nFor(locale: Locale): Promise<I18n> {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ ...I18N_OPTIONS, lng: locale });
  addCatalogue(i18n, languageOf(locale), CATALOGUES[languageOf(locale)]);
  return i18n;
}

async function renderPage(operatorId: OperatorId, i18n: I18n, path: string): Promise<PrerenderedPage> {
  const operator = getOperator(operatorId);
  const t = i18n.getFixedT(i18n.language);
  const titleKey = LOGGED_OUT_PAGES[path]?.titleKey;
  if (!titleKey) throw new Error(`no title for ${path}`);
  return {
    operator: operatorId,
    locale: i18n.language,
    path,
    title: t('common.documentTitle', { page: t(titleKey), brand: operator.brand }),
    html: await html(<App operator={operator} i18n={i18n} path={path} />),
  };
}

/** Every logged-out page of every operator in each of its languages. */
export async function prerenderAll(): Promise<PrerenderedPage[]> {
  const pages: PrerenderedPage[] = [];
  for (const operator of operatorIds) {
    for (const locale of getOperator(operator).locales) {
      const i18n = await i18nFor(locale);
      for (const path of prerenderedPaths(operator)) pages.push(await renderPage(operator, i18n, path));
    }
  }
  return pages;
}
