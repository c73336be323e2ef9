import { getOperator, languageOf, maskCardNumber } from '@portal/domain';
import type { VerifoneLiveSettings } from './config.ts';
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
  idempotencyKey,
  merchantReference,
  UNEXPECTED_ERROR,
  unavailable,
  type VerifoneCall,
  verifoneClient,
} from './verifone-http.ts';

const CHECKOUT = '/checkout-service/v2/checkout';
const TRANSACTIONS = '/api/v2/transactions';
const CARDS = '/api/v2/card';

/** Transaction states that mean the money did not move. */
const FAILED_STATES = new Set(['DECLINED', 'FAILED', 'REJECTED', 'VOIDED', 'REVERSED']);
/** Checkout expired (169) and rejected by the processor (123), `CARD_PROVIDER_ERRORS`. */
const EXPIRED = 169;
const REJECTED = 123;

type Json = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** Verifone's brand names (VISA, MASTERCARD) in the lower case our payment methods store. */
const brandOf = (brand: string) => brand.toLowerCase();

/**
 * Verifone's eCommerce API (https://docs.verifone.com): a Checkout (hosted payments page)
 * with amount 0 as an account validation that signs the card up as a stored credential and
 * returns a reuse token; later charges are merchant-initiated card transactions with that
 * token; refunds refer to the charge's transaction id. The return address carries only ids,
 * so a return is verified by reading the checkout, its transaction and the token back from
 * the API: nothing in the address is trusted.
 */
export function createVerifoneLiveGateway(
  settings: VerifoneLiveSettings,
  fetchImpl: typeof fetch,
): CardGateway {
  const call: VerifoneCall = verifoneClient(settings, fetchImpl);

  async function readCard(reuseToken: string) {
    const answer = await call('GET', `${CARDS}/${encodeURIComponent(reuseToken)}`);
    if (!answer.ok) throw unavailable('reading the card token', answer);
    const b = answer.body;
    const lastFour = str(b.last_four);
    const month = Number(b.expiry_month);
    const year = Number(b.expiry_year);
    if (!lastFour || !/^\d{4}$/.test(lastFour) || !(month >= 1 && month <= 12) || !(year >= 2000)) {
      throw new CardReturnError('Verifone returned a token without card details.');
    }
    return {
      brand: brandOf(str(b.brand) ?? 'card'),
      details: maskCardNumber(lastFour),
      expire: `${String(year).slice(-2)}${String(month).padStart(2, '0')}`,
      token: reuseToken,
      // The analytics token is Verifone's one-way token of the card number: the same card has the same one.
      fingerprint: str(b.analytics_token) ?? reuseToken,
    };
  }

  return {
    provider: 'verifone',

    async startCheckout(request: CheckoutRequest) {
      const operator = getOperator(request.operatorId);
      const answer = await call('POST', CHECKOUT, {
        entity_id: settings.entityId,
        currency_code: operator.currency,
        amount: 0,
        merchant_reference: request.checkoutId,
        return_url: request.successUrl,
        i18n: { default_language: languageOf(request.locale), show_language_options: true },
        configurations: {
          card: {
            mode: settings.threeDsContractId ? '3DS_PAYMENT' : 'PAYMENT',
            payment_contract_id: settings.paymentContractId,
            account_validation: true,
            cvv_required: true,
            token_preference: { token_scope: settings.tokenScope, token_type: 'REUSE_AND_ANALYTICS' },
            stored_credential: {
              stored_credential_type: 'SIGNUP',
              processing_model_details: { processing_model: 'UNSCHEDULED_CREDENTIAL_ON_FILE' },
            },
            ...(settings.threeDsContractId
              ? { threed_secure: { enabled: true, threeds_contract_id: settings.threeDsContractId } }
              : {}),
          },
        },
      });
      if (!answer.ok) throw unavailable('creating the checkout', answer);
      const id = str(answer.body.id);
      const url = str(answer.body.url);
      if (!id || !url)
        throw unavailable('creating the checkout', { status: answer.status, code: UNEXPECTED_ERROR });
      return { url, providerReference: id };
    },

    async verifyReturn(params: Record<string, string>): Promise<CardReturn> {
      const id = params.checkout_id ?? params.checkoutId;
      if (!id || !/^[\w-]{1,100}$/.test(id))
        throw new CardReturnError('The return names no Verifone checkout.');
      const answer = await call('GET', `${CHECKOUT}/${encodeURIComponent(id)}`);
      if (!answer.ok && answer.status === 404)
        throw new CardReturnError('Verifone does not know this checkout.');
      if (!answer.ok) throw unavailable('reading the checkout', answer);
      const checkout = answer.body;
      const checkoutId = str(checkout.merchant_reference);
      if (str(checkout.entity_id) !== settings.entityId || !checkoutId) {
        throw new CardReturnError('The Verifone checkout is not one of ours.');
      }

      const events = Array.isArray(checkout.events) ? (checkout.events as Json[]) : [];
      const last = [...events].reverse().find((e) => /^TRANSACTION_(SUCCESS|FAILED)$/.test(String(e.type)));
      if (!last) {
        if (String(checkout.status).toUpperCase() === 'EXPIRED')
          return { outcome: 'failed', checkoutId, errorCode: EXPIRED };
        return { outcome: 'cancelled', checkoutId };
      }
      const details = (last.details ?? {}) as Json;
      if (last.type === 'TRANSACTION_FAILED') {
        const code = Number(details.code ?? details.reason_code);
        return {
          outcome: 'failed',
          checkoutId,
          errorCode: Number.isInteger(code) && code > 0 ? code : REJECTED,
        };
      }

      const transactionId = str(details.id) ?? str(checkout.transaction_id);
      const claimed = params.transaction_id ?? params.transactionId;
      if (!transactionId || (claimed && claimed !== transactionId)) {
        throw new CardReturnError('The transaction does not belong to this checkout.');
      }
      const tx = await call('GET', `${TRANSACTIONS}/${encodeURIComponent(transactionId)}`);
      if (!tx.ok) throw unavailable('reading the transaction', tx);
      if (FAILED_STATES.has(String(tx.body.status).toUpperCase())) {
        return { outcome: 'failed', checkoutId, errorCode: REJECTED };
      }
      const reuseToken = str(tx.body.reuse_token);
      if (!reuseToken) throw new CardReturnError('Verifone returned no reuse token for the card.');
      return { outcome: 'registered', checkoutId, card: await readCard(reuseToken) };
    },

    async charge(request: ChargeRequest): Promise<ChargeResult> {
      const answer = await call(
        'POST',
        `${TRANSACTIONS}/card`,
        {
          payment_provider_contract: settings.paymentContractId,
          amount: request.amount,
          currency_code: request.currency,
          merchant_reference: merchantReference(request.reference),
          reuse_token: request.token,
          capture_now: true,
          shopper_interaction: 'ECOMMERCE',
          stored_credential: {
            stored_credential_type: 'CHARGE',
            processing_model: 'UNSCHEDULED_CREDENTIAL_ON_FILE',
          },
        },
        idempotencyKey(`charge:${request.reference}`),
      );
      if (!answer.ok) return { ok: false, errorCode: answer.code };
      const id = str(answer.body.id);
      if (!id || FAILED_STATES.has(String(answer.body.status).toUpperCase())) {
        return { ok: false, errorCode: Number(answer.body.reason_code) || REJECTED };
      }
      return { ok: true, providerReference: id };
    },

    async refund(request: RefundRequest): Promise<ChargeResult> {
      const answer = await call(
        'POST',
        `${TRANSACTIONS}/${encodeURIComponent(request.paymentReference)}/refund`,
        { amount: request.amount },
        idempotencyKey(`refund:${request.reference}`),
      );
      if (!answer.ok) return { ok: false, errorCode: answer.code };
      const id = str(answer.body.id);
      if (!id || FAILED_STATES.has(String(answer.body.status).toUpperCase())) {
        return { ok: false, errorCode: REJECTED };
      }
      return { ok: true, providerReference: id };
    },
  };
}
