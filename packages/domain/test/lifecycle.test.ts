import { describe, expect, it } from 'vitest';
import {
  brandedMail,
  declarationIdentityKey,
  declarationReference,
  freezeMonthsToBill,
  lifecycleMailText,
  ruleErrorItem,
  scheduledInvoiceNumber,
  withdrawalMail,
} from '../src/index.ts';

describe('lifecycle rules and texts shared by the server and the demo', () => {
  it('bills every frozen month not billed yet, on its first day', () => {
    expect(freezeMonthsToBill('2027-01-01', '2027-03-31', '2026-11-21')).toEqual([
      '2027-01-01',
      '2027-02-01',
      '2027-03-01',
    ]);
    // A changed freeze under way: the months up to today stay billed.
    expect(freezeMonthsToBill('2026-11-01', '2027-01-31', '2026-11-22')).toEqual([
      '2026-12-01',
      '2027-01-01',
    ]);
  });

  it('makes references readable on the phone and invoice numbers from the id', () => {
    const reference = declarationReference('de', new Uint8Array([0, 1, 18, 21, 24, 27, 31, 63]));
    expect(reference).toBe('DE-01JN-RVZZ');
    expect(reference).not.toMatch(/[ILOU]/);
    expect(scheduledInvoiceNumber('fi', '2027-01-01', '1a2b3c4d-0000-4000-8000-000000000000')).toBe(
      'FI-2027-1A2B3C4D',
    );
  });

  it('keys an identity by its normalised name and number, or its e-mail', () => {
    const person = { first_name: ' Jürgen ', last_name: 'MÜLLER', membership_number: null, email: 'j@x.org' };
    expect(declarationIdentityKey('de', person)).toBe(
      declarationIdentityKey('de', { ...person, first_name: 'jürgen', last_name: 'Müller' }),
    );
    expect(declarationIdentityKey('de', { ...person, membership_number: '1000101' })).toMatch(/\|n:/);
  });

  it('writes the lifecycle mail in the member’s language, with the brand around it', () => {
    const text = lifecycleMailText(
      { firstName: 'Camille', locale: 'fr-CH' },
      { kind: 'freeze_created', begin_date: '2027-01-01', end_date: '2027-01-31' },
    );
    expect(text.body).toMatch(/^Bonjour Camille,\n\nvotre abonnement est suspendu du 1er\u00a0janvier 2027/);
    expect(brandedMail('Urban Gym', text)).toEqual({
      subject: 'Urban Gym: Votre suspension est enregistrée',
      text: `${text.body}\n\nUrban Gym`,
    });
  });

  it('gives refusals their message and context, and the withdrawal receipt its refund line', () => {
    expect(
      ruleErrorItem({ type: 'withdrawal_period_over', context: { last_day: '2026-11-15' } }, 'en'),
    ).toEqual({
      type: 'withdrawal_period_over',
      message: 'The withdrawal period ended on 2026-11-15.',
      context: { last_day: '2026-11-15' },
    });
    const receipt = withdrawalMail({
      member: { firstName: 'Aino', lastName: 'Virtanen', locale: 'fi-FI' },
      membershipNumber: '5000116',
      timezone: 'Europe/Helsinki',
      receivedAt: new Date('2026-11-22T10:00:00Z'),
      endedOn: '2026-11-22',
      daysUsed: 0,
    });
    expect(receipt.subject).toBe('Vahvistus sopimuksen peruuttamisesta');
    expect(receipt.body).toContain('klo 12.00');
    expect(receipt.body).toContain('palautamme kaiken maksamasi');
  });
});
