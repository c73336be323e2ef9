import { expect, test } from '@playwright/test';
import { catalogue, expectNoAxeViolations, origin, useLocale } from './support.ts';

// Each operator's accessibility statement names its own market's law and the body a member
// turns to (docs/operators.md, "Accessibility statement"), in the operator's main language,
// and no other market's law.

const MARKETS = [
  { operator: 'de', locale: 'de-DE', country: 'DE', law: 'BFSG', body: 'MLBF' },
  { operator: 'at', locale: 'de-AT', country: 'AT', law: 'BaFG', body: 'Sozialministeriumservice' },
  { operator: 'ch', locale: 'fr-CH', country: 'CH', law: 'LHand', body: 'tribunal civil' },
  {
    operator: 'no',
    locale: 'nb-NO',
    country: 'NO',
    law: 'likestillings- og diskrimineringsloven',
    body: 'Uu-tilsynet',
  },
  {
    operator: 'fi',
    locale: 'fi-FI',
    country: 'FI',
    law: 'digitaalisten palvelujen tarjoamisesta',
    body: 'Traficom',
  },
] as const;

const LAWS = ['BFSG', 'BaFG', 'BehiG', 'LHand', 'likestillings- og', 'digitaalisten palvelujen'];

test.use({ bypassCSP: true, viewport: { width: 1280, height: 800 } });

for (const { operator, locale, country, law, body } of MARKETS) {
  test(`the ${operator} statement names its own law (${law}) and body`, async ({ page }) => {
    const texts = catalogue(locale.slice(0, 2) as 'de' | 'fr' | 'nb' | 'fi');
    await useLocale(page, operator, locale);
    await page.goto(`${origin(operator)}/accessibility`);
    await expect(page.getByRole('heading', { level: 1, name: texts.accessibility.title })).toBeVisible();
    const main = page.getByRole('main');
    // Soft hyphens break long German words on narrow screens; the words are compared without.
    const text = ((await main.textContent()) ?? '').replaceAll('\u00ad', '');
    expect(text).toContain(law);
    expect(text).toContain(body);
    expect(text).toContain(
      (texts.accessibility.standard.law as Record<string, string>)[country]!.replaceAll('\u00ad', ''),
    );
    expect(text).toContain((texts.accessibility.enforcement.body as Record<string, string>)[country]!);
    // No other market's law.
    for (const other of LAWS.filter((name) => !law.includes(name) && !name.includes(law))) {
      expect(text, `${operator} names ${other}`).not.toContain(other);
    }
    await expectNoAxeViolations(page);
  });
}
