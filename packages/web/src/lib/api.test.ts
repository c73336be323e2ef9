import { endpoints } from '@portal/contract';
import { routes } from 'virtual:portal-api-routes';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../test/fakeFetch.ts';
import { membershipFixture } from '../test/fixtures.ts';
import { ErrorResponse, api, ContractError, isErrorResponse, NetworkError } from './api.ts';
import { notices } from './notices.ts';
import { session } from './session.ts';

beforeEach(() => {
  session.clear();
  notices.dismiss();
});

describe('api client', () => {
  it('sends JSON with the bearer token and parses the answer with the contract', async () => {
    session.signIn('tok-1');
    const { requests } = fakeFetch({ 'GET /api/v2/membership': { body: membershipFixture() } });
    const membership = await api('membership', { query: { locale: 'de-DE' } });
    expect(membership.membership_number).toBe('100234');
    expect(requests[0]!.url).toBe('/api/v2/membership?locale=de-DE');
    expect(requests[0]!.headers.Authorization).toBe('Bearer tok-1');
  });

  it('fills path parameters and sends bodies as JSON', async () => {
    session.signIn('tok-1');
    const { requests } = fakeFetch({ 'DELETE /api/v1/membership/freeze_periods/f%2F1': { status: 204 } });
    await expect(api('deleteFreeze', { params: { id: 'f/1' } })).resolves.toBeUndefined();
    expect(requests[0]!.method).toBe('DELETE');
  });

  it('does not send the token on logged-out calls', async () => {
    session.signIn('tok-1');
    const { requests } = fakeFetch({
      'POST /api/auth/authenticate': { body: { token: 't2', expires_at: '2026-01-01T00:00:00Z' } },
    });
    await api('authenticate', { body: { username: 'a', password: 'b', operator_id: 'de' } });
    expect(requests[0]!.headers.Authorization).toBeUndefined();
    expect(requests[0]!.body).toEqual({ username: 'a', password: 'b', operator_id: 'de' });
  });

  it('rejects a 2xx answer that does not match the contract with a ContractError', async () => {
    session.signIn('tok-1');
    // The mismatch is logged for the developer; silenced here, and only in this test.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeFetch({ 'GET /api/v2/membership': { body: { ...membershipFixture(), status: 'sleeping' } } });
    const error = await api('membership').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractError);
    expect((error as ContractError).issues.join()).toMatch(/status/);
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });

  it('rejects a non-OK answer with an ErrorResponse carrying status and error body', async () => {
    session.signIn('tok-1');
    const body = {
      status: 422,
      errors: [
        { type: 'max_freeze_months_reached', message: 'max', context: { max_months: 3, used_months: 3 } },
      ],
    };
    fakeFetch({ 'POST /api/v1/membership/freeze_periods': { status: 422, body } });
    const error = await api('createFreeze', {
      body: { freeze_period: { begin_date: '2026-01-01', end_date: '2026-01-31' } },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErrorResponse);
    expect((error as ErrorResponse).status).toBe(422);
    expect((error as ErrorResponse).body).toEqual(body);
    expect(session.token).toBe('tok-1');
  });

  it('clears the session on a 401 of a signed-in call', async () => {
    session.signIn('tok-1');
    fakeFetch({
      'GET /api/v2/membership': { status: 401, body: { status: 401, errors: [{ type: 'unauthorized' }] } },
    });
    await expect(api('membership')).rejects.toBeInstanceOf(ErrorResponse);
    expect(session.token).toBeNull();
    expect(session.reason).toBe('expired');
    expect(window.localStorage.getItem('portal.token')).toBeNull();
  });

  it('keeps the session on a 401 of the login call itself', async () => {
    session.signIn('tok-1');
    fakeFetch({
      'POST /api/auth/authenticate': {
        status: 401,
        body: { status: 401, reason: 'password check failed', errors: [] },
      },
    });
    const error = await api('authenticate', {
      body: { username: 'a', password: 'b', operator_id: 'de' },
    }).catch((e: unknown) => e);
    expect((error as ErrorResponse).reason).toBe('password check failed');
    expect(session.token).toBe('tok-1');
  });

  it('raises the not-implemented banner with the URL on a 404 with errors', async () => {
    session.signIn('tok-1');
    fakeFetch({});
    await expect(api('workouts')).rejects.toBeInstanceOf(ErrorResponse);
    expect(notices.snapshot()).toBe('/api/v2/workouts');
  });

  it('raises no banner for a 404 the call expects as an answer (no next payment)', async () => {
    session.signIn('tok-1');
    notices.dismiss();
    fakeFetch({});
    const error = await api('nextInvoice', { notFoundIsAnswer: true }).catch((e: unknown) => e);
    expect(isErrorResponse(error, 404)).toBe(true);
    expect(notices.snapshot()).toBeNull();
  });

  it('reports a network failure as NetworkError', async () => {
    fakeFetch({});
    globalThis.fetch = (() => Promise.reject(new TypeError('offline'))) as typeof fetch;
    await expect(
      api('resetPassword', { body: { operator_id: 'de', username: 'x', url: 'u', locale: 'en-DE' } }),
    ).rejects.toBeInstanceOf(NetworkError);
  });

  it('sends the request at once, before the schemas that check its answer have loaded', () => {
    session.signIn('tok-1');
    const { fn } = fakeFetch({ 'GET /api/v2/membership': { body: membershipFixture() } });
    const answer = api('membership');
    // Nothing has been awaited yet: the request is already out.
    expect(fn).toHaveBeenCalledTimes(1);
    return expect(answer).resolves.toMatchObject({ membership_number: '100234' });
  });

  it('knows method, path and auth of every endpoint of the contract', () => {
    for (const [name, endpoint] of Object.entries(endpoints)) {
      expect(routes[name as keyof typeof routes], name).toEqual({
        method: endpoint.method,
        path: endpoint.path,
        auth: endpoint.auth,
        noContent: endpoint.response === null,
      });
    }
    expect(Object.keys(routes).sort()).toEqual(Object.keys(endpoints).sort());
  });
});
