import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CardSettings,
  loadCardSettings,
  type VerifoneLiveSettings,
} from '../src/adapters/cards/config.ts';
import { createCardGateways } from '../src/adapters/cards/factory.ts';
import { type CardGateway, CardReturnError } from '../src/adapters/cards/index.ts';
import { SandboxCardGateway } from '../src/adapters/cards/sandbox.ts';
import { CardProviderUnavailableError } from '../src/adapters/cards/unavailable.ts';
import { idempotencyKey } from '../src/adapters/cards/verifone-http.ts';
import { createVerifoneLiveGateway } from '../src/adapters/cards/verifone-live.ts';
import { buildApp } from '../src/app.ts';
import { mutableClock } from '../src/clock.ts';
import { ConfigError } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { seedIfEmpty } from '../src/db/seed.ts';
import { testConfig } from './support/harness.ts';
import { STANDIN, startVerifoneStandin } from './support/verifone-standin.ts';
import { nodePasswordHasher } from '../src/adapters/passwords/node.ts';

type Standin = Awaited<ReturnType<typeof startVerifoneStandin>>;

const liveEnv = (url: string) => ({
  CARD_PROVIDER_VERIFONE: 'live',
  VERIFONE_API_URL: url,
  VERIFONE_USER_ID: STANDIN.userId,
  VERIFONE_API_KEY: STANDIN.apiKey,
  VERIFONE_ENTITY_ID: STANDIN.entityId,
  VERIFONE_PAYMENT_CONTRACT_ID: STANDIN.paymentContractId,
  VERIFONE_TOKEN_SCOPE: STANDIN.tokenScope,
});

const checkoutRequest = (checkoutId: string) => ({
  checkoutId,
  operatorId: 'de' as const,
  memberId: 'member-1',
  locale: 'de-DE',
  successUrl: 'https://portal.stride.de/payment/payment-method-updated',
  cancelUrl: 'https://portal.stride.de/payment/credit-card?cancelled=1',
});

/** Nothing a caller sees may carry the API key or the Basic credentials. */
function expectNoSecret(value: unknown) {
  const text =
    value instanceof Error ? `${value.name} ${value.message} ${value.stack}` : JSON.stringify(value);
  expect(text).not.toContain(STANDIN.apiKey);
  expect(text).not.toContain(Buffer.from(`${STANDIN.userId}:${STANDIN.apiKey}`).toString('base64'));
}

describe('card provider configuration', () => {
  it('uses the sandbox outside production, live verifone when configured, nothing in production by default', () => {
    const dev = loadCardSettings({}, false);
    expect(dev.verifone.mode).toBe('sandbox');
    expect(dev.dibs.mode).toBe('sandbox');
    expect(createCardGateways(dev).dibs).toBeInstanceOf(SandboxCardGateway);

    const live = loadCardSettings(liveEnv('https://cst.test-gsc.vfims.com/oidc'), true);
    expect(live.verifone).toMatchObject({
      mode: 'live',
      verifone: { apiUrl: 'https://cst.test-gsc.vfims.com/oidc' },
    });
    expect(live.dibs).toEqual({ mode: 'off' });
    expect(createCardGateways(live).verifone).not.toBeInstanceOf(SandboxCardGateway);
  });

  it('refuses the sandbox in production, incomplete live settings, plain http in production', () => {
    expect(() => loadCardSettings({ CARD_PROVIDER_DIBS: 'sandbox' }, true)).toThrow(ConfigError);
    expect(() => loadCardSettings({ CARD_PROVIDER_DIBS: 'live' }, false)).toThrow(
      /NETS_EASY_API_URL is required when CARD_PROVIDER_DIBS=live/,
    );
    const { VERIFONE_TOKEN_SCOPE: _, ...partial } = liveEnv('https://x.example/oidc');
    expect(() => loadCardSettings(partial, false)).toThrow(/VERIFONE_TOKEN_SCOPE/);
    expect(() => loadCardSettings(liveEnv('http://x.example/oidc'), true)).toThrow(/https/);
    expect(() => loadCardSettings({ CARD_SANDBOX_SECRET_VERIFONE: 'short' }, false)).toThrow(/32 characters/);
  });

  it('an unconfigured provider in production refuses card updates and fails charges', async () => {
    const off: CardSettings = { verifone: { mode: 'off' }, dibs: { mode: 'off' } };
    const { dibs } = createCardGateways(off);
    await expect(dibs.startCheckout(checkoutRequest('c'))).rejects.toBeInstanceOf(
      CardProviderUnavailableError,
    );
    expect(await dibs.charge({ token: 't', amount: 100, currency: 'NOK', reference: 'r' })).toEqual({
      ok: false,
      errorCode: 100,
    });
  });
});

describe('verifone live adapter against a local stand-in', () => {
  let standin: Standin;
  let gateway: CardGateway;
  let settings: VerifoneLiveSettings;
  beforeAll(async () => {
    standin = await startVerifoneStandin();
    const loaded = loadCardSettings(liveEnv(standin.url), false).verifone;
    if (loaded.mode !== 'live' || !('verifone' in loaded)) throw new Error('expected live settings');
    settings = { ...loaded.verifone, timeoutMs: 2000 };
    gateway = createVerifoneLiveGateway(settings, fetch);
  });
  afterAll(() => standin?.close());

  it('creates a zero-amount checkout that signs the card up for later charges', async () => {
    const started = await gateway.startCheckout(checkoutRequest('our-checkout-1'));
    expect(started).toEqual({
      url: expect.stringMatching(/^https:\/\/hpp\.standin\.example\//),
      providerReference: 'chk-1',
    });
    const sent = standin.requests.at(-1)!;
    expect(sent.path).toBe('/oidc/checkout-service/v2/checkout');
    expect(sent.headers.authorization).toBe(
      `Basic ${Buffer.from(`${STANDIN.userId}:${STANDIN.apiKey}`).toString('base64')}`,
    );
    expect(sent.body).toMatchObject({
      entity_id: STANDIN.entityId,
      amount: 0,
      currency_code: 'EUR',
      merchant_reference: 'our-checkout-1',
      return_url: 'https://portal.stride.de/payment/payment-method-updated',
      configurations: {
        card: {
          payment_contract_id: STANDIN.paymentContractId,
          account_validation: true,
          token_preference: { token_scope: STANDIN.tokenScope },
          stored_credential: { stored_credential_type: 'SIGNUP' },
        },
      },
    });
  });

  it('verifies a return by reading the checkout, its transaction and the token back', async () => {
    const { providerReference } = await gateway.startCheckout(checkoutRequest('our-checkout-2'));
    const id = providerReference!;
    // Before the shopper finished: no transaction on the checkout, so nothing is registered.
    expect(await gateway.verifyReturn({ checkout_id: id })).toEqual({
      outcome: 'cancelled',
      checkoutId: 'our-checkout-2',
    });

    standin.complete(id, 'success', { id: 'txn-77', status: 'AUTHORIZED' });
    expect(await gateway.verifyReturn({ checkoutId: id, transactionId: 'txn-77' })).toEqual({
      outcome: 'registered',
      checkoutId: 'our-checkout-2',
      card: {
        brand: 'visa',
        details: '**** **** **** 1111',
        expire: '2912',
        token: 'reuse-txn-77',
        fingerprint: 'analytics-card-4111',
      },
    });
    // The address is not trusted: another transaction id, or a checkout Verifone does not know, is refused.
    await expect(
      gateway.verifyReturn({ checkout_id: id, transaction_id: 'txn-forged' }),
    ).rejects.toBeInstanceOf(CardReturnError);
    await expect(gateway.verifyReturn({ checkout_id: 'chk-unknown' })).rejects.toBeInstanceOf(
      CardReturnError,
    );
    await expect(gateway.verifyReturn({ checkout_id: '../card/x' })).rejects.toBeInstanceOf(CardReturnError);

    const failed = await gateway.startCheckout(checkoutRequest('our-checkout-3'));
    standin.complete(failed.providerReference!, 'failed', { code: 121 });
    expect(await gateway.verifyReturn({ checkout_id: failed.providerReference! })).toEqual({
      outcome: 'failed',
      checkoutId: 'our-checkout-3',
      errorCode: 121,
    });
  });

  it('charges a stored token once per reference and maps declines to their code', async () => {
    const request = {
      token: 'reuse-txn-77',
      amount: 2990,
      currency: 'EUR' as const,
      reference: 'inv-1:chk-1',
    };
    const first = await gateway.charge(request);
    const again = await gateway.charge(request);
    expect(first).toEqual({ ok: true, providerReference: expect.stringMatching(/^txn-/) });
    expect(again).toEqual(first);
    const charges = standin.requests.filter((r) => r.path === '/oidc/api/v2/transactions/card');
    expect(charges.map((r) => r.headers['x-vfi-api-idempotencykey'])).toEqual([
      idempotencyKey('charge:inv-1:chk-1'),
      idempotencyKey('charge:inv-1:chk-1'),
    ]);
    expect(charges[0]?.body).toMatchObject({
      amount: 2990,
      currency_code: 'EUR',
      reuse_token: 'reuse-txn-77',
      stored_credential: {
        stored_credential_type: 'CHARGE',
        processing_model: 'UNSCHEDULED_CREDENTIAL_ON_FILE',
      },
    });

    const declined = await gateway.charge({ ...request, token: 'reuse-declined', reference: 'inv-2:chk-1' });
    expect(declined).toEqual({ ok: false, errorCode: 121 });
    expectNoSecret(declined);
  });

  it('refunds the charge by its transaction id; an unknown one is error 109', async () => {
    const refund = await gateway.refund({
      paymentReference: 'txn-5',
      amount: 500,
      currency: 'EUR',
      reference: 'r-1',
    });
    expect(refund).toEqual({ ok: true, providerReference: expect.stringMatching(/^rfd-/) });
    expect(standin.requests.at(-1)).toMatchObject({
      path: '/oidc/api/v2/transactions/txn-5/refund',
      body: { amount: 500 },
    });
    expect(
      await gateway.refund({ paymentReference: 'nope', amount: 500, currency: 'EUR', reference: 'r-2' }),
    ).toEqual({
      ok: false,
      errorCode: 109,
    });
  });

  it('answers failures without secrets: wrong key, provider down, timeout', async () => {
    const wrongKey = createVerifoneLiveGateway({ ...settings, apiKey: 'wrong-key-0123456789' }, fetch);
    const refused = await wrongKey.startCheckout(checkoutRequest('c')).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CardProviderUnavailableError);
    expect((refused as Error).message).toBe('Verifone creating the checkout failed (HTTP 401, code 116).');
    expectNoSecret(refused);

    standin.setDown(true);
    try {
      const down = await gateway.verifyReturn({ checkout_id: 'chk-1' }).catch((e: unknown) => e);
      expect(down).toBeInstanceOf(CardProviderUnavailableError);
      expectNoSecret(down);
      expect(await gateway.charge({ token: 't', amount: 1, currency: 'EUR', reference: 'x' })).toEqual({
        ok: false,
        errorCode: 100,
      });
    } finally {
      standin.setDown(false);
    }

    const slow = createVerifoneLiveGateway(
      { ...settings, apiUrl: standin.url.replace('/oidc', '/slow/oidc'), timeoutMs: 200 },
      fetch,
    );
    expect(await slow.charge({ token: 't', amount: 1, currency: 'EUR', reference: 'y' })).toEqual({
      ok: false,
      errorCode: 170,
    });
  });
});

describe('the portal with the live verifone adapter (stand-in)', () => {
  let standin: Standin;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  beforeAll(async () => {
    standin = await startVerifoneStandin();
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

  it('opens the Verifone checkout and registers the card Verifone reports on return', async () => {
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/authenticate',
      payload: { username: 'unpaid@de.example', password: 'demo', operator_id: 'de' },
    });
    const auth = { authorization: `Bearer ${signIn.json().token}` };
    const started = await app.inject({
      method: 'GET',
      url: '/api/v1/membership/verifone_url',
      headers: auth,
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().url).toMatch(/^https:\/\/hpp\.standin\.example\/v2\/checkout\/chk-\d+\/view$/);
    const checkoutId = /chk-\d+/.exec(started.json().url)![0];
    const membership = (await app.inject({ method: 'GET', url: '/api/v2/membership', headers: auth })).json();
    const post = (payload: object) =>
      app.inject({ method: 'POST', url: '/api/v1/membership/verifone_credit_card', headers: auth, payload });

    standin.setDown(true);
    const down = await post({ checkoutId, location_id: membership.location.id });
    standin.setDown(false);
    expect(down.statusCode).toBe(503);
    expect(down.json().errors[0].type).toBe('card_provider_unavailable');

    standin.complete(checkoutId, 'success', { id: 'txn-900' });
    const res = await post({ transactionId: 'txn-900', checkoutId, location_id: membership.location.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'success', retried_invoices: [{ status: 'charged' }] });
    const after = (await app.inject({ method: 'GET', url: '/api/v2/membership', headers: auth })).json();
    expect(after.current_payment_method).toMatchObject({
      provider: 'verifone',
      details: '**** **** **** 1111',
      expire: '2912',
    });
    const again = await post({ transactionId: 'txn-900', checkoutId, location_id: membership.location.id });
    expect(again.statusCode).toBe(422);
  });
});
