import { describe, expect, it } from 'vitest';
import { memberMail, ownReturnAddress, spellForOperator } from '../src/index.ts';
import { getOperator } from '../src/operators/catalogue.ts';

describe('the card form’s return addresses', () => {
  const origins = new Set(['https://portal.example']);
  it('takes an absolute address on the portal’s own origin, normalised', () => {
    expect(ownReturnAddress('https://portal.example/payment/x?a=1', origins)).toBe(
      'https://portal.example/payment/x?a=1',
    );
    expect(ownReturnAddress('HTTPS://PORTAL.EXAMPLE/x', origins)).toBe('https://portal.example/x');
  });
  it('refuses another origin, a relative address, credentials and script addresses (no open redirect)', () => {
    expect(ownReturnAddress('https://evil.example/payment', origins)).toBeNull();
    expect(ownReturnAddress('/payment/payment-method-updated', origins)).toBeNull();
    expect(ownReturnAddress('https://user:pw@portal.example/x', origins)).toBeNull();
    expect(ownReturnAddress('javascript:alert(1)', origins)).toBeNull();
  });
});

describe('an e-mail to a member', () => {
  it('greets in the member’s language and signs with the brand', () => {
    expect(
      memberMail('Stride', { locale: 'fr-CH', firstName: 'Anouk' }, { subject: 'Sujet', body: 'Texte.' }),
    ).toEqual({
      subject: 'Stride: Sujet',
      text: 'Bonjour Anouk,\n\nTexte.\n\nStride',
    });
    // Norwegian: the comma between "Hei" and the name, none after it, and a capital letter after.
    expect(memberMail('X', { locale: 'nb-NO', firstName: 'Ola' }, { subject: 's', body: 'b' }).text).toBe(
      'Hei, Ola\n\nB\n\nX',
    );
  });
  it('is spelled the Swiss way for the Swiss operator when it leaves', () => {
    expect(spellForOperator(getOperator('ch'), 'Schließtage')).toBe('Schliesstage');
  });
});
