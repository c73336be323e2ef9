import { zodResolver } from '@hookform/resolvers/zod';
import { type PublicCancellationReceipt, PublicCancellationRequest } from '@portal/contract';
import type { TFunction } from 'i18next';
import { type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { type FieldErrors, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../../components/Button.tsx';
import { Field } from '../../../components/Field.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { ErrorResponse, api } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { useOperator } from '../../../lib/operator.ts';
import { useToday } from '../../../lib/today.ts';
import { useAction } from '../../../lib/useAction.ts';
import { fieldsOfInvalidRequest, messageKey } from '../declaration/declarationForm.ts';
import styles from '../declaration/Declaration.module.css';
import {
  ConfirmationEmailField,
  EffectiveDateFields,
  KindFields,
  RadioGroup,
} from '../declaration/fields.tsx';
import { Receipt } from '../declaration/Receipt.tsx';
import {
  PUBLIC_FIELDS,
  type PublicFormValues,
  publicBody,
  publicDefaults,
  publicFormSchema,
} from './publicForm.ts';

type Level = 1 | 2;

type PublicField = (typeof PUBLIC_FIELDS)[number];

/** The name of each field, for an error summary entry whose message does not say it. */
const FIELD_LABELS: Record<PublicField, string> = {
  reason: 'publicCancellation.kind.reason',
  first_name: 'publicCancellation.identity.firstName',
  last_name: 'publicCancellation.identity.lastName',
  membership_number: 'publicCancellation.identity.number',
  email: 'publicCancellation.identity.email',
  effective_date: 'publicCancellation.effective.date',
  confirmation_email: 'publicCancellation.confirmationEmail',
};

/** The fields in error, in the form's order. */
const fieldsInError = (errors: FieldErrors<PublicFormValues>): PublicField[] =>
  PUBLIC_FIELDS.filter((field) => errors[field]);

/**
 * The error summary of a failed send: how many entries need correcting, each a link that
 * puts the member in its field. It fills the form's live region, so a screen reader says
 * it as it appears (docs/portal-screens.md).
 */
function ErrorSummary({
  fields,
  errors,
  onPick,
}: {
  fields: PublicField[];
  errors: FieldErrors<PublicFormValues>;
  onPick: (field: PublicField) => void;
}) {
  const { t } = useTranslation();
  const text = (field: PublicField) => {
    const key = errors[field]?.message ?? messageKey('invalid');
    // A general message ("Please check this entry.") is named by its field.
    return key === messageKey('invalid') ? `${t(FIELD_LABELS[field])}: ${t(key)}` : t(key);
  };
  return (
    <div className={styles.errorSummary}>
      <p className={styles.errorSummaryTitle}>
        {t('publicCancellation.errors.summary', { count: fields.length })}
      </p>
      <ul>
        {fields.map((field) => (
          <li key={field}>
            <a
              href={`#${field}`}
              onClick={(event) => {
                event.preventDefault();
                onPick(field);
              }}
            >
              {text(field)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The text of a failed send, or null when its messages are at the fields. */
function failureText(error: unknown, t: TFunction): string | null {
  if (error instanceof ErrorResponse && error.status === 429) {
    const seconds = Number(error.errors[0]?.context?.retry_after ?? 60);
    return t('publicCancellation.errors.tooMany', { count: Math.max(1, Math.ceil(seconds / 60)) });
  }
  if (error instanceof ErrorResponse && error.status === 400) {
    return fieldsOfInvalidRequest(error.errors, PUBLIC_FIELDS).other
      ? t('publicCancellation.errors.check')
      : null;
  }
  return t('publicCancellation.errors.generic');
}

function PublicForm({
  level,
  defaults,
  busy,
  error,
  onSend,
}: {
  level: Level;
  defaults: Partial<PublicFormValues> | undefined;
  busy: boolean;
  error: unknown;
  onSend: (body: PublicCancellationRequest) => void;
}) {
  const { t, i18n } = useTranslation();
  const operator = useOperator();
  const today = useToday();
  const id = useId();
  const noticeRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  /** The fields of the last failed send, for the error summary (kept until the next send). */
  const [summary, setSummary] = useState<PublicField[]>([]);
  const locale = i18n.language;
  const schema = useMemo(() => publicFormSchema(operator.id, locale, today), [operator.id, locale, today]);
  const {
    register,
    handleSubmit,
    control,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<PublicFormValues>({
    resolver: zodResolver(schema),
    defaultValues: { ...publicDefaults(), ...defaults },
  });
  const [kind, identifyBy, effective] = useWatch({ control, name: ['kind', 'identify_by', 'effective'] });
  const message = (key?: string) => (key ? t(key) : undefined);

  // A 400 puts its message at the fields it names; anything else is a notice before the button.
  const failure = error ? failureText(error, t) : null;
  useEffect(() => {
    if (!(error instanceof ErrorResponse && error.status === 400)) {
      if (error) noticeRef.current?.focus();
      return;
    }
    const { shown } = fieldsOfInvalidRequest(error.errors, PUBLIC_FIELDS);
    shown.forEach((field, i) => {
      const key = field.endsWith('email') ? 'emailInvalid' : 'invalid';
      setError(field as keyof PublicFormValues, { message: messageKey(key) }, { shouldFocus: i === 0 });
    });
    setSummary(PUBLIC_FIELDS.filter((field) => (shown as readonly string[]).includes(field)));
  }, [error, setError]);

  // Opened from a link (the footer's), the member starts at the form's heading, not at the
  // link left behind; on a page load nothing had the focus. Inside the shell the shell
  // moves the focus on navigation.
  useEffect(() => {
    const active = document.activeElement;
    if (level !== 1 || !active || active === document.body) return;
    if (sectionRef.current?.contains(active)) return;
    headingRef.current?.focus();
  }, [level]);

  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section ref={sectionRef} className={styles.sheet} aria-labelledby={id}>
      <Heading id={id} ref={headingRef} tabIndex={-1} className={styles.title}>
        {t('publicCancellation.title')}
      </Heading>
      <p className={styles.intro}>
        {t(level === 1 ? 'publicCancellation.intro' : 'publicCancellation.introSignedIn')}
      </p>
      <form
        noValidate
        onSubmit={handleSubmit(
          (values) => {
            setSummary([]);
            onSend(PublicCancellationRequest.parse(publicBody(values, operator.id, locale)));
          },
          (invalid) => setSummary(fieldsInError(invalid)),
        )}
      >
        {/* The form's live region: empty until a send fails, then the error summary. */}
        <div aria-live="assertive" aria-atomic="true" data-live="errors">
          {summary.length > 0 && (
            <ErrorSummary fields={summary} errors={errors} onPick={(field) => setFocus(field)} />
          )}
        </div>
        <div className={styles.columns}>
          <div className={styles.column}>
            <KindFields
              kind={kind}
              kindRegistration={register('kind')}
              reasonRegistration={register('reason')}
              reasonError={message(errors.reason?.message)}
            />
            <fieldset className={styles.group}>
              {/* Named for assistive technology; on screen the name fields say it themselves. */}
              <legend className="visually-hidden">{t('publicCancellation.identity.legend')}</legend>
              <div className={styles.nameRow}>
                <Field
                  label={t('publicCancellation.identity.firstName')}
                  autoComplete="given-name"
                  required
                  error={message(errors.first_name?.message)}
                  {...register('first_name')}
                />
                <Field
                  label={t('publicCancellation.identity.lastName')}
                  autoComplete="family-name"
                  required
                  error={message(errors.last_name?.message)}
                  {...register('last_name')}
                />
              </div>
              <RadioGroup
                legend={t('publicCancellation.identity.by')}
                registration={register('identify_by')}
                options={[
                  { value: 'membership_number', label: t('publicCancellation.identity.byNumber') },
                  { value: 'email', label: t('publicCancellation.identity.byEmail') },
                ]}
              />
              {identifyBy === 'membership_number' ? (
                <Field
                  key="number"
                  label={t('publicCancellation.identity.number')}
                  autoComplete="off"
                  spellCheck={false}
                  required
                  error={message(errors.membership_number?.message)}
                  {...register('membership_number')}
                />
              ) : (
                <Field
                  key="email"
                  type="email"
                  label={t('publicCancellation.identity.email')}
                  autoComplete="email"
                  autoCapitalize="none"
                  spellCheck={false}
                  required
                  error={message(errors.email?.message)}
                  {...register('email')}
                />
              )}
            </fieldset>
          </div>
          <div className={styles.column}>
            <dl className={styles.fixed}>
              <dt>{t('publicCancellation.contract.label')}</dt>
              <dd>{t('publicCancellation.contract.membership', { brand: operator.brand })}</dd>
            </dl>
            <EffectiveDateFields
              effective={effective}
              today={today}
              effectiveRegistration={register('effective')}
              dateRegistration={register('effective_date')}
              dateError={message(errors.effective_date?.message)}
            />
            <ConfirmationEmailField
              registration={register('confirmation_email')}
              error={message(errors.confirmation_email?.message)}
            />
          </div>
        </div>
        {/* Never shown, never reachable: only a script filling every field fills it (no CAPTCHA). */}
        <div className={styles.trap} aria-hidden="true" inert>
          <label htmlFor={`${id}-website`}>Website</label>
          <input id={`${id}-website`} type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
        </div>
        {failure && (
          <Notice tone="error" ref={noticeRef}>
            {failure}
          </Notice>
        )}
        <div className={styles.submit}>
          <Button type="submit" busy={busy} busyLabel={t('publicCancellation.busy')}>
            {t('publicCancellation.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** Exactly what the server received, when, and that the confirmation is on its way. */
function PublicReceipt({
  receipt,
  level,
  back,
}: {
  receipt: PublicCancellationReceipt;
  level: Level;
  back: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const operator = useOperator();
  const date = receipt.effective_date ? formatDate(receipt.effective_date, i18n.language) : null;
  const rows = [
    { label: t('publicCancellation.receipt.reference'), value: receipt.reference },
    { label: t('publicCancellation.kind.legend'), value: t(`publicCancellation.kind.${receipt.kind}`) },
    ...(receipt.reason ? [{ label: t('publicCancellation.kind.reason'), value: receipt.reason }] : []),
    {
      label: t('publicCancellation.receipt.name'),
      value: `${receipt.first_name} ${receipt.last_name}`,
    },
    ...(receipt.membership_number
      ? [{ label: t('publicCancellation.identity.number'), value: receipt.membership_number }]
      : []),
    ...(receipt.email ? [{ label: t('publicCancellation.identity.email'), value: receipt.email }] : []),
    {
      label: t('publicCancellation.contract.label'),
      value: t('publicCancellation.contract.membership', { brand: operator.brand }),
    },
    {
      label: t('publicCancellation.receipt.effective'),
      value: date ?? t('publicCancellation.effective.earliest'),
    },
    { label: t('publicCancellation.confirmationEmail'), value: receipt.confirmation_email },
  ];
  return (
    <Receipt
      level={level}
      title={t('publicCancellation.receipt.title')}
      receivedAt={receipt.received_at}
      rows={rows}
      actions={back}
    >
      <p>{t('publicCancellation.receipt.emailSent', { email: receipt.confirmation_email })}</p>
      <p>
        {date
          ? t('publicCancellation.receipt.endsChosen', { date })
          : t('publicCancellation.receipt.endsEarliest')}
      </p>
    </Receipt>
  );
}

/**
 * /cancel-contract: cancelling without signing in (§ 312k BGB), for operators with the public
 * cancellation. One page, nothing before the button; after it, the receipt. `level` 2 inside
 * the shell, whose top bar holds the page's h1.
 */
export function PublicCancellationPage({
  level = 1,
  defaults,
}: {
  level?: Level;
  /** What the portal knows of a signed-in member; every field stays editable. */
  defaults?: Partial<PublicFormValues>;
}) {
  const { t } = useTranslation();
  const send = useAction(
    useCallback((body: PublicCancellationRequest) => api('publicCancellation', { body }), []),
  );
  if (send.isSuccess && send.data) {
    return (
      <PublicReceipt
        receipt={send.data}
        level={level}
        back={
          <ButtonLink to="/" variant="secondary">
            {level === 1 ? t('publicCancellation.receipt.toLogin') : t('publicCancellation.receipt.toHome')}
          </ButtonLink>
        }
      />
    );
  }
  return (
    <PublicForm
      level={level}
      defaults={defaults}
      busy={send.isPending}
      error={send.error}
      onSend={(body) => void send.run(body)}
    />
  );
}
