import type { CardProvider, OperatorId } from '@portal/contract';
import { checkCardEntry, TEST_CARDS } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardClient } from '@portal/server/test/support/cards.ts';
import { failedResult, registeredResult, signReturn } from '../src/cards/sandbox.ts';
import { signedInOnce } from './support/both.ts';
import {
  type Call,
  DEMO_ORIGIN,
  type Mirror,
  normalize,
  startMirror,
  type Tokens,
} from './support/mirror.ts';

// The card update on both sides: the form's address per provider, the provider's signed
// return posted back (the server's sandbox page, the demo's sandbox functions, each with
// its own key), and what each return does: same answers, same rows, same e-mails.

let both: Mirror;
let client: ReturnType<typeof cardClient>;

const CARD = {
  visa: TEST_CARDS[0]!.number,
  declined: '4000000000000002',
  declinesCharges: '4000000000000341',
};
/** What differs by design: the provider's key (tokens, fingerprints, references) and the page's address. */
const OWN = ['url', 'providerToken', 'fingerprint', 'providerReference', 'provider_reference'];

beforeAll(async () => {
  both = await startMirror();
  client = cardClient(both.server);
}, 120_000);
afterAll(() => both?.close());

async function same(call: Call, who: Tokens) {
  const { server, demo } = await both.call(call, who);
  expect(normalize(demo, OWN), call.name).toEqual(normalize(server, OWN));
  return { server, demo };
}

const locationOf = (who: Tokens) =>
  both.demo.store.tables.memberships.find((m) => m.memberId === who.memberId)!.locationId;
const dibsQuery = (origin: string, location: string) => ({
  success: `${origin}/payment/payment-method-updated`,
  cancel: `${origin}/payment/credit-card?cancelled=1`,
  locale: 'en',
  location,
});
const serverOrigin = (op: OperatorId) => `http://${op}.localhost:8080`;

/** Opens a checkout on both sides; the two form addresses. */
async function open(op: OperatorId, who: Tokens, provider: CardProvider) {
  const location = locationOf(who);
  const call: Call =
    provider === 'dibs'
      ? {
          name: 'dibsUrl',
          query: dibsQuery(serverOrigin(op), location),
          demo: { query: dibsQuery(DEMO_ORIGIN, location) },
        }
      : { name: 'verifoneUrl' };
  const { server, demo } = await same(call, who);
  expect(server.status).toBe(200);
  return { server: (server.body as { url: string }).url, demo: (demo.body as { url: string }).url };
}

/** The demo's sandbox page outcome for a typed card, as signed return parameters. */
async function demoReturn(provider: CardProvider, url: string, number: string | 'cancel') {
  const checkoutId = decodeURIComponent(url.split('/').at(-1)!);
  if (number === 'cancel') return signReturn(provider, { outcome: 'cancelled', checkoutId });
  const checked = checkCardEntry({ number, expiry: '12/29', cvc: '123' }, both.demo.store.now());
  if (!checked.ok) throw new Error('not a test card');
  if (checked.card.behaviour === 'decline') return signReturn(provider, failedResult(checkoutId, 121));
  return signReturn(
    provider,
    await registeredResult(provider, checkoutId, checked.card, checked.digits, checked.expire),
  );
}

/** One card update on both sides: open, the provider's page, the return posted back. */
async function update(op: OperatorId, who: Tokens, provider: CardProvider, number: string | 'cancel') {
  const urls = await open(op, who, provider);
  const returned =
    number === 'cancel' ? await client.cancel(urls.server) : await client.enterCard(urls.server, { number });
  const serverParams = Object.fromEntries(new URL(returned).searchParams);
  const demoParams = await demoReturn(provider, urls.demo, number);
  const location_id = locationOf(who);
  const result = await same(
    {
      name: 'verifoneCreditCard',
      body: { ...serverParams, location_id },
      demo: { body: { ...demoParams, location_id } },
    },
    who,
  );
  return { ...result, serverParams, demoParams };
}

/** The member's card rows, invoices, payments, card events and e-mails on both sides. */
async function sameRows(who: Tokens) {
  const mine = <T extends { memberId: string | null }>(rows: T[]) =>
    rows.filter((r) => r.memberId === who.memberId);
  const invoiceIds = new Set(mine(both.demo.store.tables.invoices).map((i) => i.id));
  const cardEvents = (rows: { action: string; memberId: string }[]) =>
    mine(rows).filter((e) => ['update_credit_card', 'retry_declined_invoice'].includes(e.action));
  const side = async (s: 'server' | 'demo') => {
    const rows = <T extends keyof typeof both.demo.store.tables>(t: T) =>
      s === 'demo' ? Promise.resolve(both.demo.store.tables[t]) : both.serverRows(t);
    return normalize(
      {
        methods: mine(await rows('paymentMethods')),
        checkouts: mine(await rows('cardCheckouts')).map(({ successUrl: _s, cancelUrl: _c, ...c }) => c),
        invoices: mine(await rows('invoices')),
        payments: (await rows('payments')).filter((p) => invoiceIds.has(p.invoiceId)),
        events: cardEvents(await rows('events')),
      },
      OWN,
    );
  };
  expect(await side('demo')).toEqual(await side('server'));
  const email = both.demo.store.tables.members.find((m) => m.id === who.memberId)!.email;
  const serverMail = (await both.server.app.inject({ method: 'GET', url: '/api/dev/outbox' })).json() as {
    to: string;
    subject: string;
    body: string;
  }[];
  const shown = (m: { to: string; subject: string | null; body: string }) => `${m.subject}\n${m.body}`;
  expect(
    both.demo.store.outbox
      .filter((m) => m.to === email)
      .map(shown)
      .sort(),
  ).toEqual(
    serverMail
      .filter((m) => m.to === email)
      .map(shown)
      .sort(),
  );
}

/** Invoices with their payments in a canonical order (time, then status). */
function bySet(answer: { status: number; body: unknown }) {
  const invoices = answer.body as { payments: { created_at: string; status: string }[] }[];
  const key = (p: { created_at: string; status: string }) => `${p.created_at}${p.status}`;
  return {
    status: answer.status,
    body: invoices.map((i) => ({
      ...i,
      payments: [...i.payments].sort((a, b) => (key(a) < key(b) ? -1 : 1)),
    })),
  };
}

const member = signedInOnce((persona, operator) => both.signIn(persona, operator));

const PROVIDERS: [OperatorId, CardProvider][] = [
  ['de', 'verifone'],
  ['at', 'verifone'],
  ['ch', 'verifone'],
  ['no', 'dibs'],
  ['fi', 'dibs'],
];

describe('the card form’s address', () => {
  it.each(PROVIDERS)('%s uses %s; the other provider is refused', async (op, provider) => {
    const who = await member('active', op);
    const urls = await open(op, who, provider);
    expect(urls.server).toMatch(new RegExp(`/api/dev/cards/${provider}/[0-9a-f-]{36}$`));
    // The demo's page is an app route in the same tab, on the portal's own origin.
    expect(urls.demo).toMatch(new RegExp(`^${DEMO_ORIGIN}/demo/card/${provider}/[0-9a-f-]{36}$`));
    const other: Call =
      provider === 'dibs'
        ? { name: 'verifoneUrl' }
        : {
            name: 'dibsUrl',
            query: dibsQuery(serverOrigin(op), locationOf(who)),
            demo: { query: dibsQuery(DEMO_ORIGIN, locationOf(who)) },
          };
    expect((await same(other, who)).server.status).toBe(422);
    await sameRows(who);
  });

  it('dibs: return addresses only on the portal’s own origin, the member’s own club', async () => {
    const who = await member('active', 'no');
    const location = locationOf(who);
    const evil = { ...dibsQuery('https://evil.example', location) };
    expect((await same({ name: 'dibsUrl', query: evil }, who)).server.status).toBe(400);
    const relative = { ...dibsQuery('', location) };
    await same({ name: 'dibsUrl', query: relative }, who);
    const club = dibsQuery(serverOrigin('no'), 'another-club');
    await same(
      { name: 'dibsUrl', query: club, demo: { query: dibsQuery(DEMO_ORIGIN, 'another-club') } },
      who,
    );
  });

  it.each(PROVIDERS)('%s invalid_details: the update is blocked on every call', async (op, provider) => {
    const who = await member('invalid_details', op);
    const call: Call =
      provider === 'dibs'
        ? {
            name: 'dibsUrl',
            query: dibsQuery(serverOrigin(op), locationOf(who)),
            demo: { query: dibsQuery(DEMO_ORIGIN, locationOf(who)) },
          }
        : { name: 'verifoneUrl' };
    const answer = await same(call, who);
    expect(answer.server.status).toBe(422);
    const post = await same({ name: 'verifoneCreditCard', body: { location_id: locationOf(who) } }, who);
    expect(post.server.status).toBe(422);
  });
});

describe('the card registration', () => {
  it.each(PROVIDERS)(
    '%s (%s): registered, then the same card exists, a replay is refused',
    async (op, provider) => {
      const who = await member('active', op);
      const first = await update(op, who, provider, CARD.visa);
      expect(first.server.status).toBe(200);
      expect((first.server.body as { outcome: string }).outcome).toBe('success');
      await sameRows(who);
      const again = await update(op, who, provider, CARD.visa);
      expect((again.server.body as { outcome: string }).outcome).toBe('exists');
      // The first return posted again: its checkout is closed.
      const location_id = locationOf(who);
      const replay = await same(
        {
          name: 'verifoneCreditCard',
          body: { ...first.serverParams, location_id },
          demo: { body: { ...first.demoParams, location_id } },
        },
        who,
      );
      expect(replay.server.status).toBe(422);
      await sameRows(who);
    },
  );

  it.each(PROVIDERS)('%s (%s): declined and cancelled are committed, then refused', async (op, provider) => {
    const who = await member('rfid', op);
    const declined = await update(op, who, provider, CARD.declined);
    expect(declined.server.status).toBe(422);
    const cancelled = await update(op, who, provider, 'cancel');
    expect(cancelled.server.status).toBe(422);
    await sameRows(who);
  });

  it.each(PROVIDERS)('%s (%s): altered parameters and another club are refused', async (op, provider) => {
    const who = await member('in_trial', op);
    const urls = await open(op, who, provider);
    const returned = await client.enterCard(urls.server, { number: CARD.visa });
    const serverParams = Object.fromEntries(new URL(returned).searchParams);
    const demoParams = await demoReturn(provider, urls.demo, CARD.visa);
    const last4 = provider === 'dibs' ? 'cardnomask' : 'card_last4';
    const alter = (p: Record<string, string>) => ({ ...p, [last4]: p[last4]!.replace('1111', '4242') });
    const location_id = locationOf(who);
    const forged = await same(
      {
        name: 'verifoneCreditCard',
        body: { ...alter(serverParams), location_id },
        demo: { body: { ...alter(demoParams), location_id } },
      },
      who,
    );
    expect(forged.server.status).toBe(422);
    const club = await same(
      {
        name: 'verifoneCreditCard',
        body: { ...serverParams, location_id: 'another-club' },
        demo: { body: { ...demoParams, location_id: 'another-club' } },
      },
      who,
    );
    expect(club.server.status).toBe(400);
    await sameRows(who);
  });

  it.each(PROVIDERS)('%s (%s) unpaid: declined invoices retried on the new card', async (op, provider) => {
    const who = await member('unpaid', op);
    // A card that registers but declines every charge: the invoices stay declined.
    const stays = await update(op, who, provider, CARD.declinesCharges);
    expect(
      (stays.server.body as { retried_invoices: { status: string }[] }).retried_invoices.length,
    ).toBeGreaterThan(0);
    await sameRows(who);
    const paid = await update(op, who, provider, CARD.visa);
    const retried = (paid.server.body as { retried_invoices: { status: string }[] }).retried_invoices;
    expect(retried.map((r) => r.status)).toContain('charged');
    await sameRows(who);
    // Payments made in one call share a time, so their order falls to their random ids: compare as sets.
    const { server, demo } = await both.call({ name: 'invoices' }, who);
    expect(normalize(bySet(demo), OWN)).toEqual(normalize(bySet(server), OWN));
  });
});
