import * as domain from '@portal/domain';
import { describe, expect, it } from 'vitest';
import de from '../locales/de.json';
import en from '../locales/en.json';
import fi from '../locales/fi.json';
import fr from '../locales/fr.json';
import nb from '../locales/nb.json';

/**
 * A price is stated, never judged (docs/glossary/en.md, "Register and style"): "only €49.00" or "a small
 * fee" tells the member what to think of an amount they may find high. A text that names an
 * amount (a placeholder or digits with a currency) or a fee must not carry one of these words.
 * Whole words, any inflection the language uses in our texts.
 */
const JUDGING: Record<string, RegExp> = {
  en: /\b(only|just|small|little|low|tiny|mere(ly)?|modest|cheap|affordable|minimal)\b/i,
  de: /\b(nur|bloß|lediglich|klein(e|en|er|es)?|gering(e|en|er|es)?|niedrig(e|en|er|es)?|günstig(e|en|er|es)?|minimal(e|en|er|es)?)\b/i,
  fr: /(?<![\p{L}])(seulement|uniquement|petit(e|s|es)?|faible(s)?|modique(s)?|minime(s)?|simplement)(?![\p{L}])/iu,
  nb: /(?<![\p{L}])(bare|kun|liten|lite|små|lav(e|t)?|billig(e|t)?|beskjed(en|ne|ent))(?![\p{L}])/iu,
  fi: /(?<![\p{L}])(vain|ainoastaan|pelkk\p{L}*|piene?\p{L}*|vähä(inen|isen|istä)|alhai\p{L}*|edullis\p{L}*)(?![\p{L}])/iu,
};

/** An amount: an interpolated one, or digits beside a currency. */
const AMOUNT =
  /\{\{\s*(fee|amount|price|total|balance|monthly\w*|\w*Fee|\w*Amount|\w*Price)\s*\}\}|\d\s*(€|kr\b|CHF)|(€|CHF|kr)\s*\d/i;

/** A fee or price named in words, with or without its amount. */
const FEE: Record<string, RegExp> = {
  en: /\b(fee|fees|price|charge|cost|costs)\b/i,
  de: /(gebühr|preis|beitrag|kosten)/i,
  fr: /(frais|prix|tarif|mensualité|cotisation)/i,
  nb: /(avgift|pris|kostnad|gebyr)/i,
  fi: /(maksu|hinta|hinnan|kustannu)/i,
};

type Tree = { [key: string]: string | Tree };

function* texts(tree: Tree, prefix = ''): Generator<[string, string]> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') yield [path, value];
    else yield* texts(value, path);
  }
}

export function judgedAmounts(lang: string, tree: Tree): string[] {
  const judging = JUDGING[lang]!;
  const fee = FEE[lang]!;
  return [...texts(tree)]
    .filter(([, text]) => (AMOUNT.test(text) || fee.test(text)) && judging.test(text))
    .map(([key, text]) => `${key}: ${text}`);
}

const catalogues: Record<string, Tree> = { en, de, fr, nb, fi };

describe('catalogue wording', () => {
  it.each(Object.keys(catalogues))('%s names prices without judging them', (lang) => {
    expect(judgedAmounts(lang, catalogues[lang]!)).toEqual([]);
  });

  it('recognises a judged amount in each language, and leaves a plain one alone', () => {
    const judged: Record<string, string> = {
      en: 'You pay only {{fee}} a month.',
      de: 'Sie zahlen nur 49,00 € pro Monat.',
      fr: 'Pour une petite mensualité.',
      nb: 'Mot en lav månedlig avgift.',
      fi: 'Pientä kuukausimaksua vastaan.',
    };
    for (const [lang, text] of Object.entries(judged)) {
      expect(judgedAmounts(lang, { text }), lang).toHaveLength(1);
      expect(judgedAmounts(lang, { text: 'You pay {{fee}} a month.' }), lang).toEqual([]);
    }
  });
});

describe('one name per action', () => {
  it.each(Object.keys(catalogues))('%s names each cancellation flow and each freeze removal once', (lang) => {
    const c = catalogues[lang] as Record<
      string,
      Record<string, Record<string, string> & Record<string, never>>
    >;
    const pages = c.pages as unknown as Record<string, string>;
    const text = (path: string) => path.split('.').reduce<unknown>((node, key) => (node as Tree)[key], c);
    // The signed-in cancellation: the overview's link and the page's title.
    expect(pages.cancellation).toBe(text('membership.cancel.link'));
    // Without sign-in: the footer's statutory wording, the public page and its title.
    expect(pages['cancel-contract']).toBe(text('footer.cancelContracts'));
    expect(pages['cancel-contract']).toBe(text('publicCancellation.title'));
    expect(pages.cancellation).not.toBe(pages['cancel-contract']);
    // Deleting a planned freeze and ending a running one: the freeze page's link, the title,
    // the heading (and the button, CancelFreezePage).
    expect([text('freeze.form.cancelScheduled'), text('cancelFreeze.title.scheduled')]).toEqual([
      pages.cancel_freeze,
      pages.cancel_freeze,
    ]);
    expect([text('freeze.form.endEarly'), text('cancelFreeze.title.current')]).toEqual([
      pages.cancel_freeze_current,
      pages.cancel_freeze_current,
    ]);
  });
});

/**
 * The server's texts (e-mails, SMS, invoices, refusals) live in the domain as tables per
 * language; every export keyed by the five languages is walked, its functions called with a
 * neutral stand-in for each value (a date, a code, an amount alike). A text is checked when it
 * names a fee or price in words or carries an amount written into it.
 */
describe('server text catalogues', () => {
  const AMOUNT_TEXT = '…';
  const stand: unknown = new Proxy(
    {},
    { get: (_target, key) => (key === Symbol.toPrimitive ? () => AMOUNT_TEXT : AMOUNT_TEXT) },
  );
  const LANGS = ['en', 'de', 'fr', 'nb', 'fi'] as const;

  function* serverTexts(node: unknown, depth = 0): Generator<string> {
    if (depth > 6) return;
    if (typeof node === 'string') yield node;
    else if (typeof node === 'function') {
      try {
        yield* serverTexts((node as (...a: unknown[]) => unknown)(stand, stand, stand, stand), depth + 1);
      } catch {
        // A function that needs real input (a list, a date) is not a text template.
      }
    } else if (Array.isArray(node)) for (const item of node) yield* serverTexts(item, depth + 1);
    else if (node && typeof node === 'object')
      for (const value of Object.values(node)) yield* serverTexts(value, depth + 1);
  }

  const tables = Object.entries(domain).filter(
    ([, value]) => value && typeof value === 'object' && LANGS.every((lang) => lang in (value as object)),
  );

  it('finds the domain’s text tables', () => {
    expect(tables.map(([name]) => name)).toEqual(expect.arrayContaining(['receiptTexts', 'MAIL_GREETING']));
    expect(tables.length).toBeGreaterThan(5);
  });

  it.each(LANGS)('%s: no price adjective beside an amount in the e-mails, SMS and invoices', (lang) => {
    const found: string[] = [];
    for (const [name, table] of tables) {
      let i = 0;
      for (const text of serverTexts((table as Record<string, unknown>)[lang]))
        found.push(...judgedAmounts(lang, { [`${name}.${i++}`]: text }));
    }
    expect(found).toEqual([]);
  });
});

/**
 * French sets a no-break space before « : » and a narrow one before « ; ? ! » (docs/glossary/fr.md),
 * so a line never starts with the sign. Web addresses and times are not punctuation.
 */
export function frenchSpacingFaults(texts: Iterable<string>): string[] {
  const faults: string[] = [];
  for (const text of texts) {
    const plain = text.replace(/\b(https?|mailto):/g, '').replace(/\d:\d/g, '');
    if (/ [:;?!]|[\p{L}\p{N}…)»’](?:[:;?!])/u.test(plain)) faults.push(text);
  }
  return faults;
}

describe('French punctuation', () => {
  it('has a no-break space before every colon, semicolon, question and exclamation mark in the web catalogue', () => {
    expect(frenchSpacingFaults([...texts(fr)].map(([, text]) => text))).toEqual([]);
  });

  it('and in the server’s French texts', () => {
    const stand: unknown = new Proxy(
      {},
      { get: (_t, key) => (key === Symbol.toPrimitive ? () => '…' : '…') },
    );
    const found: string[] = [];
    const walk = (node: unknown, depth = 0): void => {
      if (depth > 6) return;
      if (typeof node === 'string') found.push(node);
      else if (typeof node === 'function') {
        try {
          walk((node as (...a: unknown[]) => unknown)(stand, stand, stand, stand), depth + 1);
        } catch {
          // Needs real input: not a text template.
        }
      } else if (node && typeof node === 'object')
        for (const value of Object.values(node)) walk(value, depth + 1);
    };
    for (const table of Object.values(domain))
      if (table && typeof table === 'object' && 'fr' in table && 'nb' in table)
        walk((table as { fr: unknown }).fr);
    expect(found.length).toBeGreaterThan(50);
    expect(frenchSpacingFaults(found)).toEqual([]);
  });

  it('recognises a missing or ordinary space, and leaves addresses and times alone', () => {
    expect(frenchSpacingFaults(['Référence : 12', 'Prix: 12', 'Vraiment ?'])).toHaveLength(3);
    expect(
      frenchSpacingFaults(['Référence\u00a0: 12', 'Vraiment\u202f?', 'https://x.example', 'à 10:30']),
    ).toEqual([]);
  });
});
