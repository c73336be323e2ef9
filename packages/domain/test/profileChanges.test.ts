import { describe, expect, it } from 'vitest';
import { getOperator, phoneCodeRequest, prefixList, profileRefused, profileUpdate } from '../src/index.ts';
import { thrown } from './support/decisions.ts';

// The profile calls' decisions that the server's profile service and the demo's handlers
// both write (ADR 028).

const member = {
  id: 'member-1',
  firstName: 'Anna',
  lastName: 'Berg',
  gender: 'female' as const,
  birthdate: '1990-04-01',
  email: 'anna@example.org',
  street: 'Hauptstraße 1',
  postalCode: '10115',
  postalLocation: 'Berlin',
  country: 'DE',
  mobilePrefix: '+49',
  mobileNumber: '15123456710',
  gdprOptIn: false,
  locale: 'en-GB',
};
const holder = (operator: 'de' | 'ch' = 'de', requirePhoneVerification = true) => ({
  member,
  product: { requirePhoneVerification },
  operator: getOperator(operator),
});
const request = (changes: { email?: string; number?: string } = {}) => ({
  email: changes.email ?? member.email,
  address: { street: member.street, postal_code: member.postalCode, postal_location: member.postalLocation },
  mobile: { prefix: '+49', number: changes.number ?? member.mobileNumber },
});

describe('the profile', () => {
  it('sends a code only where the mobile is the member’s to change and must be verified', async () => {
    const prefixes = await prefixList('de');
    const sent = phoneCodeRequest(holder(), prefixes, '+49 151 23456799');
    expect(sent.to).toBe('+4915123456799');
    expect(sent.event).toEqual({
      action: 'phone_verification_sent',
      details: { prefix: '+49', number_ending: '99' },
    });
    expect(
      thrown(() => phoneCodeRequest(holder('ch'), prefixes, '+4915123456799')).body.errors[0]?.type,
    ).toBe('phone_change_via_support');
    expect(
      thrown(() => phoneCodeRequest(holder('de', false), prefixes, '+4915123456799')).body.errors[0]?.type,
    ).toBe('phone_verification_not_required');
    expect(thrown(() => phoneCodeRequest(holder(), prefixes, '0151')).body.errors[0]).toMatchObject({
      type: 'invalid_request',
      context: { field: 'body.mobile' },
    });
  });

  it('saves the changed parts, and asks for the code first when the number changes', async () => {
    const prefixes = await prefixList('de');
    const same = profileUpdate(holder(), prefixes, request());
    expect(same.changed).toEqual([]);
    expect(same.verify).toBeNull();

    const email = profileUpdate(holder(), prefixes, request({ email: ' New@Example.org ' }));
    expect(email.after).toEqual({ ...member, email: 'new@example.org' });
    expect(email.event).toEqual({
      action: 'profile_updated',
      details: { changed: ['email'], mobile_verified: false },
    });

    const mobile = profileUpdate(holder(), prefixes, request({ number: '151 23456799' }));
    expect(mobile.verify).toBe('+4915123456799');
    expect(mobile.after.mobileNumber).toBe('15123456799');
    expect(mobile.event.details).toEqual({ changed: ['mobile'], mobile_verified: true });
    // Not verified where the product does not ask for it.
    expect(
      profileUpdate(holder('de', false), prefixes, request({ number: '15123456799' })).verify,
    ).toBeNull();
  });

  it('refuses a form the rules refuse (400 per field) and a new mobile where support changes it', async () => {
    const prefixes = await prefixList('ch');
    expect(
      thrown(() => profileUpdate(holder('ch'), prefixes, request({ email: 'not an address' }))).status,
    ).toBe(400);
    const support = thrown(() => profileUpdate(holder('ch'), prefixes, request({ number: '15123456799' })));
    expect(support.status).toBe(422);
    expect(support.body.errors[0]).toMatchObject({ type: 'phone_change_via_support' });
    expect(profileRefused({ type: 'verification_required' }, 'de').status).toBe(422);
  });
});
