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

/**
 * The language ranges of an `Accept-Language` header (or `navigator.languages`), most
 * wanted first: by q-value, ties in the order given; `q=0` and `*` dropped.
 */
export function acceptedLanguages(header: string | readonly string[] | null | undefined): string[] {
  if (!header) return [];
  const items = typeof header === 'string' ? header.split(',') : header;
  return items
    .map((item, index) => {
      const [range = '', ...params] = item.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { range: range.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((item) => item.range !== '' && item.range !== '*' && item.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((item) => item.range);
}

/** Norwegian without a written standard (`no`) and Nynorsk readers get bokmål, the portal's Norwegian. */
const LANGUAGE_ALIASES: Readonly<Record<string, string>> = { no: 'nb', nn: 'nb' };

/**
 * The first of `wanted` (language ranges, most wanted first) that `offered` has: the locale
 * itself (`fr-CH`), else the first offered locale of its language (`fr`, `fr-FR` → `fr-CH`;
 * `no` → `nb-NO`). Null when none matches. The one rule for the member's language, on the
 * server (a request's `Accept-Language`) and in the browser (`navigator.languages`):
 * docs/architecture.md, "The member's language".
 */
export function offeredLocale(offered: readonly string[], wanted: readonly string[]): Locale | null {
  for (const range of wanted) {
    const lower = range.toLowerCase();
    const exact = offered.find((locale) => locale.toLowerCase() === lower);
    if (exact) return exact;
    const language = lower.split('-')[0] ?? '';
    const base = LANGUAGE_ALIASES[language] ?? language;
    const same = offered.find((locale) => locale.slice(0, 2).toLowerCase() === base);
    if (same) return same;
  }
  return null;
}

/**
 * The locale a text is written in for a member: the request's language (its
 * `Accept-Language`, the first the operator offers), else the member's stored locale when the
 * operator offers it, else the operator's first.
 */
export function memberTextLocale(
  operator: { readonly locales: readonly string[] },
  acceptLanguage: string | readonly string[] | null | undefined,
  stored: string | null | undefined,
): Locale {
  return (
    offeredLocale(operator.locales, acceptedLanguages(acceptLanguage)) ??
    (stored && operator.locales.includes(stored) ? stored : (operator.locales[0] ?? 'en-DE'))
  );
}
