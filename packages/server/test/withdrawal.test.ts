import { withdrawalTexts } from '@portal/domain';
import { WithdrawalResult } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, startApp, type TestApp } from './support/harness.ts';
import { expectRefusal, memberApi } from './support/member-api.ts';

const NOW = '2026-11-22T10:00:00Z';

// The 14-day withdrawal button (§ 356a BGB, Directive (EU) 2023/2673) in DE, AT and FI.
describe.each(databases())('the withdrawal on %s', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof memberApi>;
  beforeAll(async () => {
    t = await startApp(kind, { now: NOW });
    api = memberApi(t);
  });
  afterAll(() => t?.close());

  const withdraw = (token: string) => api.call('POST', '/v1/membership/withdrawal', token, {});

  it('offers the button to new members of DE, AT and FI for 14 days after signing up', async () => {
    // new_signup signed up three days ago, on 19 November: the last day is 3 December.
    for (const op of ['de', 'at', 'fi'] as const)
      expect((await api.membership(await t.signIn('new_signup', op))).withdrawal_until, op).toBe(
        '2026-12-03',
      );
    for (const op of ['ch', 'no'] as const)
      expect((await api.membership(await t.signIn('new_signup', op))).withdrawal_until, op).toBeNull();
    // Long-standing and ended memberships have no button.
    expect((await api.membership(await t.signIn('active', 'de'))).withdrawal_until).toBeNull();
    expect((await api.membership(await t.signIn('cancelled_in_trial', 'at'))).withdrawal_until).toBeNull();
  });

  it('ends the membership today, confirms receipt by e-mail and leaves the refund to finance', async () => {
    const token = await t.signIn('new_signup', 'at');
    const res = await withdraw(token);
    expect(WithdrawalResult.parse(res.json())).toEqual({
      status: 'cancelled',
      end_date: '2026-11-22',
      received_at: '2026-11-22T10:00:00.000Z',
    });
    expect(await api.membership(token)).toMatchObject({
      status: 'cancelled',
      end_date: '2026-11-22',
      withdrawal_until: null,
    });
    const event = (await api.events('new_signup@at.example')).at(-1);
    expect(event).toMatchObject({ action: 'membership_withdrawn' });
    expect(event?.details).toMatchObject({ previous_status: 'active', status: 'cancelled', days_used: 4 });

    const [mail] = await api.outbox('new_signup@at.example');
    expect(mail?.subject).toBe('Stride Fitness: Bestätigung Ihres Widerrufs');
    expect(mail?.body).toContain('Ihr Widerruf ist am 22. November 2026 um 11:00 Uhr bei uns eingegangen.');
    expect(mail?.body).toContain('Ihre Mitgliedschaft ist damit heute, am 22. November 2026, beendet.');
    expect(mail?.body).toContain('innerhalb von 14 Tagen');
    expect(mail?.body).toContain('der 4 Tage, an denen Sie bereits trainieren konnten');

    // Undone for good: neither a second withdrawal nor a reactivation.
    expectRefusal(await withdraw(token), 'invalid_status_to_withdraw');
    expectRefusal(await api.call('DELETE', '/v1/membership/cancellations', token), 'no_cancellation_to_undo');
  });

  it('ends a trial or a presale as their cancelled variants, with everything refunded', async () => {
    const trial = await t.signIn('in_trial', 'de');
    expect(WithdrawalResult.parse((await withdraw(trial)).json()).status).toBe('cancelled_in_trial');
    expect((await api.membership(trial)).status).toBe('cancelled_in_trial');
    const [mail] = await api.outbox('in_trial@de.example');
    // In the German member's language (docs/operators.md, "Demo members").
    expect(mail?.body).toContain(withdrawalTexts.de.refundAll);
    const presale = await t.signIn('presale', 'at');
    expect(WithdrawalResult.parse((await withdraw(presale)).json()).status).toBe('cancelled_in_presale');
  });

  it('withdraws a membership already in cancellation, ending it today instead of at the notice’s end', async () => {
    const token = await t.signIn('new_signup', 'de');
    const cancelled = await api.call('POST', '/v1/membership/cancellations', token, {});
    expect(cancelled.json()).toMatchObject({ status: 'in_cancellation', end_date: '2027-11-30' });
    expect((await api.membership(token)).withdrawal_until).toBe('2026-12-03');
    expect(WithdrawalResult.parse((await withdraw(token)).json())).toMatchObject({
      status: 'cancelled',
      end_date: '2026-11-22',
    });
  });

  it('refuses after the 14th day, counted in the operator’s timezone', async () => {
    try {
      // 22:30 UTC on 3 December is already 4 December in Helsinki: day 15.
      t.clock.set('2026-12-03T22:30:00Z');
      const token = await t.signIn('new_signup', 'fi');
      const item = expectRefusal(await withdraw(token), 'withdrawal_period_over');
      expect(item.context).toEqual({ last_day: '2026-12-03' });
      expect(item.message).toBe('Peruuttamisaika päättyi 2026-12-03.');
      expect((await api.membership(token)).withdrawal_until).toBeNull();
      // 21:30 UTC is 23:30 in Helsinki, still the 14th day.
      t.clock.set('2026-12-03T21:30:00Z');
      expect((await api.membership(token)).withdrawal_until).toBe('2026-12-03');
      expect((await withdraw(token)).statusCode).toBe(200);
    } finally {
      t.clock.set(NOW);
    }
  });

  it('is refused where the operator offers no withdrawal button, and for long-standing members', async () => {
    for (const op of ['ch', 'no'] as const) {
      const token = await t.signIn('new_signup', op);
      expectRefusal(await withdraw(token), 'withdrawal_not_offered');
      expect((await api.membership(token)).status).toBe('active');
    }
    const item = expectRefusal(await withdraw(await t.signIn('active', 'at')), 'withdrawal_period_over');
    expect(item.message).toMatch(/^Die Widerrufsfrist ist am \d{4}-\d{2}-\d{2} abgelaufen\.$/);
  });

  it('withdraws once when withdrawals race, and refuses the rest', async () => {
    const token = await t.signIn('in_trial', 'fi');
    const results = await Promise.all(Array.from({ length: 3 }, () => withdraw(token)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422, 422]);
    const events = await api.events('in_trial@fi.example');
    expect(events.filter((e) => e.action === 'membership_withdrawn')).toHaveLength(1);
  });
});
