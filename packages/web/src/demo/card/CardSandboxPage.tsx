import { zodResolver } from '@hookform/resolvers/zod';
import type { CardProvider } from '@portal/contract';
import {
  failedResult,
  intoApp,
  registeredResult,
  type SandboxCheckout,
  signReturn,
  withReturnParams,
} from '@portal/demo';
import {
  type CardField,
  type CheckedCard,
  checkCardEntry,
  SANDBOX_ERRORS,
  type SandboxResult,
  TEST_CARDS,
} from '@portal/domain';
import { type InputHTMLAttributes, useEffect, useId, useMemo, useRef, useState } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { z } from 'zod';
import styles from './CardSandbox.module.css';

// The card provider's sandbox page of the demo: the server's hosted page
// (modules/dev/card-sandbox-page.ts) as a page of this tab. Like the server's it is the
// provider's page, not the portal's: English only, in the provider's colours. What it
// checks (test cards only, expiry, CVC) is domain's checkCardEntry, as on the server.

const LOOKS: Record<CardProvider, { name: string; colour: string; secured: string; embedded: boolean }> = {
  verifone: { name: 'Verifone', colour: '#0b2a4a', secured: 'Secured by Verifone', embedded: false },
  dibs: { name: 'DIBS Payment', colour: '#00467f', secured: 'Secured by DIBS (Nets)', embedded: true },
};

/** Where the page sends the member back: the top window, also from inside the portal's iframe. */
export type Leave = (address: string) => void;

export const leaveToTop: Leave = (address) => {
  (window.top ?? window).location.assign(address);
};

interface Props {
  provider: CardProvider;
  checkout: SandboxCheckout;
  /** Today, for the expiry check (the demo's clock). */
  now: Date;
  leave?: Leave;
}

function Frame({
  provider,
  merchant,
  children,
}: {
  provider: CardProvider;
  merchant: string;
  children: React.ReactNode;
}) {
  const look = LOOKS[provider];
  return (
    <div
      className={`${styles.page} ${look.embedded ? styles.embedded : ''}`}
      style={{ '--brand': look.colour } as React.CSSProperties}
      lang="en"
    >
      <div className={styles.card}>
        <header className={styles.header}>
          <span className={styles.logo}>{look.name}</span>
          <span className={styles.badge}>Sandbox</span>
        </header>
        <main className={styles.main}>
          {children}
          <p className={styles.secure}>
            <svg aria-hidden="true" width="14" height="14" viewBox="0 0 16 16">
              <path fill="currentColor" d="M4 7V5a4 4 0 1 1 8 0v2h1v8H3V7h1zm2 0h4V5a2 2 0 1 0-4 0v2z" />
            </svg>{' '}
            {look.secured}. Card details go to {look.name} only, never to {merchant}.
          </p>
        </main>
      </div>
    </div>
  );
}

function Summary({ merchant, amount }: { merchant: string; amount: string }) {
  return (
    <>
      <p>{merchant}</p>
      <div className={styles.amount}>
        <span>Card verification</span>
        <strong>{amount}</strong>
      </div>
    </>
  );
}

function TestCards() {
  return (
    <details open className={styles.details}>
      <summary>Sandbox test cards (any future expiry date, any CVC)</summary>
      <table>
        <thead>
          <tr>
            <th scope="col">Card number</th>
            <th scope="col">What happens</th>
          </tr>
        </thead>
        <tbody>
          {TEST_CARDS.map((c) => (
            <tr key={c.number}>
              <td>
                <code>{c.number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code>
              </td>
              <td>{c.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** The card form's fields, named as on the server's hosted page. */
interface CardForm {
  card_number: string;
  expiry: string;
  cvc: string;
}
const FIELDS: Record<CardField, keyof CardForm> = { number: 'card_number', expiry: 'expiry', cvc: 'cvc' };
type Checked = Extract<CheckedCard, { ok: true }>;

/** The entry checked by checkCardEntry: the test card it is, or its texts at their fields. */
const cardSchema = (now: Date) =>
  z.object({ card_number: z.string(), expiry: z.string(), cvc: z.string() }).transform((form, ctx) => {
    const checked = checkCardEntry({ number: form.card_number, expiry: form.expiry, cvc: form.cvc }, now);
    if (checked.ok) return checked;
    for (const [field, message] of Object.entries(checked.errors)) {
      ctx.addIssue({ code: 'custom', path: [FIELDS[field as CardField]], message });
    }
    return z.NEVER;
  });

interface FieldProps {
  label: string;
  error: string | undefined;
  field: UseFormRegisterReturn<keyof CardForm>;
  inputProps: InputHTMLAttributes<HTMLInputElement>;
}

function Field({ label, error, field, inputProps }: FieldProps) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...inputProps}
        {...field}
      />
      {error && (
        <p className={styles.error} id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The sandbox provider's page for one checkout: the card form (approve, decline, 3-D
 * Secure or cancel), then the signed return to the portal's success or cancel address,
 * as the real provider's redirect brings the member back.
 */
export function CardSandboxPage({ provider, checkout, now, leave = leaveToTop }: Props) {
  const schema = useMemo(() => cardSchema(now), [now]);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CardForm, unknown, Checked>({
    resolver: zodResolver(schema),
    defaultValues: { card_number: '', expiry: '', cvc: '' },
    // As at the provider: checked when sent, the texts stay until the next try.
    reValidateMode: 'onSubmit',
  });
  const [pending, setPending] = useState<Extract<SandboxResult, { outcome: 'registered' }> | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const step = pending ? '3ds' : checkout.open ? 'form' : 'closed';

  // Each step is a new page at the provider: the heading takes the focus, as after a load.
  useEffect(() => {
    if (step !== 'form') heading.current?.focus();
  }, [step]);

  if (!checkout.open) {
    return (
      <Frame provider={provider} merchant={checkout.merchant}>
        <h1 ref={heading} tabIndex={-1}>
          This checkout is closed
        </h1>
        <p role="alert">{checkout.reason}</p>
      </Frame>
    );
  }

  async function finish(result: SandboxResult) {
    if (!checkout.open) return;
    setBusy(true);
    const params = await signReturn(provider, result);
    const address = result.outcome === 'cancelled' ? checkout.cancelUrl : checkout.successUrl;
    leave(withReturnParams(intoApp(address), params));
  }

  async function submit(checked: Checked) {
    if (!checkout.open) return;
    const { checkoutId } = checkout;
    if (checked.card.behaviour === 'decline') {
      await finish(failedResult(checkoutId, SANDBOX_ERRORS.declined));
      return;
    }
    const result = await registeredResult(provider, checkoutId, checked.card, checked.digits, checked.expire);
    if (checked.card.behaviour === 'three_d_secure' && result.outcome === 'registered') setPending(result);
    else await finish(result);
  }

  if (pending) {
    return (
      <Frame provider={provider} merchant={checkout.merchant}>
        <h1 ref={heading} tabIndex={-1}>
          Confirm it is you
        </h1>
        <Summary merchant={checkout.merchant} amount={checkout.amount} />
        <p>
          Your bank asks you to confirm this card verification for the card ending in{' '}
          <strong>{pending.card.last4}</strong> (sandbox: choose the outcome).
        </p>
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.primary}
            disabled={busy}
            onClick={() => void finish(pending)}
          >
            Confirm
          </button>
          <button
            type="button"
            className={styles.secondary}
            disabled={busy}
            onClick={() => void finish(failedResult(checkout.checkoutId, SANDBOX_ERRORS.threeDSecure))}
          >
            Fail authentication
          </button>
        </div>
      </Frame>
    );
  }

  const failed = Object.keys(errors).length > 0;
  return (
    <Frame provider={provider} merchant={checkout.merchant}>
      <h1 ref={heading} tabIndex={-1}>
        Add a payment card
      </h1>
      <Summary merchant={checkout.merchant} amount={checkout.amount} />
      {failed && (
        <div className={styles.alert} role="alert">
          Please check the card details below.
        </div>
      )}
      <form noValidate onSubmit={handleSubmit(submit)}>
        <Field
          label="Card number"
          error={errors.card_number?.message}
          field={register('card_number')}
          inputProps={{ inputMode: 'numeric', autoComplete: 'cc-number', maxLength: 23 }}
        />
        <div className={styles.row}>
          <Field
            label="Expiry date (MM/YY)"
            error={errors.expiry?.message}
            field={register('expiry')}
            inputProps={{ autoComplete: 'cc-exp', maxLength: 7, placeholder: 'MM/YY' }}
          />
          <Field
            label="Security code (CVC)"
            error={errors.cvc?.message}
            field={register('cvc')}
            inputProps={{ inputMode: 'numeric', autoComplete: 'cc-csc', maxLength: 4 }}
          />
        </div>
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={busy}>
            Verify card
          </button>
          <button
            type="button"
            className={styles.secondary}
            disabled={busy}
            onClick={() => void finish({ outcome: 'cancelled', checkoutId: checkout.checkoutId })}
          >
            Cancel
          </button>
        </div>
      </form>
      <TestCards />
    </Frame>
  );
}
