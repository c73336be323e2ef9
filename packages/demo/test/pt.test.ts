import type { OperatorId } from '@portal/contract';
import { getOperator, operatorIds } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ptSandboxRespond } from '../src/pt-sandbox/sandbox.ts';
import { type Both, normalize, type Tokens, startBoth } from './support/both.ts';

// The sandbox PT provider's API (what the widget calls) answered by the demo in the browser
// and by the server outside production, from the same rows: the same flow on both sides.

let both: Both;
beforeAll(async () => {
  both = await startBoth();
});
afterAll(() => both?.close());

const PT_OPERATORS = (operatorIds as OperatorId[]).filter((op) => getOperator(op).ptEnabled);

interface Answer {
  status: number;
  body: unknown;
}

/** One call of the sandbox API with each side's widget token. */
async function sandbox(
  method: string,
  path: string,
  tokens: Tokens,
  body?: unknown,
): Promise<{ server: Answer; demo: Answer }> {
  const url = `/api/dev/pt/v1/${path}`;
  const headers = (token: string | null) => ({
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    'accept-language': 'de-DE',
  });
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const res = await both.server.app.inject({
    method: method as 'GET',
    url,
    headers: headers(tokens.server),
    ...(payload ? { payload } : {}),
  });
  const demo = await ptSandboxRespond(
    both.demo.store,
    new Request(`http://demo.localhost/demo-base${url}`, {
      method,
      headers: headers(tokens.demo),
      ...(payload ? { body: payload } : {}),
    }),
  );
  return { server: { status: res.statusCode, body: res.body === '' ? null : res.json() }, demo };
}

function expectSame<T = Record<string, unknown>>(
  answers: { server: Answer; demo: Answer },
  status: number,
): T {
  expect(answers.server.status, JSON.stringify(answers.server.body)).toBe(status);
  expect(answers.demo.status).toBe(status);
  expect(normalize(answers.demo.body)).toEqual(normalize(answers.server.body));
  return answers.demo.body as T;
}

async function widgetTokens(op: OperatorId, widget: 'package_buy' | 'booking'): Promise<Tokens> {
  const session = await both.signIn('active', op);
  const answers = await both.call({ name: 'ptWidgetSession', body: { widget } }, session);
  const token = (a: Answer) => (a.body as { token: string }).token;
  return { server: token(answers.server), demo: token(answers.demo) };
}

describe('the PT sandbox in the demo', () => {
  it('has operators with PT', () => {
    expect(PT_OPERATORS.length).toBeGreaterThan(0);
  });

  it.each(PT_OPERATORS)(
    'sells packages once per request id and books and cancels as the server (%s)',
    async (op) => {
      const buy = await widgetTokens(op, 'package_buy');
      const packages = expectSame(await sandbox('GET', 'packages', buy), 200) as {
        packages: { id: string }[];
      };
      const [first, second] = packages.packages;
      const request = { package_id: first!.id, request_id: `demo-${op}-0001` };
      const bought = expectSame(await sandbox('POST', 'purchases', buy, request), 201);
      expect(bought).toMatchObject({ replayed: false });
      // The same request again buys nothing more; with another package it is refused.
      expect(expectSame(await sandbox('POST', 'purchases', buy, request), 200)).toMatchObject({
        replayed: true,
      });
      expectSame(await sandbox('POST', 'purchases', buy, { ...request, package_id: second!.id }), 409);
      expectSame(
        await sandbox('POST', 'purchases', buy, { package_id: 'nope', request_id: `demo-${op}-0002` }),
        404,
      );
      expectSame(
        await sandbox('POST', 'purchases', buy, { package_id: first!.id, request_id: 'short' }),
        400,
      );

      const book = await widgetTokens(op, 'booking');
      const trainers = expectSame(await sandbox('GET', 'trainers', book), 200) as {
        trainers: { id: string }[];
      };
      const trainer = trainers.trainers[0]!.id;
      const { slots } = expectSame(await sandbox('GET', `slots?trainer_id=${trainer}`, book), 200) as {
        slots: { starts_at: string; cancellable: boolean }[];
      };
      const binding = slots.find((s) => !s.cancellable)!;
      const later = slots.find((s) => s.cancellable)!;
      expect(binding && later).toBeTruthy();
      const booked = expectSame<{ booking: { id: string } }>(
        await sandbox('POST', 'bookings', book, { trainer_id: trainer, starts_at: later.starts_at }),
        201,
      );
      const bound = expectSame<{ booking: { id: string } }>(
        await sandbox('POST', 'bookings', book, { trainer_id: trainer, starts_at: binding.starts_at }),
        201,
      );
      expectSame(
        await sandbox('POST', 'bookings', book, { trainer_id: trainer, starts_at: later.starts_at }),
        409,
      );
      expectSame(
        await sandbox('POST', 'bookings', book, { trainer_id: trainer, starts_at: '2026-11-22T03:00:00Z' }),
        422,
      );
      expectSame(await sandbox('GET', 'bookings', book), 200);

      // Ids differ between the sides: each side cancels its own booking.
      const cancel = async (ids: { server: string; demo: string }) => {
        const server = await both.server.app.inject({
          method: 'DELETE',
          url: `/api/dev/pt/v1/bookings/${ids.server}`,
          headers: { authorization: `Bearer ${book.server}` },
        });
        const demo = await ptSandboxRespond(
          both.demo.store,
          new Request(`http://demo.localhost/api/dev/pt/v1/bookings/${ids.demo}`, {
            method: 'DELETE',
            headers: { authorization: `Bearer ${book.demo}` },
          }),
        );
        return { server: { status: server.statusCode, body: server.json() }, demo };
      };
      const serverBookings = (
        (await sandbox('GET', 'bookings', book)).server.body as {
          bookings: { id: string; starts_at: string }[];
        }
      ).bookings;
      const serverId = (startsAt: string) => serverBookings.find((b) => b.starts_at === startsAt)!.id;
      const laterIds = { server: serverId(later.starts_at), demo: booked.booking.id };
      const boundIds = { server: serverId(binding.starts_at), demo: bound.booking.id };
      expectSame(await cancel(laterIds), 200);
      expectSame(await cancel(laterIds), 404);
      const late = expectSame<{ errors: { type: string }[] }>(await cancel(boundIds), 422);
      expect(late.errors[0]!.type).toBe('cancellation_too_late');
      expectSame(await sandbox('GET', 'bookings', book), 200);
    },
  );

  it('bills a purchase as the server: one scheduled invoice line and the event, nothing for a replay', async () => {
    const op = PT_OPERATORS[0]!;
    const t = both.demo.store.tables;
    const before = { invoices: t.invoices.length, events: t.events.length };
    const buy = await widgetTokens(op, 'package_buy');
    const { packages } = (await sandbox('GET', 'packages', buy)).demo.body as {
      packages: { id: string; price: number }[];
    };
    const request = { package_id: packages[0]!.id, request_id: `bill-${op}-0001` };
    const { purchase } = (await sandbox('POST', 'purchases', buy, request)).demo.body as {
      purchase: { id: string; invoice_id: string };
    };
    await sandbox('POST', 'purchases', buy, request);
    const after = both.demo.store.tables;
    expect(after.invoices.length - before.invoices).toBe(1);
    expect(after.events.length - before.events).toBe(1);
    const line = after.invoiceLines.find((l) => l.invoiceId === purchase.invoice_id);
    expect(line).toMatchObject({
      systemConcept: 'pt_package',
      productId: purchase.id,
      amount: packages[0]!.price,
    });
    expect(after.invoices.find((i) => i.id === purchase.invoice_id)).toMatchObject({ status: 'scheduled' });
    expect(after.events.at(-1)).toMatchObject({ action: 'pt_package_purchased' });
  });

  it('refuses a missing, foreign or other widget’s token with 401, as the server', async () => {
    const op = PT_OPERATORS[0]!;
    const buy = await widgetTokens(op, 'package_buy');
    expectSame(await sandbox('GET', 'packages', { server: null, demo: null }), 401);
    expectSame(await sandbox('GET', 'trainers', buy), 401);
    // Each side's token is signed with its own key: the other side refuses it.
    expectSame(await sandbox('GET', 'packages', { server: buy.demo, demo: buy.server }), 401);
  });

  it('leaves the tables as they were when a purchase is refused', async () => {
    const op = PT_OPERATORS[0]!;
    const buy = await widgetTokens(op, 'package_buy');
    const before = both.demo.store.tables.ptPurchases.length;
    await sandbox('POST', 'purchases', buy, { package_id: 'nope', request_id: `none-${op}-0001` });
    expect(both.demo.store.tables.ptPurchases.length).toBe(before);
  });
});
