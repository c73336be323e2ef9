import { BROWSER_KEYS, type Language, type Locale } from '@portal/contract';
import {
  austrianGerman,
  languageOf,
  type OperatorSettings,
  offeredLocale,
  swissGerman,
} from '@portal/domain';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage.ts';

export type Catalogue = { [key: string]: string | Catalogue };

type Loaders = Record<Language, () => Promise<{ default: Catalogue }>>;

/**
 * Each catalogue is its own chunk; only the one in use is downloaded. The signed-in app's
 * part leaves out the sections only later pages use (vite/catalogue-parts.ts LATER_SECTIONS).
 */
const loaders: Loaders = {
  en: () => import('../locales/en.json?app'),
  de: () => import('../locales/de.json?app'),
  fr: () => import('../locales/fr.json?app'),
  nb: () => import('../locales/nb.json?app'),
  fi: () => import('../locales/fi.json?app'),
};

/** Those sections, loaded with the first page that is not home (`loadLaterTexts`). */
const laterLoaders: Loaders = {
  en: () => import('../locales/en.json?later'),
  de: () => import('../locales/de.json?later'),
  fr: () => import('../locales/fr.json?later'),
  nb: () => import('../locales/nb.json?later'),
  fi: () => import('../locales/fi.json?later'),
};
/** Languages whose later sections are in; once asked for, a language change brings them too. */
const laterLoaded = new Set<Language>();
let laterWanted = false;

/** The signed-out sections only (vite/catalogue-parts.ts): what the login page needs. */
const publicLoaders: Loaders = {
  en: () => import('../locales/en.json?public'),
  de: () => import('../locales/de.json?public'),
  fr: () => import('../locales/fr.json?public'),
  nb: () => import('../locales/nb.json?public'),
  fi: () => import('../locales/fi.json?public'),
};

/** Which part of the catalogues the app needs now; it only grows (signing in). */
export type CataloguePart = 'public' | 'full';
let part: CataloguePart = 'full';
const loaded = new Map<Language, CataloguePart>();

/** Every language named in its own language, as the switcher shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  nb: 'Norsk bokmål',
  fi: 'Suomi',
};

export const i18n: I18n = i18next.createInstance();

/** A catalogue with every text passed through `spell` (keys and structure kept). */
export function respell(catalogue: Catalogue, spell: (text: string) => string): Catalogue {
  return Object.fromEntries(
    Object.entries(catalogue).map(([key, value]) => [
      key,
      typeof value === 'string' ? spell(value) : respell(value, spell),
    ]),
  );
}

/**
 * Regional spellings derived from a catalogue at load: `de-CH` is `de` with "ss" for "ß"
 * and «» for „“ (domain `swissGerman`), `de-AT` is `de` in Austria's words ("Handynummer",
 * domain `austrianGerman`). i18next looks a key up in `de-CH` or `de-AT` before `de`, so a
 * Swiss page never shows the "ß" of the German catalogue.
 */
const REGIONAL_SPELLINGS: Partial<Record<Language, Record<string, (text: string) => string>>> = {
  de: { 'de-CH': swissGerman, 'de-LI': swissGerman, 'de-AT': austrianGerman },
};

/** Adds a language's catalogue to an instance, with the regional spellings derived from it. */
export function addCatalogue(instance: I18n, language: Language, catalogue: Catalogue): void {
  instance.addResourceBundle(language, 'translation', catalogue, true, true);
  for (const [locale, spell] of Object.entries(REGIONAL_SPELLINGS[language] ?? {})) {
    instance.addResourceBundle(locale, 'translation', respell(catalogue, spell), true, true);
  }
}

/** How every i18next instance of the portal is set up (the app's, the prerendering's). */
export const I18N_OPTIONS = {
  fallbackLng: false,
  resources: {},
  partialBundledLanguages: true,
  interpolation: { escapeValue: false },
  returnEmptyString: false,
  // i18next otherwise advertises its makers' product in every member's browser console.
  showSupportNotice: false,
} as const;

async function ensureCatalogue(language: Language): Promise<void> {
  const has = loaded.get(language);
  if (has === 'full' || has === part) return;
  const catalogue = await (part === 'full' ? loaders : publicLoaders)[language]();
  addCatalogue(i18n, language, catalogue.default);
  if (loaded.get(language) !== 'full') loaded.set(language, part);
}

async function ensureLater(language: Language): Promise<void> {
  if (laterLoaded.has(language)) return;
  const catalogue = await laterLoaders[language]();
  addCatalogue(i18n, language, catalogue.default);
  laterLoaded.add(language);
}

/**
 * The sections of the catalogue that only pages other than home use (the accessibility
 * statement, the cancellation form's, the bank account's, the wallet's), in the language in
 * use and from then on in every language switched to. Lazy pages wait for it with their chunk.
 */
export async function loadLaterTexts(): Promise<void> {
  laterWanted = true;
  if (i18n.isInitialized) await ensureLater(languageOf(i18n.language));
}

/**
 * The whole catalogue of the language in use, before the signed-in app or the public
 * cancellation form shows (the login page loads its own sections only).
 */
export async function loadFullCatalogue(): Promise<void> {
  part = 'full';
  if (i18n.isInitialized) await ensureCatalogue(languageOf(i18n.language));
}

/**
 * The language the portal opens in: the choice stored in this browser when the operator
 * offers it, else the browser's (`browserLocale`). The server picks the prerendered page by
 * the same rule from `Accept-Language` (docs/architecture.md, "The member's language").
 */
export function initialLocale(operator: OperatorSettings, signedIn = false): Locale {
  const stored = readStorage(STORAGE_KEYS.locale);
  if (stored && operator.locales.includes(stored)) return stored;
  // Signed in, the member's own language as last seen here: the page opens in it instead of
  // switching to it once the membership is in (`memberLocale.ts`).
  const member = signedIn ? readStorage(STORAGE_KEYS.memberLocale) : null;
  if (member && operator.locales.includes(member)) return member;
  return browserLocale(operator);
}

/** The first of the browser's languages the operator offers (domain `offeredLocale`), else its default. */
export function browserLocale(operator: OperatorSettings): Locale {
  const languages = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return offeredLocale(operator.locales, languages) ?? operator.locales[0] ?? 'en-DE';
}

/**
 * The language in use when the member picked it in this browser, else null: only a choice
 * is sent as GET /v2/membership's `locale`, which the server stores as the member's.
 */
export function chosenLocale(locale: Locale): Locale | null {
  return readStorage(STORAGE_KEYS.locale) === locale ? locale : null;
}

/** The language in use, sent as every call's `Accept-Language` (lib/api.ts). */
export function currentLocale(): string | undefined {
  return i18n.isInitialized ? i18n.language : undefined;
}

/** True when the member picked a language in this browser (it then wins over their stored one). */
export function hasChosenLocale(operator: OperatorSettings): boolean {
  const stored = readStorage(STORAGE_KEYS.locale);
  return stored !== null && operator.locales.includes(stored);
}

/** `catalogue: 'public'` loads the signed-out sections only (the login page). */
export async function initI18n(
  locale: Locale,
  instance: I18n = i18n,
  catalogue: CataloguePart = 'full',
): Promise<I18n> {
  part = catalogue;
  if (!instance.isInitialized) {
    await instance.use(initReactI18next).init({ ...I18N_OPTIONS, lng: locale });
  }
  await ensureCatalogue(languageOf(locale));
  if (laterWanted) await ensureLater(languageOf(locale));
  await instance.changeLanguage(locale);
  document.documentElement.lang = locale;
  return instance;
}

/** Switches the language; `persist` records it as the member's choice in this browser. */
export async function changeLocale(locale: Locale, persist = true): Promise<void> {
  await ensureCatalogue(languageOf(locale));
  if (laterWanted) await ensureLater(languageOf(locale));
  // Recorded before the switch: the membership loads again as the language changes, and
  // sends it as the member's choice only when it is stored as one (`chosenLocale`).
  if (persist) {
    writeStorage(STORAGE_KEYS.locale, locale);
    rememberLocaleForServer(locale);
  }
  await i18n.changeLanguage(locale);
  document.documentElement.lang = locale;
}

/**
 * The choice in a cookie as well, so that the server sends the logged-out pages prerendered
 * in this language (ADR 035). Not the demo's: it has no server, and its choice is per tab.
 */
function rememberLocaleForServer(locale: Locale): void {
  if (import.meta.env.MODE === 'demo') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is newer than browsers members still use.
  document.cookie = `${BROWSER_KEYS.localeCookie}=${encodeURIComponent(locale)}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

/** The current locale, e.g. `en-DE`; part of the membership query key. */
export function useLocale(): Locale {
  const { i18n: instance } = useTranslation();
  return instance.language;
}
