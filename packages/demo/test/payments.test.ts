import { operatorIds } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Persona } from '@portal/demo-data';
import { signedInOnce } from './support/both.ts';
import { type Call, type Mirror, normalize, startMirror, type Tokens } from './support/mirror.ts';

// The payments calls compared (docs/demo.md, "Comparing with the server"): each call on the server and in the
// demo, from the same rows at the same clock, answers the same status and body; after a
// write both sides hold the same rows and sent the same e-mail.

let both: Mirror;
const member = signedInOnce((persona, operator) => both.signIn(persona, operator));

async function same(call: Call, who: Tokens) {
  const { server, demo } = await both.call(call, who);
  expect(normalize(demo), `${call.name} ${JSON.stringify(call.params ?? call.query ?? '')}`).toEqual(
    normalize(server),
  );
  return server;
}

/** The member's refunds, events and e-mails on both sides (new ids numbered, as answers). */
async function sameWrites(who: Tokens) {
  const mine = <T extends { memberId: string | null }>(rows: T[]) =>
    rows.filter((r) => r.memberId === who.memberId);
  const serverRefunds = mine(await both.serverRows('refunds'));
  const serverEvents = mine(await both.serverRows('events')).filter((e) => e.action === 'closed_days_refund');
  const demoRefunds = mine(both.demo.store.tables.refunds);
  const demoEvents = mine(both.demo.store.tables.events).filter((e) => e.action === 'closed_days_refund');
  expect(normalize({ refunds: demoRefunds, events: demoEvents })).toEqual(
    normalize({ refunds: serverRefunds, events: serverEvents }),
  );
  const email = both.demo.store.tables.members.find((m) => m.id === who.memberId)!.email;
  const serverMail = (await both.server.app.inject({ method: 'GET', url: '/api/dev/outbox' })).json() as {
    to: string;
    subject: string;
    body: string;
  }[];
  const shown = (m: { to: string; subject: string | null; body: string }) => ({
    to: m.to,
    subject: m.subject,
    body: m.body,
  });
  expect(
    both.demo.store.outbox
      .filter((m) => m.to === email)
      .map(shown)
      .sort(bySubject),
  ).toEqual(
    serverMail
      .filter((m) => m.to === email)
      .map(shown)
      .sort(bySubject),
  );
}
const bySubject = (
  a: { subject: string | null; body: string },
  b: { subject: string | null; body: string },
) => (`${a.subject}${a.body}` < `${b.subject}${b.body}` ? -1 : 1);

beforeAll(async () => {
  both = await startMirror();
}, 120_000);
afterAll(() => both?.close());

const PERSONAS: Persona[] = [
  'active',
  'unpaid',
  'closed_club',
  'stopped',
  'in_trial',
  'presale',
  'in_freeze',
  'cancelled',
];

describe('invoices (pages) and one invoice', () => {
  it.each(operatorIds)('%s: pages of two, the cursor, an unknown cursor, one invoice, 404s', async (op) => {
    const who = await member('unpaid', op);
    const all = (await same({ name: 'invoices' }, who)).body as { id: string }[];
    expect(all.length).toBeGreaterThan(2);
    const first = (await same({ name: 'invoices', query: { limit: '2' } }, who)).body as { id: string }[];
    expect(first).toHaveLength(2);
    await same({ name: 'invoices', query: { limit: '2', before: first[1]!.id } }, who);
    await same({ name: 'invoices', query: { before: crypto.randomUUID() } }, who);
    await same({ name: 'invoices', query: { limit: '0' } }, who);
    await same({ name: 'invoice', params: { id: all[0]!.id } }, who);
    await same({ name: 'invoice', params: { id: crypto.randomUUID() } }, who);
    const other = await member('active', op);
    const status = (await same({ name: 'invoice', params: { id: all[0]!.id } }, other)).status;
    expect(status).toBe(404);
  });
});

describe('next invoice and refundable items per persona', () => {
  const cases = operatorIds.flatMap((op) => PERSONAS.map((persona) => [op, persona] as const));
  it.each(cases)('%s %s', async (op, persona) => {
    const who = await member(persona, op);
    await same({ name: 'nextInvoice' }, who);
    await same({ name: 'refundableInvoices' }, who);
  });

  it('a closed club has something to refund, an active member nothing', async () => {
    const closed = (await same({ name: 'refundableInvoices' }, await member('closed_club', 'de')))
      .body as unknown[];
    expect(closed.length).toBeGreaterThan(0);
    const active = (await same({ name: 'refundableInvoices' }, await member('active', 'de')))
      .body as unknown[];
    expect(active).toEqual([]);
  });
});

describe('refunds', () => {
  it.each(operatorIds)('%s: to the card, to a bank account, and every refusal', async (op) => {
    const who = await member('closed_club', op);
    const items = (await same({ name: 'refundableInvoices' }, who)).body as { invoice: { id: string } }[];
    expect(items.length).toBeGreaterThan(0);
    const first = items[0]!.invoice.id;
    const card = await same({ name: 'refundInvoice', params: { id: first }, body: {} }, who);
    expect(card.status).toBe(200);
    await sameWrites(who);
    // The same invoice again: already refunded (or its next closure, on both sides alike).
    await same({ name: 'refundInvoice', params: { id: first }, body: {} }, who);
    await same({ name: 'refundableInvoices' }, who);

    const iban = {
      de: 'DE89370400440532013000',
      at: 'AT611904300234573201',
      ch: 'CH9300762011623852957',
      no: '86011117947',
      fi: 'FI2112345600000785',
    }[op];
    const rest = (
      (await same({ name: 'refundableInvoices' }, who)).body as { invoice: { id: string } }[]
    ).map((i) => i.invoice.id);
    const other = rest.find((id) => id !== first);
    if (other) {
      await same(
        { name: 'manualRefundInvoice', params: { id: other }, body: { bank_account_number: 'XX00 123' } },
        who,
      );
      const bank = await same(
        { name: 'manualRefundInvoice', params: { id: other }, body: { bank_account_number: iban } },
        who,
      );
      expect(bank.status).toBe(200);
      await sameWrites(who);
    }
    await same({ name: 'refundInvoice', params: { id: crypto.randomUUID() }, body: {} }, who);
    await same({ name: 'manualRefundInvoice', params: { id: first }, body: {} }, who);
    await same({ name: 'refundInvoice', params: { id: first } }, who);
    // Nothing to refund: an active member's charged invoice.
    const active = await member('active', op);
    const invoices = (await same({ name: 'invoices' }, active)).body as { id: string; status: string }[];
    const charged = invoices.find((i) => i.status === 'charged')!;
    const refused = await same({ name: 'refundInvoice', params: { id: charged.id }, body: {} }, active);
    expect(refused.status).toBe(422);
    await same({ name: 'invoice', params: { id: first } }, who);
    await sameWrites(who);
  });
});

describe('health-insurance confirmation', () => {
  it.each(PERSONAS)('ch %s: the default year, a given year, a year not begun', async (persona) => {
    const who = await member(persona, 'ch');
    const shown = await same({ name: 'healthInsuranceConfirmation' }, who);
    expect(shown.status).toBe(200);
    await same({ name: 'healthInsuranceConfirmation', query: { year: '2025' } }, who);
    await same({ name: 'healthInsuranceConfirmation', query: { year: '2027' } }, who);
    await same({ name: 'healthInsuranceConfirmation', query: { year: 'last' } }, who);
  });

  it.each(['de', 'at', 'no', 'fi'] as const)('%s: 404, no such confirmation in this market', async (op) => {
    const answer = await same({ name: 'healthInsuranceConfirmation' }, await member('active', op));
    expect(answer.status).toBe(404);
  });
});
