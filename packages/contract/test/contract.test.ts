import { describe, expect, it } from 'vitest';
import {
  AuthenticateRequest,
  endpoints,
  ErrorBody,
  FreezePeriodRequest,
  PASSWORD_INPUT_MAX,
  ProfileUpdateRequest,
  UpdatePasswordRequest,
  VerifoneCreditCardRequest,
} from '../src/index.ts';

describe('requests', () => {
  it('accepts the sign-in payload and refuses unknown operators and fields', () => {
    expect(
      AuthenticateRequest.safeParse({ username: 'a@b.example', password: 'demo', operator_id: 'no' }).success,
    ).toBe(true);
    expect(AuthenticateRequest.safeParse({ username: 'a', password: 'x', operator_id: 'se' }).success).toBe(
      false,
    );
    expect(
      AuthenticateRequest.safeParse({ username: 'a', password: 'x', operator_id: 'de', admin: true }).success,
    ).toBe(false);
    expect(AuthenticateRequest.safeParse({ username: '  ', password: 'x', operator_id: 'de' }).success).toBe(
      false,
    );
  });

  it('takes any new password up to the input limit: its length rule answers 422, not the schema (ADR 031)', () => {
    const body = (password: string) => ({ operator_id: 'de', token: 't', password });
    expect(UpdatePasswordRequest.safeParse(body('')).success).toBe(false);
    expect(UpdatePasswordRequest.safeParse(body('ab')).success).toBe(true);
    expect(UpdatePasswordRequest.safeParse(body('x'.repeat(PASSWORD_INPUT_MAX))).success).toBe(true);
    expect(UpdatePasswordRequest.safeParse(body('x'.repeat(PASSWORD_INPUT_MAX + 1))).success).toBe(false);
  });

  it('wraps freeze dates in freeze_period and refuses impossible dates', () => {
    const ok = { freeze_period: { begin_date: '2026-12-01', end_date: '2026-12-31' } };
    expect(FreezePeriodRequest.safeParse(ok).success).toBe(true);
    expect(FreezePeriodRequest.safeParse({ begin_date: '2026-12-01', end_date: '2026-12-31' }).success).toBe(
      false,
    );
    expect(
      FreezePeriodRequest.safeParse({ freeze_period: { begin_date: '2026-02-30', end_date: '2026-12-31' } })
        .success,
    ).toBe(false);
  });

  it('lowercases the e-mail of a profile update and refuses names and birthdate', () => {
    const body = {
      email: 'Anna.Berg@Example.COM',
      address: { street: 'Storgata 1', postal_code: '0155', postal_location: 'Oslo' },
      mobile: { prefix: '+47', number: '912 34 567' },
    };
    const parsed = ProfileUpdateRequest.parse(body);
    expect(parsed.email).toBe('anna.berg@example.com');
    expect(ProfileUpdateRequest.safeParse({ ...body, first_name: 'Anna' }).success).toBe(false);
  });

  it('passes through every parameter the card provider returned', () => {
    const parsed = VerifoneCreditCardRequest.parse({
      location_id: 'l1',
      transaction_id: 't-1',
      checkout_id: 'c',
    });
    expect(parsed).toMatchObject({ transaction_id: 't-1', checkout_id: 'c' });
  });
});

describe('error body', () => {
  it('has the documented shape', () => {
    const body = {
      status: 422,
      errors: [
        {
          type: 'max_freeze_months_reached',
          message: 'Maximum reached',
          context: { max_months: 3, used_months: 3 },
        },
      ],
    };
    expect(ErrorBody.parse(body)).toEqual(body);
    expect(ErrorBody.safeParse({ errors: [] }).success).toBe(false);
  });
});

describe('endpoints', () => {
  it('lists every call once, by method and path', () => {
    const keys = Object.values(endpoints).map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const call of [
      'POST /auth/authenticate',
      'POST /auth/reset',
      'POST /auth/update',
      'GET /v2/membership',
      'GET /v1/current_referral',
      'GET /v1/membership/invoices',
      'GET /v1/membership/invoices/:id',
      'GET /v1/membership/invoices/next',
      'GET /v1/membership/invoices/refundable',
      'POST /v1/membership/invoices/:id/refund',
      'POST /v1/membership/invoices/:id/manual_refund',
      'GET /v2/workouts',
      'GET /v1/membership/policies/freeze',
      'POST /v1/membership/freeze_periods',
      'PATCH /v1/membership/freeze_periods/:id',
      'DELETE /v1/membership/freeze_periods/:id',
      'GET /v1/membership/policies/cancellation',
      'POST /v1/membership/cancellations',
      'DELETE /v1/membership/cancellations',
      'PUT /v1/membership/rfids',
      'DELETE /v1/membership/rfids',
      'PUT /v1/membership/gdpr',
      'POST /v1/membership/event',
      'PATCH /v1/membership/profile',
      'GET /v1/membership/locations',
      'POST /v1/membership/update-location',
      'GET /v1/prefix/list',
      'POST /v1/membership/phone_verify',
      'GET /v1/membership/dibs_url',
      'GET /v1/membership/verifone_url',
      'POST /v1/membership/verifone_credit_card',
    ]) {
      expect(keys).toContain(call);
    }
  });
});
