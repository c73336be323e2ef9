import type { Language } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  lifecycleMailText,
  MAIL_GREETING,
  receiptMail,
  receiptTexts,
  resetMail,
  withdrawalMail,
} from '../src/index.ts';

// How the member e-mails speak (docs/glossary/): one greeting per language in every e-mail,
// each market's own terms in the cancellation receipt, the screen's words in the e-mails.

const LOCALES: Record<Language, string> = { en: 'en-DE', de: 'de-DE', fr: 'fr-CH', nb: 'nb-NO', fi: 'fi-FI' };
const member = (language: Language) => ({
  firstName: 'Kari',
  lastName: 'Nordmann',
  locale: LOCALES[language],
});

const receipt = (language: Language, kind: 'ordinary' | 'extraordinary' = 'ordinary') =>
  receiptMail(
    {
      language,
      locale: LOCALES[language],
      timezone: 'Europe/Berlin',
      receivedAt: new Date('2026-11-20T09:30:00Z'),
      reference: null,
    },
    {
      kind,
      reason: kind === 'extraordinary' ? 'Umzug' : null,
      first_name: 'Kari',
      last_name: 'Nordmann',
      membership_number: '100234',
      email: null,
      effective_date: null,
      confirmation_email: 'kari@example.com',
    },
    { kind: 'earliest' },
  );

describe('member e-mails', () => {
  it.each(Object.keys(LOCALES) as Language[])('%s: every e-mail opens with the one greeting', (language) => {
    const hello = `${MAIL_GREETING[language]('Kari')}\n\n`;
    const bodies = [
      lifecycleMailText(member(language), { kind: 'reactivated' }).body,
      lifecycleMailText(member(language), {
        kind: 'freeze_cancelled',
        begin_date: '2027-01-01',
        end_date: '2027-01-31',
      }).body,
      receipt(language).body,
      withdrawalMail({
        member: member(language),
        membershipNumber: '100234',
        timezone: 'Europe/Berlin',
        receivedAt: new Date('2026-11-20T09:30:00Z'),
        endedOn: '2026-11-20',
        daysUsed: 3,
      }).body,
      resetMail[language].body({ firstName: 'Kari', brand: 'Stride', link: 'https://x.example/r' }),
    ];
    for (const body of bodies) expect(body.startsWith(hello), body.slice(0, 40)).toBe(true);
  });

  it('writes the Norwegian greeting as Språkrådet does: "Hei, Kari", then a capital letter', () => {
    const { body } = lifecycleMailText(member('nb'), { kind: 'reactivated' });
    expect(body).toMatch(/^Hei, Kari\n\n\p{Lu}/u);
    expect(resetMail.nb.body({ firstName: 'Kari', brand: 'Stride', link: 'l' })).toMatch(
      /^Hei, Kari\n\n\p{Lu}/u,
    );
  });

  it('names the deletion of a planned freeze as the screen does, and an ended freeze apart', () => {
    const dates = { begin_date: '2027-01-01', end_date: '2027-01-31' };
    expect(lifecycleMailText(member('de'), { kind: 'freeze_cancelled', ...dates }).subject).toBe(
      'Ihre geplante Pause ist gelöscht',
    );
    expect(lifecycleMailText(member('de'), { kind: 'freeze_ended', ...dates }).subject).toBe(
      'Ihre Pause ist beendet',
    );
  });
});

describe('the cancellation receipt', () => {
  it('uses each market’s own terms, not calques of the German categories', () => {
    expect(receiptTexts.nb.kinds).toEqual({
      ordinary: 'oppsigelse med oppsigelsestid',
      extraordinary: expect.stringMatching(/^heving av avtalen/),
    });
    expect(receiptTexts.fi.kinds).toEqual({
      ordinary: 'irtisanominen irtisanomisajalla',
      extraordinary: 'sopimuksen purkaminen painavasta syystä',
    });
    for (const language of ['nb', 'fi'] as const) {
      const body = receipt(language, 'extraordinary').body;
      expect(body).not.toMatch(/ordinær|ekstraordinær|tavallinen irtisanominen|poikkeuksellinen/);
    }
  });

  it('says in German when the cancellation arrived and when it takes effect, in whole sentences', () => {
    const { body } = receipt('de');
    expect(body).toContain('Ihre Kündigung ist am 20. November 2026 um 10:30 Uhr bei uns eingegangen.');
    expect(body).toContain('- Wirksam: zum nächstmöglichen Zeitpunkt');
  });
});
