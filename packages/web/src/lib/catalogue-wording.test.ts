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
