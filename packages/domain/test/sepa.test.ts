import { describe, expect, it } from 'vitest';
import {
  checkSepaIban,
  firstSepaDebitDay,
  isSepaText,
  maskIban,
  newMandateReference,
  nextBankDay,
  nextSepaDebit,
  operatorCatalogue,
  sepaAccountHolder,
  sepaMandateMail,
  sepaMandateText,
} from '../src/index.ts';

describe('SEPA direct debit rules', () => {
  it('offers direct debit in Germany and Austria, card everywhere', () => {
    const offered = Object.fromEntries(Object.values(operatorCatalogue).map((o) => [o.id, o.paymentMethods]));
    expect(offered).toEqual({
      de: ['sepa_direct_debit', 'card'],
      at: ['sepa_direct_debit', 'card'],
      ch: ['card'],
      no: ['card'],
      fi: ['card'],
    });
  });

  it('takes IBANs with spaces and lower case, checks length and mod-97, and the SEPA scheme', () => {
    expect(checkSepaIban('de89 3704 0044 0532 0130 00')).toEqual({
      ok: true,
      iban: 'DE89370400440532013000',
      country: 'DE',
    });
    expect(checkSepaIban('AT611904300234573201')).toMatchObject({ ok: true, country: 'AT' });
    expect(checkSepaIban('CH9300762011623852957')).toMatchObject({ ok: true, country: 'CH' });
    expect(checkSepaIban('DE89370400440532013001')).toEqual({ ok: false, reason: 'invalid' });
    expect(checkSepaIban('DE8937040044053201300')).toEqual({ ok: false, reason: 'invalid' });
    expect(checkSepaIban('')).toEqual({ ok: false, reason: 'invalid' });
    expect(checkSepaIban('TR330006100519786457841326')).toEqual({ ok: false, reason: 'not_sepa' });
  });

  it('masks an IBAN to country, check digits and the last four', () => {
    expect(maskIban('DE89370400440532013000')).toBe('DE89 •••• 3000');
    expect(maskIban('at61 1904 3002 3457 3201')).toBe('AT61 •••• 3201');
  });

  it('writes the account holder in the SEPA character set, 2 to 70 characters', () => {
    expect(sepaAccountHolder('  Jürgen   Müller ')).toBe('Juergen Mueller');
    expect(sepaAccountHolder('Zoë Ørsted-Großmann')).toBe('Zoe Oersted-Grossmann');
    expect(sepaAccountHolder('Renée Dupont & Fils')).toBe('Renee Dupont + Fils');
    expect(sepaAccountHolder('A')).toBeNull();
    expect(sepaAccountHolder('王小明')).toBeNull();
    expect(sepaAccountHolder('1234')).toBeNull();
    expect(sepaAccountHolder('A'.repeat(70))).toBe('A'.repeat(70));
    expect(sepaAccountHolder('A'.repeat(71))).toBeNull();
  });

  it('makes mandate references of at most 35 SEPA characters', () => {
    const reference = newMandateReference('de', '2026-11-22', new Uint8Array(12).fill(255));
    expect(reference).toMatch(/^DE-20261122-[A-Z2-9]{12}$/);
    expect(isSepaText(reference, 35)).toBe(true);
    expect(isSepaText('x'.repeat(36), 35)).toBe(false);
    expect(isSepaText('Müller', 35)).toBe(false);
  });

  it('announces the next debit five days ahead on a bank day', () => {
    // 2026-11-22 is a Sunday: five days on is Friday the 27th.
    expect(firstSepaDebitDay('2026-11-22')).toBe('2026-11-27');
    // Tuesday 2026-11-24 + 5 = Sunday the 29th: Monday the 30th.
    expect(firstSepaDebitDay('2026-11-24')).toBe('2026-11-30');
    expect(nextBankDay('2026-11-28')).toBe('2026-11-30');
    expect(nextSepaDebit('2026-11-22', [{ amount: 2990 }, { amount: 500 }], null)).toEqual({
      date: '2026-11-27',
      amount: 3490,
    });
    expect(nextSepaDebit('2026-11-22', [], { invoice_date: '2026-12-01', amount: 2990 })).toEqual({
      date: '2026-12-01',
      amount: 2990,
    });
    expect(nextSepaDebit('2026-11-29', [], { invoice_date: '2026-12-01', amount: 2990 })).toEqual({
      date: '2026-12-04',
      amount: 2990,
    });
    expect(nextSepaDebit('2026-11-22', [], null)).toBeNull();
  });

  it('words the mandate as the SEPA Core scheme does, in every language', () => {
    const parties = { creditorName: 'Stride Fitness Deutschland GmbH', creditorId: 'DE98ZZZ09999999999' };
    const eightWeeks = {
      de: 'acht Wochen',
      en: 'eight weeks',
      fr: 'huit semaines',
      nb: 'åtte uker',
      fi: 'kahdeksan viikon',
    };
    for (const [language, words] of Object.entries(eightWeeks)) {
      const text = sepaMandateText[language as keyof typeof sepaMandateText](parties).join('\n');
      expect(text).toContain(words);
      expect(text).toContain(parties.creditorId);
      expect(text.split(parties.creditorName).length).toBeGreaterThanOrEqual(3);
      const mail = sepaMandateMail[language as keyof typeof sepaMandateMail]({
        ...parties,
        reference: 'DE-20261122-ABCDEFGHJKLM',
        maskedIban: 'DE89 •••• 3000',
        accountHolder: 'Anna Beispiel',
        nextDebit: { date: '27.11.2026', amount: '29,90 €' },
      });
      expect(mail.body).toContain('DE-20261122-ABCDEFGHJKLM');
      expect(mail.body).toContain('DE89 •••• 3000');
      expect(mail.body).toContain('29,90 €');
      expect(mail.body).toContain('27.11.2026');
    }
  });
});
