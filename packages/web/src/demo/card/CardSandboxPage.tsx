import type { CardProvider } from '@portal/contract';
import type { CardSandboxPage as Page } from '@portal/demo';
import { TEST_CARDS } from '@portal/domain';
import { type InputHTMLAttributes, useEffect, useId, useRef, useState } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import styles from './CardSandbox.module.css';

// The card provider's sandbox page of the demo: the server's hosted page
// (modules/dev/card-sandbox-page.ts) drawn as a page of this tab. Like the server's it is
// the provider's page, not the portal's: English only, in the provider's colours. What it
// does with the card (test cards only, expiry, CVC, 3-D Secure, the signed return) is the
// server's sandbox itself (modules/dev/card-sandbox.ts), run in the demo's worker.

const LOOKS: Record<CardProvider, { name: string; colour: string; secured: string; embedded: boolean }> = {
  verifone: { name: 'Verifone', colour: '#0b2a4a', secured: 'Secured by Verifone', embedded: false },
  dibs: { name: 'DIBS Payment', colour: '#00467f', secured: 'Secured by DIBS (Nets)', embedded: true },
};

/** Where the page sends the member back: the top window, also from inside the portal's iframe. */
export type Leave = (address: string) => void;

export const leaveToTop: Leave = (address) => {
  (window.top ?? window).location.assign(address);
};

/** The provider's next step for what the member did on the page (the sandbox in the worker). */
export type Act = (action: 'submit' | 'confirm', form: Record<string, string>) => Promise<Page>;

interface Props {
  /** The page as the sandbox opened it. */
  page: Page;
  act: Act;
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

function Summary({
  merchant,
  amount,
  purpose,
}: {
  merchant: string;
  amount: string;
  purpose: 'verification' | 'payment';
}) {
  return (
    <>
      <p>{merchant}</p>
      <div className={styles.amount}>
        <span>{purpose === 'payment' ? 'Payment' : 'Card verification'}</span>
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
export function CardSandboxPage({ page: opened, act, leave = leaveToTop }: Props) {
  const { register, handleSubmit } = useForm<CardForm>({
    defaultValues: { card_number: '', expiry: '', cvc: '' },
  });
  const [page, setPage] = useState(opened);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const { step } = page;

  // Each step is a new page at the provider: the heading takes the focus, as after a load.
  useEffect(() => {
    if (step.kind !== 'form' || step.status === 400) heading.current?.focus();
  }, [step]);

  useEffect(() => {
    if (step.kind === 'return') leave(step.url);
  }, [step, leave]);

  async function run(action: 'submit' | 'confirm', form: Record<string, string>) {
    setBusy(true);
    try {
      const next = await act(action, form);
      setPage(next);
      if (next.step.kind !== 'return') setBusy(false);
    } catch (error) {
      setBusy(false);
      throw error;
    }
  }

  if (step.kind === 'no_sandbox' || step.kind === 'closed') {
    return (
      <Frame
        provider={step.kind === 'closed' ? step.ctx.provider : 'verifone'}
        merchant={step.kind === 'closed' ? step.ctx.merchant : ''}
      >
        <h1 ref={heading} tabIndex={-1}>
          This checkout is closed
        </h1>
        <p role="alert">{step.kind === 'closed' ? step.reason : 'No sandbox for this provider.'}</p>
      </Frame>
    );
  }

  const { ctx } = step;
  if (step.kind === 'return') {
    return (
      <Frame provider={ctx.provider} merchant={ctx.merchant}>
        <h1 ref={heading} tabIndex={-1}>
          Returning to {ctx.merchant}
        </h1>
        <p>
          <a href={step.url} target="_top">
            Continue
          </a>
        </p>
      </Frame>
    );
  }

  if (step.kind === 'three_d_secure') {
    return (
      <Frame provider={ctx.provider} merchant={ctx.merchant}>
        <h1 ref={heading} tabIndex={-1}>
          Confirm it is you
        </h1>
        <Summary merchant={ctx.merchant} amount={ctx.amount} purpose={ctx.purpose} />
        <p>
          Your bank asks you to confirm this card verification for the card ending in{' '}
          <strong>{step.last4}</strong> (sandbox: choose the outcome).
        </p>
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.primary}
            disabled={busy}
            onClick={() => void run('confirm', { pending: step.pending, action: 'confirm' })}
          >
            Confirm
          </button>
          <button
            type="button"
            className={styles.secondary}
            disabled={busy}
            onClick={() => void run('confirm', { pending: step.pending, action: 'fail' })}
          >
            Fail authentication
          </button>
        </div>
      </Frame>
    );
  }

  const errors = step.errors ?? {};
  return (
    <Frame provider={ctx.provider} merchant={ctx.merchant}>
      <h1 ref={heading} tabIndex={-1}>
        {ctx.purpose === 'payment' ? 'Pay by card' : 'Add a payment card'}
      </h1>
      <Summary merchant={ctx.merchant} amount={ctx.amount} purpose={ctx.purpose} />
      {step.status === 400 && (
        <div className={styles.alert} role="alert">
          Please check the card details below.
        </div>
      )}
      <form noValidate onSubmit={handleSubmit((form) => run('submit', { ...form }))}>
        <Field
          label="Card number"
          error={errors.number}
          field={register('card_number')}
          inputProps={{ inputMode: 'numeric', autoComplete: 'cc-number', maxLength: 23 }}
        />
        <div className={styles.row}>
          <Field
            label="Expiry date (MM/YY)"
            error={errors.expiry}
            field={register('expiry')}
            inputProps={{ autoComplete: 'cc-exp', maxLength: 7, placeholder: 'MM/YY' }}
          />
          <Field
            label="Security code (CVC)"
            error={errors.cvc}
            field={register('cvc')}
            inputProps={{ inputMode: 'numeric', autoComplete: 'cc-csc', maxLength: 4 }}
          />
        </div>
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={busy}>
            {ctx.purpose === 'payment' ? `Pay ${ctx.amount}` : 'Verify card'}
          </button>
          <button
            type="button"
            className={styles.secondary}
            disabled={busy}
            onClick={() => void run('submit', { action: 'cancel' })}
          >
            Cancel
          </button>
        </div>
      </form>
      <TestCards />
    </Frame>
  );
}
