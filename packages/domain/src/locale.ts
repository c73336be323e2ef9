import type { ErrorBody, Language, Locale } from '@portal/contract';

/** The catalogue a locale uses: `de-AT` reads `de`, `nb-NO` reads `nb`. */
export function languageOf(locale: Locale | string): Language {
  const lang = locale.slice(0, 2);
  return lang === 'de' || lang === 'fr' || lang === 'nb' || lang === 'fi' ? lang : 'en';
}

/**
 * Swiss Standard German has no "ß": it writes "ss" (Strasse, schliessen, Grüsse). German
 * in Switzerland (and Liechtenstein) follows that rule on every text of the portal.
 */
export function writesSwissSpelling(locale: Locale | string): boolean {
  return /^de-(CH|LI)$/.test(locale);
}

/** A German text in Swiss spelling: "ß" → "ss", "ẞ" → "SS". */
export function swissSpelling(text: string): string {
  return text.replaceAll('ß', 'ss').replaceAll('ẞ', 'SS');
}

/** A German text as written in Switzerland: Swiss spelling and «guillemets» for „quotes“. */
export function swissGerman(text: string): string {
  return swissSpelling(text).replaceAll('„', '«').replaceAll('“', '»');
}

/**
 * Austrian German keeps the German spelling but says some things its own way; the portal's
 * German catalogue names them once and Austria reads them in its words (ADR 016): a mobile
 * number is a "Handynummer".
 */
const AUSTRIAN_WORDS: readonly [RegExp, string][] = [[/Mobilnummer/g, 'Handynummer']];

export function writesAustrianGerman(locale: Locale | string): boolean {
  return locale === 'de-AT';
}

/** A German text in the words Austria uses. */
export function austrianGerman(text: string): string {
  return AUSTRIAN_WORDS.reduce((result, [word, austrian]) => result.replace(word, austrian), text);
}

/** A text of `locale`'s catalogue as `locale` writes it; the one place the regional rules are applied. */
export function spellFor(locale: Locale | string, text: string): string {
  if (writesSwissSpelling(locale)) return swissGerman(text);
  return writesAustrianGerman(locale) ? austrianGerman(text) : text;
}

/**
 * A text an operator sends where the reader's locale is not at hand (a stored e-mail or
 * SMS, an error body): an operator whose German is Swiss writes "ss" in all of them; its
 * French, Italian or English texts hold no "ß" to change.
 */
export function spellForOperator(operator: { readonly locales: readonly string[] }, text: string): string {
  if (operator.locales.some(writesSwissSpelling)) return swissSpelling(text);
  return operator.locales.some(writesAustrianGerman) ? austrianGerman(text) : text;
}

/**
 * An error body's messages in the operator's spelling: one place for every area's texts
 * (the server's endpoint answers, which every host gives alike).
 */
export function spellErrorBody(
  operator: { readonly locales: readonly string[] },
  body: ErrorBody,
): ErrorBody {
  return {
    ...body,
    errors: body.errors.map((item) =>
      item.message === undefined ? item : { ...item, message: spellForOperator(operator, item.message) },
    ),
  };
}
