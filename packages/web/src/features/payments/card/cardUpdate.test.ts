import { CARD_ALREADY_EXISTS_MESSAGE, CARD_REGISTERED_MESSAGE } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { ErrorResponse, NetworkError } from '../../../lib/api.ts';
import { providerParams, registrationResult, storedResult } from './cardUpdate.ts';

const refused = (type: string, message?: string) =>
  new ErrorResponse(
    422,
    { status: 422, errors: [{ type, ...(message ? { message } : {}) }] },
    'POST',
    '/api/x',
  );

describe('provider parameters', () => {
  it('are every query parameter, decoded, or null without any', () => {
    expect(providerParams('?a=1&sig=x%2By')).toEqual({ a: '1', sig: 'x+y' });
    expect(providerParams('')).toBeNull();
    expect(providerParams('?')).toBeNull();
  });
});

describe('card update outcome', () => {
  it('is success for an OK answer, exists when the message or the outcome says so', () => {
    expect(registrationResult({ message: CARD_REGISTERED_MESSAGE }, null).outcome).toBe('success');
    expect(registrationResult({ message: CARD_ALREADY_EXISTS_MESSAGE }, null).outcome).toBe('exists');
    expect(registrationResult({ message: 'whatever', outcome: 'exists' }, null).outcome).toBe('exists');
  });

  it('keeps the retried invoices', () => {
    const retried = [{ id: 'a', invoice_number: 'N-1', status: 'charged' as const }];
    expect(registrationResult({ message: 'ok', retried_invoices: retried }, null).retried).toEqual(retried);
  });

  it('is error for any non-OK answer, except one that says the card already exists', () => {
    expect(registrationResult(undefined, refused('card_declined'))).toEqual({
      outcome: 'error',
      retried: [],
      errorType: 'card_declined',
    });
    expect(registrationResult(undefined, new NetworkError('POST', '/x', null)).outcome).toBe('error');
    expect(
      registrationResult(undefined, refused('rule_violation', CARD_ALREADY_EXISTS_MESSAGE)).outcome,
    ).toBe('exists');
  });

  it('is read back from the history state only when it is well-formed', () => {
    const result = { outcome: 'success', retried: [], errorType: null };
    expect(storedResult({ cardUpdate: result })).toEqual(result);
    expect(storedResult(null)).toBeNull();
    expect(storedResult({ cardUpdate: { outcome: 'success' } })).toBeNull();
  });
});
