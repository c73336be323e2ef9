import type { InvoicePaid } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ErrorResponse } from '../../../lib/api.ts';
import { providerParams } from '../card/cardUpdate.ts';
import { invoicePaymentReturnMutation } from './queries.ts';

/** What the banner of /payment/invoices/:id/paid shows. */
export interface PayNowResult {
  outcome: 'unknown' | 'success' | 'error';
  /** The paid invoice's number. */
  number: string | null;
  /** The refusal's type on an error (card_declined, payment_cancelled …). */
  errorType: string | null;
}

const CONFIRMING: PayNowResult = { outcome: 'unknown', number: null, errorType: null };

export function payNowResult(answer: InvoicePaid | undefined, error: unknown): PayNowResult {
  if (answer) return { outcome: 'success', number: answer.invoice.invoice_number, errorType: null };
  const errorType = error instanceof ErrorResponse ? (error.errors[0]?.type ?? null) : null;
  return { outcome: 'error', number: null, errorType };
}

function storedResult(state: unknown): PayNowResult | null {
  const stored = (state as { payNow?: PayNowResult } | null)?.payNow;
  return stored && typeof stored.outcome === 'string' ? stored : null;
}

/**
 * The provider's return on /payment/invoices/:id/paid, as the card update's
 * (useCardRegistration): posts every query parameter once, takes them off the address at
 * once and keeps the result in the history entry, so a reload shows the banner again
 * without a second post.
 */
export function usePayNowReturn(invoiceId: string): PayNowResult | null {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useState(() => providerParams(location.search));
  const posted = useRef(false);
  const paid = useMutation(invoicePaymentReturnMutation(queryClient, invoiceId));
  const { mutate } = paid;
  const { pathname } = location;

  useEffect(() => {
    if (!params || posted.current) return;
    posted.current = true;
    navigate({ pathname, search: '' }, { replace: true });
    mutate(params, {
      onSettled: (answer, error) =>
        navigate(pathname, { replace: true, state: { payNow: payNowResult(answer, error) } }),
    });
  }, [params, pathname, navigate, mutate]);

  if (paid.isSuccess || paid.isError) return payNowResult(paid.data, paid.error);
  if (params) return CONFIRMING;
  return storedResult(location.state);
}
