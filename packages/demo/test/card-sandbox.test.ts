import { TEST_CARDS } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import {
  demoPortal,
  intoApp,
  registeredResult,
  signReturn,
  verifyReturn,
  withReturnParams,
} from '../src/cards/sandbox.ts';

// What the comparison with the server cannot show: the demo in a browser tab, whose
// app routes by hash under any base path, and the demo key's signature on its own.

const page = { origin: 'https://example.org', pathname: '/demo-base/', hash: '#/payment/credit-card' };
const request = new Request('https://example.org/api/v1/membership/verifone_url');

describe('the card pages in the app’s hash routing', () => {
  it('puts the card page and verifone’s return addresses into hash routes under the base path', () => {
    const { route, origins } = demoPortal(request, page);
    expect(route('/demo/card/verifone/c1')).toBe('https://example.org/demo-base/#/demo/card/verifone/c1');
    expect(origins.has('https://example.org')).toBe(true);
  });

  it('brings dibs’ path addresses (the web app’s own) into the hash routing, leaves others alone', () => {
    expect(intoApp('https://example.org/payment/payment-method-updated', page)).toBe(
      'https://example.org/demo-base/#/payment/payment-method-updated',
    );
    expect(intoApp('https://example.org/payment/credit-card?cancelled=1', page)).toBe(
      'https://example.org/demo-base/#/payment/credit-card?cancelled=1',
    );
    expect(intoApp('https://other.example/x', page)).toBe('https://other.example/x');
    expect(intoApp('https://example.org/payment', undefined)).toBe('https://example.org/payment');
  });

  it('adds the provider’s parameters to the hash route’s own query', () => {
    const address = 'https://example.org/demo-base/#/payment/credit-card?cancelled=1';
    expect(withReturnParams(address, { orderid: 'c1', MAC: 'ab' })).toBe(
      'https://example.org/demo-base/#/payment/credit-card?cancelled=1&orderid=c1&MAC=ab',
    );
    expect(withReturnParams('http://demo.localhost/payment/x', { a: '1' })).toBe(
      'http://demo.localhost/payment/x?a=1',
    );
  });
});

describe('the demo provider’s signature', () => {
  it('accepts its own return and refuses one altered on the way', async () => {
    const card = TEST_CARDS[0]!;
    const result = await registeredResult('verifone', 'c1', card, card.number, '2912');
    const params = await signReturn('verifone', result);
    await expect(verifyReturn('verifone', params)).resolves.toMatchObject({
      outcome: 'registered',
      checkoutId: 'c1',
      card: { brand: 'visa', details: '**** **** **** 1111', expire: '2912' },
    });
    await expect(verifyReturn('verifone', { ...params, card_last4: '4242' })).rejects.toThrow('signature');
    await expect(verifyReturn('dibs', params)).rejects.toThrow('signature');
  });
});
