import type { Language, Locale } from '@portal/contract';

/** The catalogue a locale uses: `de-AT` reads `de`, `nb-NO` reads `nb`. */
export function languageOf(locale: Locale | string): Language {
  const lang = locale.slice(0, 2);
  return lang === 'de' || lang === 'fr' || lang === 'nb' || lang === 'fi' ? lang : 'en';
}
