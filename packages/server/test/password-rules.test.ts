import { ErrorBody } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_MAILS_PER_MEMBER } from '../src/modules/auth/service.ts';
import { databases, startApp, type TestApp } from './support/harness.ts';
import { expectRefusal, memberApi } from './support/member-api.ts';

// Passwords and resets (docs/security.md, R8; ADR 031).
describe.each(databases())('password rules on %s', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof memberApi>;
  beforeAll(async () => {
    t = await startApp(kind, { now: '2026-11-22T10:00:00Z' });
    api = memberApi(t);
  }, 600_000);
  afterAll(() => t?.close());

  const signIn = (username: string, password: string, operator_id: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/authenticate',
      payload: { username, password, operator_id },
    });
  const requestReset = (username: string, operator_id: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/reset',
      remoteAddress,
      payload: { operator_id, username, url: `http://${operator_id}.localhost:8080/`, locale: 'en-DE' },
    });
  const resetLinks = async (email: string) =>
    (await api.outbox(email)).filter((m) => m.body.includes('/password/update?token='));
  /** A fresh reset token of the member, through the mailed link. */
  const resetToken = async (username: string, operator_id: string) => {
    expect((await requestReset(username, operator_id)).statusCode).toBe(204);
    const [newest] = await resetLinks(username);
    return /token=([\w-]+)/.exec(newest!.body)![1]!;
  };
  const update = (operator_id: string, token: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/update', payload: { operator_id, token, password } });

  it('a reset link refuses too short, too long and commonly breached passwords, in the member’s language', async () => {
    const token = await resetToken('in_trial@no.example', 'no');
    const short = expectRefusal(await update('no', token, 'elleve-tegn'), 'password_too_short');
    expect(short.context).toEqual({ field: 'password', min_length: 12 });
    expect(short.message).toBe('Bruk minst 12 tegn.');
    const long = expectRefusal(await update('no', token, 'x'.repeat(129)), 'password_too_long');
    expect(long.context).toEqual({ field: 'password', max_length: 128 });
    // The list is lower case; the check is not.
    for (const common of ['password1234', 'Password1234', 'QWERTY123456']) {
      expectRefusal(await update('no', token, common), 'password_breached');
    }
    // A refusal does not use the link up.
    expect((await update('no', token, 'tolv tegn ok')).statusCode).toBe(204);
    expect((await signIn('in_trial@no.example', 'tolv tegn ok', 'no')).statusCode).toBe(200);
  });

  it('counts code points of the NFC form: 12 accented letters typed decomposed are enough, 11 are not', async () => {
    const decomposed = (n: number) => 'e\u0301'.repeat(n); // 2n UTF-16 units, n characters
    const token = await resetToken('in_trial@fi.example', 'fi');
    expectRefusal(await update('fi', token, decomposed(11)), 'password_too_short');
    // 128 characters outside the BMP are 256 UTF-16 units: accepted; 129 are not.
    expectRefusal(await update('fi', token, '🏋'.repeat(129)), 'password_too_long');
    expect((await update('fi', token, decomposed(12))).statusCode).toBe(204);
    // Hashed in NFC: the composed form signs in too.
    expect((await signIn('in_trial@fi.example', 'é'.repeat(12), 'fi')).statusCode).toBe(200);
    const again = await resetToken('in_trial@fi.example', 'fi');
    expect((await update('fi', again, '🏋'.repeat(128))).statusCode).toBe(204);
  });

  it('a signed-in change refuses the same passwords at new_password; sign-in accepts any length', async () => {
    const token = await t.signIn('in_freeze', 'ch');
    const change = (new_password: string) =>
      api.call('POST', '/v1/membership/password', token, { current_password: 'demo', new_password });
    const short = expectRefusal(await change('kurz'), 'password_too_short');
    expect(short.context).toEqual({ field: 'new_password', min_length: 12 });
    expect(short.message).toBe('Verwenden Sie mindestens 12 Zeichen.');
    expectRefusal(await change('Qwerty123456'), 'password_breached');
    expectRefusal(await change('y'.repeat(129)), 'password_too_long');
    // The seeded members keep their four-letter password: sign-in checks no length.
    expect((await signIn('in_freeze@ch.example', 'demo', 'ch')).statusCode).toBe(200);
    expect((await change('ein langes Passwort')).statusCode).toBe(204);
    // Far too much input is still a 400 of the schema.
    const huge = await change('z'.repeat(5000));
    expect(huge.statusCode).toBe(400);
    expect(ErrorBody.parse(huge.json()).errors[0]?.type).toBe('invalid_request');
  });

  it(`sends a member at most ${RESET_MAILS_PER_MEMBER} reset links an hour, however many addresses ask`, async () => {
    const username = 'active@at.example';
    for (let i = 0; i < 6; i++) {
      const res = await requestReset(username, 'at', `10.20.${i}.1`);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
    }
    expect(await resetLinks(username)).toHaveLength(RESET_MAILS_PER_MEMBER);
    // Once the oldest link's hour is over, one more can go out.
    t.clock.advance(60 * 60 * 1000 + 1000);
    expect((await requestReset(username, 'at', '10.20.9.1')).statusCode).toBe(204);
    expect(await resetLinks(username)).toHaveLength(RESET_MAILS_PER_MEMBER + 1);
  });

  it('tells the member by e-mail, in their language, after a password was set through a reset link', async () => {
    const token = await resetToken('in_cancellation@no.example', 'no');
    expect((await update('no', token, 'et helt nytt passord')).statusCode).toBe(204);
    const [notice] = await api.outbox('in_cancellation@no.example');
    expect(notice!.subject).toContain('tilbakestilt');
    expect(notice!.body).toContain('med en lenke sendt på e-post');
    expect(notice!.body).toContain('/password/reset');
    expect(notice!.body).not.toContain(token);
  });
});
