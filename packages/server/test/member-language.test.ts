import { ErrorBody, Invoices, Membership } from '@portal/contract';
import { consentMail, ruleErrorItem } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, databases, startApp, type TestApp } from './support/harness.ts';

// The member's language (docs/architecture.md): a request's texts follow its
// Accept-Language, else the stored locale, which GET /v2/membership?locale= sets.
describe.each(databases())("the member's language on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind, { now: '2026-11-22T10:00:00Z' });
  });
  afterAll(() => t?.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    token: string,
    language?: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: { ...bearer(token), ...(language ? { 'accept-language': language } : {}) },
      ...(payload === undefined ? {} : { payload }),
    });
  const membership = async (token: string, query = '') =>
    Membership.parse((await call('GET', `/v2/membership${query}`, token)).json());
  const refusal = async (token: string, language?: string) => {
    const res = await call('POST', '/v1/membership/cancellations', token, language, {});
    expect(res.statusCode).toBe(422);
    return ErrorBody.parse(res.json()).errors[0]!;
  };
  const memberNumberLabel = async (token: string, language?: string) => {
    const res = await call('GET', '/v1/membership/invoices', token, language);
    expect(res.statusCode).toBe(200);
    const [invoice] = Invoices.parse(res.json());
    expect(invoice).toBeDefined();
    return invoice!.member.identifiers[0]!.label;
  };
  const mailsTo = async (to: string): Promise<{ subject: string }[]> =>
    (await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${to}` })).json();

  it('writes refusals in the language of the request, else in the stored one', async () => {
    // Seeded as an English-speaking member of the German operator.
    const token = await t.signIn('scheduled_freeze', 'de');
    expect((await membership(token)).locale).toBe('en-DE');
    const type = 'cancel_with_scheduled_freeze_not_allowed';
    const english = ruleErrorItem({ type }, 'en').message;
    const german = ruleErrorItem({ type }, 'de').message;
    expect(german).not.toBe(english);
    expect((await refusal(token)).message).toBe(english);
    expect((await refusal(token, 'de-DE')).message).toBe(german);
    expect((await refusal(token, 'de;q=0.9, fr-CH')).message).toBe(german);
    // A language the operator does not offer: the stored one.
    expect((await refusal(token, 'pl-PL, sv;q=0.5')).message).toBe(english);
  });

  it("labels invoices in the request's language", async () => {
    const token = await t.signIn('unpaid', 'de');
    expect(await memberNumberLabel(token)).toBe('Mitgliedsnummer');
    expect(await memberNumberLabel(token, 'en-GB,en;q=0.9')).toBe('Member number');
    const swiss = await t.signIn('invalid_details', 'ch'); // a French-speaking Swiss member
    expect((await membership(swiss)).locale).toBe('fr-CH');
    expect(await memberNumberLabel(swiss)).toBe('N° de membre');
    expect(await memberNumberLabel(swiss, 'de-CH')).toBe('Mitgliedsnummer');
  });

  it('stores the language chosen in the portal, for the next e-mail too', async () => {
    const token = await t.signIn('in_freeze', 'de');
    const other = await t.signIn('in_cancellation', 'de');
    expect((await membership(token)).locale).toBe('de-DE');

    const answered = await membership(token, '?locale=en-DE');
    expect(answered.locale).toBe('en-DE');
    // Kept, and asked again it changes nothing.
    expect((await membership(token)).locale).toBe('en-DE');
    expect((await membership(token, '?locale=en-DE')).locale).toBe('en-DE');
    // Another member keeps theirs.
    expect((await membership(other)).locale).toBe('de-DE');

    // The next e-mail, sent without a language of the request, is in the stored one.
    const res = await call('PUT', '/v1/membership/gdpr', token, undefined, { gdpr_opt_in: true });
    expect(res.statusCode).toBe(204);
    const [mail] = await mailsTo('in_freeze@de.example');
    expect(mail?.subject).toMatch(new RegExp(`: ${consentMail.en.given.subject}$`));

    const back = await membership(token, '?locale=de-DE');
    expect(back.locale).toBe('de-DE');
    await call('PUT', '/v1/membership/gdpr', token, undefined, { gdpr_opt_in: false });
    const [next] = await mailsTo('in_freeze@de.example');
    expect(next?.subject).toMatch(new RegExp(`: ${consentMail.de.withdrawn.subject}$`));
  });

  it('ignores a locale the operator does not offer, without an error', async () => {
    const token = await t.signIn('rfid', 'de');
    const res = await call('GET', '/v2/membership?locale=fr-CH', token);
    expect(res.statusCode).toBe(200);
    expect(Membership.parse(res.json()).locale).toBe('de-DE');
    expect((await membership(token)).locale).toBe('de-DE');
    // Not a locale at all: the contract's 400, nothing stored.
    expect((await call('GET', '/v2/membership?locale=deutsch', token)).statusCode).toBe(400);
    expect((await membership(token)).locale).toBe('de-DE');
  });
});
