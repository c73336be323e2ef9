import { getOperator, maskCardNumber } from '@portal/domain';
import { sha256Hex } from '../../platform/crypto.ts';
import {
  type CardGateway,
  type CardReturn,
  CardReturnError,
  type ChargeRequest,
  type ChargeResult,
  type CheckoutRequest,
  type RefundRequest,
} from './index.ts';
import {
  type NetsCall,
  type NetsEasyLiveSettings,
  netsEasyClient,
  netsIdempotencyKey,
  netsReference,
  netsUnavailable,
  UNEXPECTED_ERROR,
} from './nets-easy-http.ts';

const PAYMENTS = '/v1/payments';
const UNSCHEDULED = '/v1/unscheduledsubscriptions';
const CHARGES = '/v1/charges';

/** Declined by the processor (121), rejected (123), `CARD_PROVIDER_ERRORS`. */
const DECLINED = 121;
const REJECTED = 123;

/** The query parameter our cancel address carries, naming our checkout (Nets adds nothing there). */
export const NETS_CANCEL_PARAM = 'nets_checkout';

type Json = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const obj = (v: unknown): Json => (typeof v === 'object' && v !== null ? (v as Json) : {});
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** The hosted payment page's languages for the operators' locales (Nets: nb-NO, fi-FI, en-GB …). */
function pageLanguage(locale: string): string {
  const language = locale.slice(0, 2).toLowerCase();
  if (language === 'nb' || language === 'no') return 'nb-NO';
  if (language === 'fi') return 'fi-FI';
  if (language === 'de') return 'de-DE';
  if (language === 'fr') return 'fr-FR';
  return 'en-GB';
}

/** One order line for Nets: the whole amount, gross, as our invoices are (ADR 008). */
function order(amount: number, currency: string, reference: string, name: string) {
  return {
    items: [
      {
        reference: netsReference(reference),
        name,
        quantity: 1,
        unit: 'pcs',
        unitPrice: amount,
        grossTotalAmount: amount,
        netTotalAmount: amount,
      },
    ],
    amount,
    currency,
    reference: netsReference(reference),
  };
}

/**
 * Nets Easy's Payment API (the dibs successor; docs/payments.md, "Nets Easy"): a payment on the
 * hosted payment page, with amount 0 and an unscheduled subscription for a card registration
 * (its id is the token later charges use), or with the invoice's amount, reserved on the page
 * and captured by us, for a one-off payment. The return address carries only the payment id,
 * so a return is verified by reading the payment back from the API: nothing in the address is
 * trusted.
 */
export function createNetsEasyLiveGateway(
  settings: NetsEasyLiveSettings,
  fetchImpl: typeof fetch,
): CardGateway {
  const call: NetsCall = netsEasyClient(settings, fetchImpl);

  async function readPayment(paymentId: string): Promise<Json> {
    const answer = await call('GET', `${PAYMENTS}/${encodeURIComponent(paymentId)}`);
    if (!answer.ok && (answer.status === 404 || answer.status === 400))
      throw new CardReturnError('Nets does not know this payment.');
    if (!answer.ok) throw netsUnavailable('reading the payment', answer);
    return obj(answer.body.payment);
  }

  return {
    provider: 'dibs',

    async startCheckout(request: CheckoutRequest) {
      const operator = getOperator(request.operatorId);
      const amount = request.payment?.amount ?? 0;
      const currency = request.payment?.currency ?? operator.currency;
      const cancel = new URL(request.cancelUrl);
      cancel.searchParams.set(NETS_CANCEL_PARAM, request.checkoutId);
      const answer = await call('POST', PAYMENTS, {
        // Our checkout id is the order's reference: the return is matched by reading it back.
        order: order(
          amount,
          currency,
          request.checkoutId,
          request.payment ? `${operator.brand} ${request.payment.description}` : `${operator.brand} card`,
        ),
        checkout: {
          integrationType: 'HostedPaymentPage',
          returnUrl: request.successUrl,
          cancelUrl: cancel.toString(),
          termsUrl: settings.termsUrl,
          merchantHandlesConsumerData: true,
          // A one-off payment is reserved on the page and captured by the portal after the check.
          charge: false,
        },
        ...(request.payment ? {} : { unscheduledSubscription: { create: true } }),
      });
      if (!answer.ok) throw netsUnavailable('creating the payment', answer);
      const paymentId = str(answer.body.paymentId);
      const page = str(answer.body.hostedPaymentPageUrl);
      if (!paymentId || !page)
        throw netsUnavailable('creating the payment', { status: answer.status, code: UNEXPECTED_ERROR });
      const url = new URL(page);
      url.searchParams.set('language', pageLanguage(request.locale));
      return { url: url.toString(), providerReference: paymentId };
    },

    async verifyReturn(params: Record<string, string>): Promise<CardReturn> {
      const paymentId = params.paymentid ?? params.paymentId;
      if (!paymentId) {
        // The cancel address: Nets adds nothing; a cancellation only closes the member's own checkout.
        const checkoutId = params[NETS_CANCEL_PARAM];
        if (checkoutId && /^[\w-]{1,100}$/.test(checkoutId)) return { outcome: 'cancelled', checkoutId };
        throw new CardReturnError('The return names no Nets payment.');
      }
      if (!/^[\w-]{1,100}$/.test(paymentId)) throw new CardReturnError('The Nets payment id is malformed.');
      const payment = await readPayment(paymentId);
      const details = obj(payment.orderDetails);
      const checkoutId = str(details.reference);
      if (str(payment.paymentId) !== paymentId || !checkoutId)
        throw new CardReturnError('The Nets payment is not one of ours.');

      const paymentDetails = obj(payment.paymentDetails);
      const card = obj(paymentDetails.cardDetails);
      if (!str(paymentDetails.paymentType)) return { outcome: 'cancelled', checkoutId };
      if (str(paymentDetails.paymentType)?.toUpperCase() !== 'CARD')
        return { outcome: 'failed', checkoutId, errorCode: REJECTED };
      const summary = obj(payment.summary);
      const amount = num(details.amount);
      if (amount > 0 && num(summary.reservedAmount) + num(summary.chargedAmount) < amount)
        return { outcome: 'failed', checkoutId, errorCode: DECLINED };

      const masked = str(card.maskedPan);
      const expiry = str(card.expiryDate);
      if (!masked || !/\d{4}$/.test(masked) || !expiry || !/^\d{4}$/.test(expiry))
        throw new CardReturnError('Nets returned a payment without card details.');
      const subscription = str(obj(payment.unscheduledSubscription).unscheduledSubscriptionId);
      // A registration's token is its unscheduled subscription; a one-off payment is captured by its id.
      const token = amount > 0 ? `payment:${paymentId}` : subscription;
      // A verification (amount 0) that made no subscription did not accept the card.
      if (!token) return { outcome: 'failed', checkoutId, errorCode: DECLINED };
      return {
        outcome: 'registered',
        checkoutId,
        card: {
          brand: (str(paymentDetails.paymentMethod) ?? 'card').toLowerCase(),
          details: maskCardNumber(masked.slice(-4)),
          expire: `${expiry.slice(2)}${expiry.slice(0, 2)}`,
          token,
          // Nets has no card fingerprint: the masked number and expiry recognise the same card.
          fingerprint: `nets_${sha256Hex(`${masked}:${expiry}`).slice(0, 40)}`,
        },
      };
    },

    async charge(request: ChargeRequest): Promise<ChargeResult> {
      if (!Number.isInteger(request.amount) || request.amount <= 0) return { ok: false, errorCode: 107 };
      const key = netsIdempotencyKey(`charge:${request.reference}`);
      const answer = request.authorisation
        ? // The member reserved this amount on the hosted page: capture the reservation.
          await call(
            'POST',
            `${PAYMENTS}/${encodeURIComponent(request.authorisation)}/charges`,
            { amount: request.amount },
            key,
          )
        : await call(
            'POST',
            `${UNSCHEDULED}/${encodeURIComponent(request.token)}/charges`,
            { order: order(request.amount, request.currency, request.reference, 'Membership') },
            key,
          );
      if (!answer.ok) return { ok: false, errorCode: answer.code };
      const chargeId = str(answer.body.chargeId);
      if (!chargeId) return { ok: false, errorCode: DECLINED };
      return { ok: true, providerReference: chargeId };
    },

    async refund(request: RefundRequest): Promise<ChargeResult> {
      const answer = await call(
        'POST',
        `${CHARGES}/${encodeURIComponent(request.paymentReference)}/refunds`,
        { amount: request.amount },
        netsIdempotencyKey(`refund:${request.reference}`),
      );
      if (!answer.ok) return { ok: false, errorCode: answer.code };
      const refundId = str(answer.body.refundId);
      if (!refundId) return { ok: false, errorCode: REJECTED };
      return { ok: true, providerReference: refundId };
    },
  };
}
