import { ErrorBody, Membership, type OperatorId, ReferralPromotion } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Persona } from '@portal/demo-data';
import { bearer, databases, startApp, type TestApp } from './support/harness.ts';

describe.each(databases())('referral on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(() => t?.close());

  const get = async (url: string, persona: Persona, op: OperatorId) =>
    t.app.inject({ method: 'GET', url, headers: bearer(await t.signIn(persona, op)) });
  const referralOf = async (persona: Persona, op: OperatorId, locale = '') =>
    Membership.parse((await get(`/api/v2/membership${locale}`, persona, op)).json()).referral;
  const expectNoOffer = (res: { statusCode: number; json(): unknown }) => {
    expect(res.statusCode).toBe(404);
    expect(ErrorBody.parse(res.json()).errors[0]?.type).toBe('not_found');
  };

  it("answers Germany's free month per new member and Norway's two months at half price", async () => {
    const de = await get('/api/v1/current_referral', 'active', 'de');
    expect(ReferralPromotion.parse(de.json())).toEqual({
      name: 'Freunde werben Freunde',
      promotion_type: 'free_month_per_new_member',
      referrer_discount_months: 1,
      referrer_discount_percentage: 100,
      referrer_pt_hours: 0,
      signup_fee: 0,
      status: 'active',
    });
    const no = await get('/api/v1/current_referral', 'active', 'no');
    expect(ReferralPromotion.parse(no.json())).toMatchObject({
      promotion_type: 'two_months_half_price',
      referrer_discount_months: 2,
      referrer_discount_percentage: 50,
    });
  });

  it('answers 404 with the error body where the operator has no promotion', async () => {
    for (const op of ['at', 'ch', 'fi'] as const) {
      expectNoOffer(await get('/api/v1/current_referral', 'active', op));
      expect(await referralOf('active', op)).toBeNull();
    }
  });

  it('answers 404 for the statuses without referral, and the offer to the others', async () => {
    for (const persona of [
      'in_trial',
      'presale',
      'cancelled',
      'cancelled_in_presale',
      'cancelled_in_trial',
      'stopped',
    ] as const) {
      expectNoOffer(await get('/api/v1/current_referral', persona, 'no'));
      expect(await referralOf(persona, 'no'), persona).toBeNull();
    }
    for (const persona of ['in_freeze', 'in_cancellation', 'scheduled_freeze', 'unpaid'] as const) {
      expect((await get('/api/v1/current_referral', persona, 'no')).statusCode, persona).toBe(200);
      expect(await referralOf(persona, 'no'), persona).not.toBeNull();
    }
  });

  it("gives the membership's referral terms with the presentation in the member's language, newlines kept", async () => {
    expect(await referralOf('active', 'no')).toEqual({
      name: 'Verv en venn',
      discount_months: 2,
      discount_percentage: 50,
      pt_hours: 0,
      presentation:
        'Del vervekoden din med venner.\nNår en venn blir medlem, får du 2 måneder til halv pris.',
    });
    // The German member reads German (docs/operators.md), and English when asking for it.
    expect((await referralOf('active', 'de'))?.presentation).toMatch(/^Teile.*\n/);
    const english = await referralOf('active', 'de', '?locale=en-DE');
    expect(english?.presentation.split('\n')).toEqual([
      'Share your referral code with your friends.',
      'For every friend who becomes a member, you get one month free.',
    ]);
  });
});
