import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const STANDIN = {
  userId: '7f0c31b3-a85f-4823-93a5-9055d1b00001',
  apiKey: 'sk-standin-SECRET-api-key-0123456789',
  entityId: 'ent-portal-1',
  paymentContractId: 'ppc-1',
  tokenScope: 'ts-1',
} as const;

export interface Recorded {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown> | null;
}

interface StoredCheckout {
  id: string;
  entity_id: string;
  merchant_reference: string;
  status: string;
  events: { type: string; id: string; timestamp: string; details: Record<string, unknown> }[];
}

/**
 * A local stand-in for Verifone's eCommerce API as its documentation shows it: Basic auth
 * with user uid and API key, Checkout create/read under /oidc/checkout-service/v2/checkout,
 * transactions, token details under /oidc/api/v2/card, error bodies `{ code, message }`.
 */
export async function startVerifoneStandin() {
  const requests: Recorded[] = [];
  const checkouts = new Map<string, StoredCheckout>();
  const byIdempotencyKey = new Map<string, { status: number; body: unknown }>();
  const expectedAuth = `Basic ${Buffer.from(`${STANDIN.userId}:${STANDIN.apiKey}`).toString('base64')}`;
  let seq = 0;
  let down = false;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, code: number, message: string) =>
    send(res, status, { code, message, timestamp: '2026-11-22T10:00:00Z', details: {} });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
    const path = (req.url ?? '').split('?')[0]!;
    requests.push({ method: req.method ?? '', path, headers: req.headers, body });

    if (down) return error(res, 500, 100, 'Unexpected error');
    if (req.headers.authorization !== expectedAuth)
      return error(res, 401, 116, 'Access restricted to authenticated users');
    if (path === '/slow/oidc/api/v2/transactions/card') return; // never answers: the client times out

    /** The decoded path id when method and path match the route, else null. */
    const route = (method: string, re: RegExp) => {
      const id = req.method === method ? re.exec(path)?.[1] : undefined;
      return id === undefined ? null : decodeURIComponent(id);
    };
    const checkoutId = route('GET', /^\/oidc\/checkout-service\/v2\/checkout\/([^/]+)$/);
    const transactionId = route('GET', /^\/oidc\/api\/v2\/transactions\/([^/]+)$/);
    const cardToken = route('GET', /^\/oidc\/api\/v2\/card\/([^/]+)$/);
    const refunded = route('POST', /^\/oidc\/api\/v2\/transactions\/([^/]+)\/refund$/);

    if (req.method === 'POST' && path === '/oidc/checkout-service/v2/checkout') {
      const card = (body?.configurations as { card?: Record<string, unknown> } | undefined)?.card;
      if (body?.entity_id !== STANDIN.entityId || !card?.payment_contract_id) {
        return error(res, 400, 126, 'Missing parameter');
      }
      seq += 1;
      const id = `chk-${seq}`;
      checkouts.set(id, {
        id,
        entity_id: String(body.entity_id),
        merchant_reference: String(body.merchant_reference),
        status: 'CREATED',
        events: [],
      });
      return send(res, 200, { id, url: `https://hpp.standin.example/v2/checkout/${id}/view` });
    }
    if (checkoutId !== null) {
      const checkout = checkouts.get(checkoutId);
      return checkout ? send(res, 200, checkout) : error(res, 404, 109, 'Resource not be found');
    }
    if (transactionId !== null) {
      return send(res, 200, {
        id: transactionId,
        status: 'AUTHORIZED',
        amount: 0,
        reuse_token: `reuse-${transactionId}`,
      });
    }
    if (cardToken !== null) {
      return send(res, 200, {
        reuse_token: cardToken,
        analytics_token: 'analytics-card-4111',
        bin: '411111',
        last_four: '1111',
        expiry_month: 12,
        expiry_year: 2029,
        brand: 'VISA',
      });
    }
    const key = String(req.headers['x-vfi-api-idempotencykey'] ?? '');
    const remembered = key && byIdempotencyKey.get(key);
    if (req.method === 'POST' && remembered) return send(res, remembered.status, remembered.body);
    const answer = (status: number, answerBody: unknown) => {
      if (key) byIdempotencyKey.set(key, { status, body: answerBody });
      send(res, status, answerBody);
    };
    if (req.method === 'POST' && path === '/oidc/api/v2/transactions/card') {
      if (body?.reuse_token === 'reuse-declined') {
        // Echoes request data in the message, as some gateways do: the adapter must not pass it on.
        return answer(403, { code: 121, message: `Declined for ${STANDIN.apiKey}` });
      }
      seq += 1;
      return answer(201, { id: `txn-${seq}`, status: 'SALE_AUTHORISED', amount: body?.amount });
    }
    if (refunded !== null) {
      if (!refunded.startsWith('txn-')) return error(res, 404, 109, 'Resource not be found');
      seq += 1;
      return answer(201, { id: `rfd-${seq}`, status: 'REFUNDED', amount: body?.amount });
    }
    return error(res, 404, 109, 'Resource not be found');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => error(res, 500, 100, 'Unexpected error'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/oidc`,
    requests,
    /** What the hosted page would have done: the shopper finished (or failed) the checkout. */
    complete(id: string, outcome: 'success' | 'failed', details: Record<string, unknown>) {
      const checkout = checkouts.get(id)!;
      checkout.status = outcome === 'success' ? 'COMPLETED' : 'FAILED';
      checkout.events.push({
        type: outcome === 'success' ? 'TRANSACTION_SUCCESS' : 'TRANSACTION_FAILED',
        id: `evt-${checkout.events.length + 1}`,
        timestamp: '2026-11-22T10:01:00Z',
        details,
      });
    },
    setDown(value: boolean) {
      down = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
