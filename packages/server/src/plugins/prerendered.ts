import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { BROWSER_KEYS, FORM_HOLD, type OperatorId, PRERENDER_STALE_ATTRIBUTE } from '@portal/contract';
import { acceptedLanguages, getOperator, offeredLocale } from '@portal/domain';
import { escapeHtml } from '../http/html.ts';

/**
 * The logged-out pages the web build rendered to HTML (packages/web/src/prerender.tsx,
 * ADR 035): sent inside #root so the page shows before its script has run, then hydrated.
 */
export interface PrerenderedPage {
  operator: string;
  locale: string;
  path: string;
  title: string;
  html: string;
}

/** The build's file of prerendered pages (packages/web/vite/prerender.ts). */
const FILE = '.prerendered.json';

/** The cookie in which the web app keeps the language a member picked (lib/i18n.ts). */
const LOCALE_COOKIE = new RegExp(
  `(?:^|;\\s*)${BROWSER_KEYS.localeCookie}=([A-Za-z]{2,3}-[A-Za-z]{2})(?:;|$)`,
);

/**
 * Runs before #root is parsed: a page the browser will not hydrate as sent (a member signed
 * in, arriving with a sign-in link, or who picked another language) stays hidden until the
 * app has rendered, instead of showing the sign-in form for a moment (global.css,
 * app/boot.tsx). And a form sent before the app has taken it over is held, not submitted as
 * plain HTML with its fields (a password) in the address; the app sends it then
 * (FORM_HOLD, web lib/heldSubmit.ts). Allowed by its hash in the CSP (plugins/security.ts).
 */
export const PRERENDER_SCRIPT =
  '(function(){try{var l=document.querySelector(\'meta[name="portal-prerendered"]\').content,' +
  `s=localStorage,c=s.getItem(${JSON.stringify(BROWSER_KEYS.localeStorage)});` +
  `if(s.getItem(${JSON.stringify(BROWSER_KEYS.tokenStorage)})||/[?&]access_token=/.test(location.search)||(c&&c!==l))` +
  `document.documentElement.setAttribute(${JSON.stringify(PRERENDER_STALE_ATTRIBUTE)},"")}catch(e){}` +
  `document.addEventListener("submit",function(e){var f=e.target;if(f.hasAttribute(${JSON.stringify(FORM_HOLD.attribute)})` +
  `&&!f.hasAttribute(${JSON.stringify(FORM_HOLD.hydrated)})){e.preventDefault();window[${JSON.stringify(FORM_HOLD.held)}]=f}},true)})()`;

export const PRERENDER_SCRIPT_HASH = `'sha256-${createHash('sha256').update(PRERENDER_SCRIPT).digest('base64')}'`;

type Pages = Map<string, PrerenderedPage>;
const key = (operator: string, locale: string, pathname: string) => `${operator} ${locale} ${pathname}`;

/** The build's prerendered pages, read again when the file changes; none without a build. */
export function prerenderedLoader(webDist: string) {
  const file = path.join(webDist, FILE);
  let cached: { mtimeMs: number; pages: Pages } | null = null;
  return async (): Promise<Pages> => {
    try {
      const info = await stat(file);
      if (!cached || cached.mtimeMs !== info.mtimeMs) {
        const { pages } = JSON.parse(await readFile(file, 'utf8')) as { pages: PrerenderedPage[] };
        cached = {
          mtimeMs: info.mtimeMs,
          pages: new Map(pages.map((page) => [key(page.operator, page.locale, page.path), page])),
        };
      }
      return cached.pages;
    } catch {
      return new Map();
    }
  };
}

/**
 * The page to send for an address, in the language the app will open in (lib/i18n.ts
 * `initialLocale`), so that it hydrates what was sent: the language the member picked in
 * this browser (its cookie) when the operator has it, else the first of the browser's
 * languages (`Accept-Language`, which the browser sends from the list the app reads as
 * `navigator.languages`) that the operator offers, else the operator's first language.
 */
export function prerenderedFor(
  pages: Pages,
  operator: OperatorId,
  pathname: string,
  cookie: string | undefined,
  acceptLanguage?: string,
): PrerenderedPage | undefined {
  const locales = getOperator(operator).locales as readonly string[];
  const picked = cookie?.match(LOCALE_COOKIE)?.[1];
  const locale =
    picked && locales.includes(picked)
      ? picked
      : (offeredLocale(locales, acceptedLanguages(acceptLanguage)) ?? locales[0]);
  return locale ? pages.get(key(operator, locale, pathname)) : undefined;
}

/** index.html with the page in #root, its language, its title and the script above. */
export function withPrerenderedPage(html: string, page: PrerenderedPage): string {
  const head = [
    `<meta name="portal-prerendered" content="${page.locale}">`,
    `<script>${PRERENDER_SCRIPT}</script>`,
  ].join('\n');
  return html
    .replace(/<html lang="[^"]*">/, `<html lang="${page.locale}">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>\n${head}`)
    .replace('<div id="root"></div>', `<div id="root" data-prerendered="${page.locale}">${page.html}</div>`);
}
