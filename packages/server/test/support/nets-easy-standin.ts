import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const NETS_STANDIN = {
  secretKey: 'test-secret-key-STANDIN-0123456789abcdef',
  termsUrl: 'https://stride.example/terms',
} as const;

export interface NetsRecorded {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown> | null;
}

interface StoredPayment {
  paymentId: string;
  order: { amount: number; currency: string; reference: string };
  returnUrl: string;
  cancelUrl: string;
  subscription: boolean;
  reserved: number;
  charged: number;
  card: { maskedPan: string; expiryDate: string; method: string } | null;
  subscriptionId: string | null;
}

/** What the member does on the hosted payment page. */
export interface HostedPageCard {
  maskedPan?: string;
  expiryDate?: string;
  method?: string;
  /** The issuer refuses the reservation (or 3-D Secure fails). */
  decline?: boolean;
  /** Later merchant-initiated charges of the subscription are refused. */
  declineCharges?: boolean;
}

/**
 * A local stand-in for Nets Easy's Payment API as its documentation describes it: the
 * secret key as the Authorization header, payments on the hosted payment page
 * (POST/GET /v1/payments), captures (POST /v1/payments/{id}/charges), unscheduled
 * subscription charges (POST /v1/unscheduledsubscriptions/{id}/charges), refunds
 * (POST /v1/charges/{id}/refunds), an Idempotency-Key on the money-moving calls.
 */
export async function startNetsEasyStandin() {
  const requests: NetsRecorded[] = [];
  const payments = new Map<string, StoredPayment>();
  const subscriptions = new Map<string, { declineCharges: boolean }>();
  const charges = new Map<string, { amount: number; paymentId: string }>();
  const byIdempotencyKey = new Map<string, { status: number; body: unknown }>();
  let seq = 0;
  let down = false;
  const id = (prefix: string) => `${prefix}${(++seq).toString(16).padStart(30, '0')}`;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const paymentView = (p: StoredPayment) => ({
    paymentId: p.paymentId,
    summary: { reservedAmount: p.reserved, chargedAmount: p.charged },
    orderDetails: p.order,
    paymentDetails: p.card
      ? {
          paymentType: 'CARD',
          paymentMethod: p.card.method,
          cardDetails: { maskedPan: p.card.maskedPan, expiryDate: p.card.expiryDate },
        }
      : {},
    ...(p.subscriptionId ? { unscheduledSubscription: { unscheduledSubscriptionId: p.subscriptionId } } : {}),
    checkout: { url: p.returnUrl },
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
    const path = (req.url ?? '').split('?')[0]!;
    requests.push({ method: req.method ?? '', path, headers: req.headers, body });

    if (down) return send(res, 500, { message: 'Internal error' });
    if (req.headers.authorization !== NETS_STANDIN.secretKey)
      return send(res, 401, { message: 'Unauthorized' });
    const key = req.headers['idempotency-key'];
    const idempotent = typeof key === 'string' ? `${req.method} ${path} ${key}` : null;
    if (idempotent && byIdempotencyKey.has(idempotent)) {
      const seen = byIdempotencyKey.get(idempotent)!;
      return send(res, seen.status, seen.body);
    }
    const answer = (status: number, result: unknown) => {
      if (idempotent) byIdempotencyKey.set(idempotent, { status, body: result });
      send(res, status, result);
    };

    /** The path's id when method and path match the route, else null. */
    const route = (method: string, pattern: RegExp) =>
      req.method === method ? (pattern.exec(path)?.[1] ?? null) : null;
    let m: string | null;
    if (req.method === 'POST' && path === '/v1/payments') {
      const order = body?.order as StoredPayment['order'] | undefined;
      const checkout = body?.checkout as Record<string, unknown> | undefined;
      if (
        !order ||
        typeof order.amount !== 'number' ||
        !order.reference ||
        !checkout?.returnUrl ||
        !checkout.termsUrl
      )
        return send(res, 400, { errors: { order: ['invalid'] } });
      const payment: StoredPayment = {
        paymentId: id('pay'),
        order: { amount: order.amount, currency: order.currency, reference: order.reference },
        returnUrl: String(checkout.returnUrl),
        cancelUrl: String(checkout.cancelUrl),
        subscription: Boolean((body?.unscheduledSubscription as { create?: boolean } | undefined)?.create),
        reserved: 0,
        charged: 0,
        card: null,
        subscriptionId: null,
      };
      payments.set(payment.paymentId, payment);
      return send(res, 201, {
        paymentId: payment.paymentId,
        hostedPaymentPageUrl: `https://test.checkout.dibspayment.eu/hostedpaymentpage/?checkoutKey=k&pid=${payment.paymentId}`,
      });
    }
    m = route('GET', /^\/v1\/payments\/([\w-]+)$/);
    if (m) {
      const p = payments.get(m);
      if (!p) return send(res, 404, { message: 'Payment not found' });
      return send(res, 200, { payment: paymentView(p) });
    }
    m = route('POST', /^\/v1\/payments\/([\w-]+)\/charges$/);
    if (m) {
      const p = payments.get(m);
      const amount = Number(body?.amount);
      if (!p) return send(res, 404, { message: 'Payment not found' });
      if (!(amount > 0) || p.charged + amount > p.reserved)
        return answer(400, { errors: { amount: ['exceeds the reserved amount'] } });
      p.charged += amount;
      const chargeId = id('chg');
      charges.set(chargeId, { amount, paymentId: p.paymentId });
      return answer(201, { chargeId });
    }
    m = route('POST', /^\/v1\/unscheduledsubscriptions\/([\w-]+)\/charges$/);
    if (m) {
      const sub = subscriptions.get(m);
      const order = body?.order as StoredPayment['order'] | undefined;
      if (!sub) return send(res, 404, { message: 'Subscription not found' });
      if (!order || !(order.amount > 0)) return answer(400, { errors: { order: ['invalid'] } });
      if (sub.declineCharges) return answer(402, { message: 'Declined' });
      const paymentId = id('pay');
      const chargeId = id('chg');
      charges.set(chargeId, { amount: order.amount, paymentId });
      return answer(201, { paymentId, chargeId });
    }
    m = route('POST', /^\/v1\/charges\/([\w-]+)\/refunds$/);
    if (m) {
      const charge = charges.get(m);
      if (!charge) return send(res, 404, { message: 'Charge not found' });
      if (!(Number(body?.amount) > 0) || Number(body?.amount) > charge.amount)
        return answer(400, { errors: { amount: ['invalid'] } });
      return answer(201, { refundId: id('ref') });
    }
    return send(res, 404, { message: 'Not found' });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, 500, { message: 'stand-in failed' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests,
    payments,
    charges,
    setDown(value: boolean) {
      down = value;
    },
    /** The member on the hosted payment page: the address Nets sends them back to. */
    complete(paymentId: string, card: HostedPageCard = {}): string {
      const p = payments.get(paymentId);
      if (!p) throw new Error(`unknown payment ${paymentId}`);
      const back = new URL(p.returnUrl);
      back.searchParams.set('paymentid', paymentId);
      p.card = {
        maskedPan: card.maskedPan ?? '492500******0004',
        expiryDate: card.expiryDate ?? '1229',
        method: card.method ?? 'Visa',
      };
      // Refused: the card is known, but nothing is reserved and no subscription is made.
      if (card.decline) return back.toString();
      p.reserved = p.order.amount;
      if (p.subscription) {
        p.subscriptionId = id('sub');
        subscriptions.set(p.subscriptionId, { declineCharges: Boolean(card.declineCharges) });
      }
      return back.toString();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
