import { CARD_FRAME_HEIGHT, type CardProvider } from '@portal/contract';
import type { CardSandboxPage as Page } from '@portal/demo';
import { type CardSandboxTexts, cardSandboxText, sandboxMessage, TEST_CARDS } from '@portal/domain';
import { type InputHTMLAttributes, useEffect, useId, useRef, useState } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import styles from './CardSandbox.module.css';

// The card provider's sandbox page of the demo: the server's hosted page
// (modules/dev/card-sandbox-page.ts) drawn as a page of this tab. Like the server's it is
// the provider's page, not the portal's: in the provider's colours, in the language the
// portal put on its address (cards/sandboxTexts.ts in the domain). What it
// does with the card (test cards only, expiry, CVC, 3-D Secure, the signed return) is the
// server's sandbox itself (modules/dev/card-sandbox.ts), run in the demo's worker.

const LOOKS: Record<CardProvider, { name: string; colour: string; secured: string; embedded: boolean }> = {
  verifone: { name: 'Verifone', colour: '#0b2a4a', secured: 'Verifone', embedded: false },
  dibs: { name: 'DIBS Payment', colour: '#00467f', secured: 'DIBS (Nets)', embedded: true },
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

/** Inside the portal's frame the page reports its height, so the frame fits it (as the server's page does). */
function useReportHeight() {
  useEffect(() => {
    if (window.parent === window || typeof ResizeObserver !== 'function') return;
    let last = 0;
    const report = () => {
      const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      window.parent.postMessage({ type: CARD_FRAME_HEIGHT, height }, window.location.origin);
    };
    const observer = new ResizeObserver(report);
    observer.observe(document.documentElement);
    report();
    return () => observer.disconnect();
  }, []);
}

function Frame({
  provider,
  merchant,
  locale,
  children,
}: {
  provider: CardProvider;
  merchant: string;
  locale: string;
  children: React.ReactNode;
}) {
  const look = LOOKS[provider];
  const t = cardSandboxText(locale);
  useReportHeight();
  return (
    <div
      className={`${styles.page} ${look.embedded ? styles.embedded : ''}`}
      style={{ '--brand': look.colour } as React.CSSProperties}
      lang={locale}
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
            {t.secured(look.secured, merchant)}
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
  t,
}: {
  merchant: string;
  amount: string;
  purpose: 'verification' | 'payment';
  t: CardSandboxTexts;
}) {
  return (
    <>
      <p>{merchant}</p>
      <div className={styles.amount}>
        <span>{purpose === 'payment' ? t.payment : t.verification}</span>
        <strong>{amount}</strong>
      </div>
    </>
  );
}

function TestCards({ t }: { t: CardSandboxTexts }) {
  return (
    <details open className={styles.details}>
      <summary>{t.testCards}</summary>
      <table>
        <thead>
          <tr>
            <th scope="col">{t.cardNumber}</th>
            <th scope="col">{t.whatHappens}</th>
          </tr>
        </thead>
        <tbody>
          {TEST_CARDS.map((c) => (
            <tr key={c.number}>
              <td>
                <code>{c.number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code>
              </td>
              <td>{t.behaviours[c.behaviour]}</td>
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
    const locale = step.kind === 'closed' ? step.ctx.locale : 'en';
    const t = cardSandboxText(locale);
    return (
      <Frame
        provider={step.kind === 'closed' ? step.ctx.provider : 'verifone'}
        merchant={step.kind === 'closed' ? step.ctx.merchant : ''}
        locale={locale}
      >
        <h1 ref={heading} tabIndex={-1}>
          {t.closedTitle}
        </h1>
        <p role="alert">{step.kind === 'closed' ? sandboxMessage(t, step.reason) : t.noSandbox}</p>
      </Frame>
    );
  }

  const { ctx } = step;
  const t = cardSandboxText(ctx.locale);
  // The page's language goes back with each action, as the server's forms send it.
  const withLocale = (form: Record<string, string>) => ({ ...form, locale: ctx.locale });
  if (step.kind === 'return') {
    return (
      <Frame provider={ctx.provider} merchant={ctx.merchant} locale={ctx.locale}>
        <h1 ref={heading} tabIndex={-1}>
          {t.returning(ctx.merchant)}
        </h1>
        <p>
          <a href={step.url} target="_top">
            {t.continueTo(ctx.merchant)}
          </a>
        </p>
      </Frame>
    );
  }

  if (step.kind === 'three_d_secure') {
    return (
      <Frame provider={ctx.provider} merchant={ctx.merchant} locale={ctx.locale}>
        <h1 ref={heading} tabIndex={-1}>
          {t.confirmTitle}
        </h1>
        <Summary merchant={ctx.merchant} amount={ctx.amount} purpose={ctx.purpose} t={t} />
        <p>{t.confirmText(step.last4)}</p>
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.primary}
            disabled={busy}
            onClick={() => void run('confirm', withLocale({ pending: step.pending, action: 'confirm' }))}
          >
            {t.confirm}
          </button>
          <button
            type="button"
            className={styles.secondary}
            disabled={busy}
            onClick={() => void run('confirm', withLocale({ pending: step.pending, action: 'fail' }))}
          >
            {t.fail}
          </button>
        </div>
      </Frame>
    );
  }

  const errors = step.errors ?? {};
  const error = (english: string | undefined) => (english ? sandboxMessage(t, english) : undefined);
  return (
    <Frame provider={ctx.provider} merchant={ctx.merchant} locale={ctx.locale}>
      <h1 ref={heading} tabIndex={-1}>
        {ctx.purpose === 'payment' ? t.payTitle : t.title}
      </h1>
      <Summary merchant={ctx.merchant} amount={ctx.amount} purpose={ctx.purpose} t={t} />
      {step.status === 400 && (
        <div className={styles.alert} role="alert">
          {t.checkDetails}
        </div>
      )}
      <form noValidate onSubmit={handleSubmit((form) => run('submit', withLocale({ ...form })))}>
        <Field
          label={t.cardNumber}
          error={error(errors.number)}
          field={register('card_number')}
          inputProps={{ inputMode: 'numeric', autoComplete: 'cc-number', maxLength: 23 }}
        />
        <div className={styles.row}>
          <Field
            label={t.expiry}
            error={error(errors.expiry)}
            field={register('expiry')}
            inputProps={{ autoComplete: 'cc-exp', maxLength: 7, placeholder: 'MM/YY' }}
          />
          <Field
            label={t.cvc}
            error={error(errors.cvc)}
            field={register('cvc')}
            inputProps={{ inputMode: 'numeric', autoComplete: 'cc-csc', maxLength: 4 }}
          />
        </div>
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={busy}>
            {ctx.purpose === 'payment' ? t.pay(ctx.amount) : t.verify}
          </button>
          <button
            type="button"
            className={styles.secondary}
            disabled={busy}
            onClick={() => void run('submit', withLocale({ action: 'cancel' }))}
          >
            {t.cancel}
          </button>
        </div>
      </form>
      <TestCards t={t} />
    </Frame>
  );
}
