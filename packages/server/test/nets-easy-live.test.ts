import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCardSettings } from '../src/adapters/cards/config.ts';
import { createCardGateways } from '../src/adapters/cards/factory.ts';
import { type CardGateway, CardReturnError, type CheckoutRequest } from '../src/adapters/cards/index.ts';
import type { NetsEasyLiveSettings } from '../src/adapters/cards/nets-easy-http.ts';
import { createNetsEasyLiveGateway, NETS_CANCEL_PARAM } from '../src/adapters/cards/nets-easy-live.ts';
import { SandboxCardGateway } from '../src/adapters/cards/sandbox.ts';
import { CardProviderUnavailableError } from '../src/adapters/cards/unavailable.ts';
import { nodePasswordHasher } from '../src/adapters/passwords/node.ts';
import { buildApp } from '../src/app.ts';
import { mutableClock } from '../src/clock.ts';
import { ConfigError } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { seedIfEmpty } from '../src/db/seed.ts';
import { testConfig } from './support/harness.ts';
import { NETS_STANDIN, startNetsEasyStandin } from './support/nets-easy-standin.ts';

type Standin = Awaited<ReturnType<typeof startNetsEasyStandin>>;

const liveEnv = (url: string) => ({
  CARD_PROVIDER_DIBS: 'live',
  NETS_EASY_API_URL: url,
  NETS_EASY_SECRET_KEY: NETS_STANDIN.secretKey,
  NETS_EASY_TERMS_URL: NETS_STANDIN.termsUrl,
});

const checkout = (checkoutId: string, payment?: CheckoutRequest['payment']): CheckoutRequest => ({
  checkoutId,
  operatorId: 'no',
  memberId: 'member-1',
  locale: 'nb-NO',
  successUrl: 'https://medlem.stride.no/payment/payment-method-updated',
  cancelUrl: 'https://medlem.stride.no/payment/credit-card?cancelled=1',
  ...(payment ? { payment } : {}),
});

const params = (address: string) => Object.fromEntries(new URL(address).searchParams);

function expectNoSecret(value: unknown) {
  const text =
    value instanceof Error ? `${value.name} ${value.message} ${value.stack}` : JSON.stringify(value);
  expect(text).not.toContain(NETS_STANDIN.secretKey);
}

describe('Nets Easy configuration', () => {
  it('takes dibs live with its three settings, names the missing ones, and refuses http in production', () => {
    const live = loadCardSettings(liveEnv('https://test.api.dibspayment.eu/'), true);
    expect(live.dibs).toEqual({
      mode: 'live',
      nets: {
        apiUrl: 'https://test.api.dibspayment.eu',
        secretKey: NETS_STANDIN.secretKey,
        termsUrl: NETS_STANDIN.termsUrl,
        timeoutMs: 15000,
      },
    });
    expect(createCardGateways(live).dibs).not.toBeInstanceOf(SandboxCardGateway);
    expect(createCardGateways(loadCardSettings({}, false)).dibs).toBeInstanceOf(SandboxCardGateway);

    let error: unknown;
    try {
      loadCardSettings({ CARD_PROVIDER_DIBS: 'live' }, true);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of ['NETS_EASY_API_URL', 'NETS_EASY_SECRET_KEY', 'NETS_EASY_TERMS_URL'])
      expect(message).toContain(`${name} is required when CARD_PROVIDER_DIBS=live`);
    expect(() => loadCardSettings(liveEnv('http://127.0.0.1:1'), true)).toThrow(/NETS_EASY_API_URL/);
    expect(loadCardSettings(liveEnv('http://127.0.0.1:1'), false).dibs.mode).toBe('live');
  });
});

describe('Nets Easy live adapter against a local stand-in', () => {
  let standin: Standin;
  let gateway: CardGateway;
  let settings: NetsEasyLiveSettings;
  beforeAll(async () => {
    standin = await startNetsEasyStandin();
    const loaded = loadCardSettings(liveEnv(standin.url), false).dibs;
    if (loaded.mode !== 'live' || !('nets' in loaded)) throw new Error('expected Nets settings');
    settings = { ...loaded.nets, timeoutMs: 2000 };
    gateway = createNetsEasyLiveGateway(settings, fetch);
  });
  afterAll(() => standin?.close());

  const lastRequest = (path: RegExp) => [...standin.requests].reverse().find((r) => path.test(r.path))!;

  it('registers a card: a 0 payment with an unscheduled subscription, verified by reading the payment back', async () => {
    const started = await gateway.startCheckout(checkout('chk-reg-1'));
    const create = lastRequest(/^\/v1\/payments$/);
    expect(create.headers.authorization).toBe(NETS_STANDIN.secretKey);
    expect(create.body).toMatchObject({
      order: { amount: 0, currency: 'NOK', reference: 'chk-reg-1' },
      checkout: {
        integrationType: 'HostedPaymentPage',
        returnUrl: 'https://medlem.stride.no/payment/payment-method-updated',
        termsUrl: NETS_STANDIN.termsUrl,
        charge: false,
      },
      unscheduledSubscription: { create: true },
    });
    expect(new URL(started.url).searchParams.get('language')).toBe('nb-NO');
    const paymentId = started.providerReference!;

    const returned = standin.complete(paymentId, {
      maskedPan: '545454******5454',
      expiryDate: '0830',
      method: 'MasterCard',
    });
    const verified = await gateway.verifyReturn(params(returned));
    expect(verified).toEqual({
      outcome: 'registered',
      checkoutId: 'chk-reg-1',
      card: {
        brand: 'mastercard',
        details: '**** **** **** 5454',
        expire: '3008',
        token: standin.payments.get(paymentId)!.subscriptionId,
        fingerprint: expect.stringMatching(/^nets_[0-9a-f]{40}$/),
      },
    });
  });

  it('trusts nothing from the browser: unknown, malformed or missing payment ids are refused, an unfinished page is cancelled', async () => {
    await expect(gateway.verifyReturn({ paymentid: 'pay-forged' })).rejects.toBeInstanceOf(CardReturnError);
    await expect(gateway.verifyReturn({ paymentid: '../v1/x' })).rejects.toBeInstanceOf(CardReturnError);
    await expect(gateway.verifyReturn({ status: 'ok', cardnomask: '4111' })).rejects.toBeInstanceOf(
      CardReturnError,
    );
    const started = await gateway.startCheckout(checkout('chk-open-1'));
    // The member came back without paying: Nets' payment has no card, whatever the address says.
    expect(await gateway.verifyReturn({ paymentid: started.providerReference!, status: 'ok' })).toEqual({
      outcome: 'cancelled',
      checkoutId: 'chk-open-1',
    });
    const sent = lastRequest(/^\/v1\/payments$/).body!.checkout as { cancelUrl: string };
    const cancel = new URL(sent.cancelUrl);
    expect(cancel.searchParams.get(NETS_CANCEL_PARAM)).toBe('chk-open-1');
    expect(await gateway.verifyReturn(params(cancel.toString()))).toEqual({
      outcome: 'cancelled',
      checkoutId: 'chk-open-1',
    });
    // A refused card makes no subscription: a failed registration.
    const refused = await gateway.startCheckout(checkout('chk-refused-1'));
    const back = standin.complete(refused.providerReference!, { decline: true });
    expect(await gateway.verifyReturn(params(back))).toMatchObject({ outcome: 'failed', errorCode: 121 });
  });

  it('charges a registered card once per reference, and maps a refused charge to 121', async () => {
    const ok = await gateway.startCheckout(checkout('chk-charge-1'));
    const card = await gateway.verifyReturn(params(standin.complete(ok.providerReference!)));
    if (card.outcome !== 'registered') throw new Error('expected a card');
    const request = {
      token: card.card.token,
      amount: 49900,
      currency: 'NOK' as const,
      reference: 'inv-1:chk-charge-1',
    };
    const first = await gateway.charge(request);
    const again = await gateway.charge(request);
    expect(first).toEqual({ ok: true, providerReference: expect.stringMatching(/^chg/) });
    expect(again).toEqual(first);
    const charge = lastRequest(/^\/v1\/unscheduledsubscriptions\/.+\/charges$/);
    expect(charge.path).toBe(`/v1/unscheduledsubscriptions/${card.card.token}/charges`);
    expect(charge.headers['idempotency-key']).toMatch(/^[0-9a-f]{64}$/);
    expect(charge.body).toMatchObject({ order: { amount: 49900, currency: 'NOK' } });
    expect([...standin.charges.values()].filter((c) => c.amount === 49900)).toHaveLength(1);

    const refund = await gateway.refund({
      paymentReference: (first as { providerReference: string }).providerReference,
      amount: 1000,
      currency: 'NOK',
      reference: 'refund:inv-1:closure-1',
    });
    expect(refund).toEqual({ ok: true, providerReference: expect.stringMatching(/^ref/) });

    const declining = await gateway.startCheckout(checkout('chk-charge-2'));
    const card2 = await gateway.verifyReturn(
      params(standin.complete(declining.providerReference!, { declineCharges: true })),
    );
    if (card2.outcome !== 'registered') throw new Error('expected a card');
    expect(await gateway.charge({ ...request, token: card2.card.token, reference: 'inv-2:chk' })).toEqual({
      ok: false,
      errorCode: 121,
    });
  });

  it('pays an open invoice: the amount reserved on the page, checked against the API, captured once', async () => {
    const payment = {
      amount: 59900,
      currency: 'NOK' as const,
      reference: 'pay:inv-9:chk-pay-1',
      description: 'INV-9',
    };
    const started = await gateway.startCheckout(checkout('chk-pay-1', payment));
    const create = lastRequest(/^\/v1\/payments$/);
    expect(create.body).toMatchObject({ order: { amount: 59900, currency: 'NOK', reference: 'chk-pay-1' } });
    expect(create.body).not.toHaveProperty('unscheduledSubscription');
    const paymentId = started.providerReference!;

    const verified = await gateway.verifyReturn(params(standin.complete(paymentId)));
    if (verified.outcome !== 'registered') throw new Error('expected a reserved payment');
    const capture = {
      token: verified.card.token,
      amount: 59900,
      currency: 'NOK' as const,
      reference: payment.reference,
      authorisation: paymentId,
    };
    const first = await gateway.charge(capture);
    const second = await gateway.charge(capture);
    expect(first).toEqual({ ok: true, providerReference: expect.stringMatching(/^chg/) });
    expect(second).toEqual(first);
    expect(lastRequest(/\/charges$/).path).toBe(`/v1/payments/${paymentId}/charges`);
    expect(standin.payments.get(paymentId)!.charged).toBe(59900);
    // Capturing more than was reserved is refused by Nets.
    expect(await gateway.charge({ ...capture, reference: 'pay:inv-9:other' })).toEqual({
      ok: false,
      errorCode: 107,
    });

    // A reservation the issuer refused is a declined payment, whatever the address says.
    const refused = await gateway.startCheckout(
      checkout('chk-pay-2', { ...payment, reference: 'pay:inv-9:chk-pay-2' }),
    );
    const back = standin.complete(refused.providerReference!, { decline: true });
    expect(await gateway.verifyReturn({ ...params(back), status: 'ok' })).toEqual({
      outcome: 'failed',
      checkoutId: 'chk-pay-2',
      errorCode: 121,
    });
  });

  it('answers 503-style errors without the secret key when Nets is down or refuses the key', async () => {
    standin.setDown(true);
    const down = await gateway.startCheckout(checkout('chk-down')).catch((e: unknown) => e);
    standin.setDown(false);
    expect(down).toBeInstanceOf(CardProviderUnavailableError);
    expectNoSecret(down);
    const wrongKey = createNetsEasyLiveGateway({ ...settings, secretKey: 'wrong-key-0123456789' }, fetch);
    const refused = await wrongKey.startCheckout(checkout('chk-key')).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CardProviderUnavailableError);
    expect((refused as Error).message).toContain('HTTP 401');
    const unreachable = createNetsEasyLiveGateway({ ...settings, apiUrl: 'http://127.0.0.1:9' }, fetch);
    expect(await unreachable.charge({ token: 't', amount: 100, currency: 'NOK', reference: 'r' })).toEqual({
      ok: false,
      errorCode: 100,
    });
  });
});

describe('the portal with Nets Easy as dibs (stand-in)', () => {
  let standin: Standin;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  beforeAll(async () => {
    standin = await startNetsEasyStandin();
    const database = await openDatabase({ kind: 'pglite' });
    await database.migrate();
    const clock = mutableClock('2026-11-22T10:00:00Z');
    await seedIfEmpty(database.db, clock, nodePasswordHasher);
    const cardGateways = createCardGateways(loadCardSettings(liveEnv(standin.url), false));
    app = await buildApp({ db: database.db, clock, config: testConfig(), logger: false, cardGateways });
    close = async () => {
      await app.close();
      await database.close();
    };
  });
  afterAll(async () => {
    await close?.();
    await standin?.close();
  });

  const signIn = async (operator: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/authenticate',
      payload: { username: `unpaid@${operator}.example`, password: 'demo', operator_id: operator },
    });
    return { authorization: `Bearer ${res.json().token}` };
  };
  const paymentIdOf = (url: string) => new URL(url).searchParams.get('pid')!;

  it('pays a Norwegian open invoice: reserved on Nets’ page, read back, captured once', async () => {
    const auth = await signIn('no');
    const invoices = (
      await app.inject({ method: 'GET', url: '/api/v1/membership/invoices', headers: auth })
    ).json();
    const open = invoices.find(
      (i: { status: string; period: unknown }) => i.status === 'declined' && i.period,
    );
    const started = await app.inject({
      method: 'POST',
      url: `/api/v1/membership/invoices/${open.id}/pay`,
      headers: auth,
      payload: {},
    });
    expect(started.statusCode, started.body).toBe(200);
    const paymentId = paymentIdOf(started.json().url);
    expect(standin.payments.get(paymentId)!.order.amount).toBe(open.amount);

    // The address is the browser's: Nets' answer, not a forged "status", decides.
    const back = Object.fromEntries(new URL(standin.complete(paymentId)).searchParams);
    const post = (payload: object) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/membership/invoices/${open.id}/pay/return`,
        headers: auth,
        payload,
      });
    const [first, second] = await Promise.all([post(back), post(back)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 422]);
    expect(standin.payments.get(paymentId)!.charged).toBe(open.amount);
    const capture = standin.requests.filter((r) => r.path === `/v1/payments/${paymentId}/charges`);
    expect(capture.length).toBeGreaterThanOrEqual(1);
    const after = (
      await app.inject({ method: 'GET', url: '/api/v1/membership/invoices', headers: auth })
    ).json();
    expect(after.find((i: { id: string }) => i.id === open.id).status).toBe('charged');
  });

  it('registers a Finnish card through Nets and charges the open invoice to its unscheduled subscription', async () => {
    const auth = await signIn('fi');
    const membership = (await app.inject({ method: 'GET', url: '/api/v2/membership', headers: auth })).json();
    const query = new URLSearchParams({
      success: 'http://fi.localhost:8080/payment/payment-method-updated',
      cancel: 'http://fi.localhost:8080/payment/credit-card?cancelled=1',
      locale: 'fi-FI',
      location: membership.location.id,
    });
    const started = await app.inject({
      method: 'GET',
      url: `/api/v1/membership/dibs_url?${query}`,
      headers: auth,
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(new URL(started.json().url).searchParams.get('language')).toBe('fi-FI');
    const paymentId = paymentIdOf(started.json().url);
    const back = Object.fromEntries(new URL(standin.complete(paymentId)).searchParams);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/membership/verifone_credit_card',
      headers: auth,
      payload: { ...back, location_id: membership.location.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'success', retried_invoices: [{ status: 'charged' }] });
    const after = (await app.inject({ method: 'GET', url: '/api/v2/membership', headers: auth })).json();
    expect(after.current_payment_method).toMatchObject({
      provider: 'dibs',
      details: '**** **** **** 0004',
      expire: '2912',
    });
    const sub = standin.payments.get(paymentId)!.subscriptionId;
    expect(standin.requests.some((r) => r.path === `/v1/unscheduledsubscriptions/${sub}/charges`)).toBe(true);
  });
});
