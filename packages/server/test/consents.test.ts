import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, startApp, type TestApp } from './support/harness.ts';
import { expectInvalid, memberApi } from './support/member-api.ts';

describe.each(databases())('marketing consent on %s', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof memberApi>;
  beforeAll(async () => {
    t = await startApp(kind, { now: '2026-11-22T10:00:00Z' });
    api = memberApi(t);
  });
  afterAll(() => t?.close());

  const put = (token: string, body: unknown) => api.call('PUT', '/v1/membership/gdpr', token, body as object);
  const consentEvents = async (username: string) =>
    (await api.events(username)).filter((e) => e.action.startsWith('consent_')).map((e) => e.action);

  it('gives and withdraws the consent in one call each, dated, logged and confirmed by e-mail', async () => {
    const token = await t.signIn('max_frozen', 'ch');
    const before = await api.membership(token);
    expect(before.gdpr_opt_in).toBe(false);
    expect(before.gdpr_updated_at).toBeNull();

    expect((await put(token, { gdpr_opt_in: true })).statusCode).toBe(204);
    const given = await api.membership(token);
    expect(given.gdpr_opt_in).toBe(true);
    expect(given.profile.gdpr_opt_in).toBe(true);
    expect(given.gdpr_updated_at).toBe('2026-11-22T10:00:00.000Z');
    expect((await api.outbox('max_frozen@ch.example'))[0]?.subject).toBe(
      'Stride Fitness: Sie erhalten ab jetzt unsere Angebote und Neuigkeiten',
    );

    t.clock.set('2026-11-22T11:30:00Z');
    expect((await put(token, { gdpr_opt_in: false })).statusCode).toBe(204);
    const withdrawn = await api.membership(token);
    expect(withdrawn.gdpr_opt_in).toBe(false);
    expect(withdrawn.gdpr_updated_at).toBe('2026-11-22T11:30:00.000Z');
    expect((await api.outbox('max_frozen@ch.example'))[0]?.subject).toBe(
      'Stride Fitness: Sie erhalten keine Angebote und Neuigkeiten mehr',
    );
    expect(await consentEvents('max_frozen@ch.example')).toEqual(['consent_given', 'consent_withdrawn']);
  });

  it('records nothing new when the value does not change', async () => {
    const token = await t.signIn('active', 'no'); // seeded with the consent given
    expect((await api.membership(token)).gdpr_opt_in).toBe(true);
    const mails = (await api.outbox('active@no.example')).length;
    expect((await put(token, { gdpr_opt_in: true })).statusCode).toBe(204);
    const after = await api.membership(token);
    expect(after.gdpr_updated_at).toBeNull();
    expect((await api.outbox('active@no.example')).length).toBe(mails);
    expect(await consentEvents('active@no.example')).toEqual([]);
  });

  it('works in every status, also after the membership ended', async () => {
    const token = await t.signIn('stopped', 'fi'); // seeded with the consent given
    expect((await put(token, { gdpr_opt_in: false })).statusCode).toBe(204);
    expect((await api.membership(token)).gdpr_opt_in).toBe(false);
    expect((await api.outbox('stopped@fi.example'))[0]?.subject).toBe(
      'Stride Kunto: Et saa enää tarjouksia etkä uutisia',
    );
  });

  it('records one change when the same request arrives several times at once', async () => {
    const token = await t.signIn('rfid', 'de');
    const results = await Promise.all(Array.from({ length: 5 }, () => put(token, { gdpr_opt_in: true })));
    expect(results.map((r) => r.statusCode)).toEqual([204, 204, 204, 204, 204]);
    expect(await consentEvents('rfid@de.example')).toEqual(['consent_given']);
  });

  it('dates a consent given or withdrawn while cancelling', async () => {
    const token = await t.signIn('in_trial', 'at');
    t.clock.set('2026-11-22T12:00:00Z');
    const res = await api.call('POST', '/v1/membership/cancellations', token, { gdpr_opt_in: true });
    expect(res.statusCode).toBe(200);
    expect((await api.membership(token)).gdpr_updated_at).toBe('2026-11-22T12:00:00.000Z');
  });

  it('answers malformed input with 400 naming the field, and no session with 401', async () => {
    const token = await t.signIn('in_trial', 'ch');
    expectInvalid(await put(token, {}), 'body.gdpr_opt_in');
    expectInvalid(await put(token, { gdpr_opt_in: 'yes' }), 'body.gdpr_opt_in');
    expectInvalid(await put(token, { gdpr_opt_in: null }), 'body.gdpr_opt_in');
    expectInvalid(await put(token, { gdpr_opt_in: true, member_id: 'someone' }), 'body.member_id');
    expectInvalid(await api.call('PUT', '/v1/membership/gdpr', token, 'true,'), 'body');
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/membership/gdpr',
      payload: { gdpr_opt_in: true },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
