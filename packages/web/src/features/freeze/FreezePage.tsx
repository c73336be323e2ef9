import { zodResolver } from '@hookform/resolvers/zod';
import { type FreezePeriod, type FreezePolicy, FreezePeriodRequest, type Membership } from '@portal/contract';
import { canFreeze } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import type { z } from 'zod/mini';
import { ActionError, ActionSuccess } from '../../components/ActionResult.tsx';
import { Button, ButtonLink } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { Loading } from '../../components/Loading.tsx';
import { SelectField } from '../../components/SelectField.tsx';
import { api } from '../../lib/api.ts';
import { logEvent } from '../../lib/events.ts';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { useLoadedMembership } from '../../lib/membership.ts';
import { useOperator } from '../../lib/operator.ts';
import { useToday } from '../../lib/today.ts';
import styles from './Freeze.module.css';
import prose from '../../components/Prose.module.css';
import {
  canSubmitFreeze,
  endAfterBeginChange,
  type FreezeFormSetup,
  freezeCost,
  freezeFormSetup,
} from './freezeForm.ts';
import { useFreezePolicy } from './queries.ts';

/** The dates of the contract's freeze request: the form refuses what the server would. */
const FreezeDates = FreezePeriodRequest.shape.freeze_period;
type FreezeDates = z.output<typeof FreezeDates>;
/** What the form holds: '' while a date is not chosen yet. */
type FreezeDatesInput = z.input<typeof FreezeDates>;

/** What the page explains before the form: fee, months left, the operator's rules. */
function FreezeExplanation({
  policy,
  currency,
}: {
  policy: FreezePolicy;
  currency: Membership['operator']['currency'];
}) {
  const { t, i18n } = useTranslation();
  const operator = useOperator();
  const id = useId();
  const fee = formatMoney(policy.monthly_fee, currency, i18n.language);
  return (
    <section aria-labelledby={id}>
      <Card>
        <h2 id={id} className={styles.title}>
          {t('freeze.about.title')}
        </h2>
        <ul className={prose.points}>
          <li>{t('freeze.about.fee', { fee })}</li>
          {/* "0 of 3 months left" reads as a riddle: with none left, say so and when the next ones come. */}
          <li>
            {policy.membership.available_months > 0
              ? t('freeze.about.monthsLeft', {
                  count: policy.membership.available_months,
                  max: policy.max_months,
                })
              : t('freeze.about.nextYear')}
          </li>
          <li>{t('freeze.about.wholeMonths')}</li>
          {operator.freezeOneMonthOrOnceText && <li>{t('freeze.about.oneMonthOrOnce')}</li>}
          {operator.freezeExtendsContract && <li>{t('freeze.about.extendsContract')}</li>}
          {operator.freezeRequestBeforeFirstOfMonth && <li>{t('freeze.about.requestBeforeFirst')}</li>}
          <li>{t('freeze.about.reactivates')}</li>
        </ul>
      </Card>
    </section>
  );
}

function FreezeForm({
  setup,
  policy,
  currency,
  busy,
  onSubmit,
}: {
  setup: FreezeFormSetup;
  policy: FreezePolicy;
  currency: Membership['operator']['currency'];
  busy: boolean;
  onSubmit: (dates: FreezeDates) => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const id = useId();
  const { control, handleSubmit, getValues, setValue } = useForm<FreezeDatesInput, unknown, FreezeDates>({
    resolver: zodResolver(FreezeDates),
    defaultValues: { begin_date: setup.initialBegin, end_date: setup.initialEnd },
  });
  const [begin, end] = useWatch({ control, name: ['begin_date', 'end_date'] });
  const endOptions = useMemo(() => setup.endOptions(begin), [setup, begin]);
  const ready = canSubmitFreeze(setup, begin, end);
  const cost = begin !== '' && end !== '' ? freezeCost(begin, end, policy.monthly_fee) : null;

  return (
    <section aria-labelledby={id}>
      <Card>
        <h2 id={id} className={styles.title}>
          {t(`freeze.form.title.${setup.mode}`)}
        </h2>
        {setup.mode !== 'create' && setup.freeze && (
          <p className={prose.highlight}>
            {t(`freeze.form.currentDates.${setup.mode}`, {
              begin: formatDate(setup.freeze.begin_date, locale),
              end: formatDate(setup.freeze.end_date, locale),
            })}
          </p>
        )}
        {setup.beginOptions.length === 0 ? (
          <p className={styles.empty}>{t('freeze.form.noDates')}</p>
        ) : (
          <form
            noValidate
            onSubmit={handleSubmit((dates) => {
              if (ready) onSubmit(dates);
            })}
          >
            <div className={styles.fields}>
              {setup.beginFixed ? (
                // A freeze under way keeps its begin: shown, not a control.
                <div className={styles.fixed}>
                  <p className={styles.fixedLabel}>{t('freeze.form.begin')}</p>
                  <p className={styles.fixedValue}>{formatDate(begin, locale)}</p>
                  <p className={styles.fixedHint}>{t('freeze.form.beginFixed')}</p>
                </div>
              ) : (
                <Controller
                  control={control}
                  name="begin_date"
                  render={({ field }) => (
                    <SelectField
                      label={t('freeze.form.begin')}
                      {...field}
                      onChange={(event) => {
                        const next = event.target.value;
                        field.onChange(next);
                        setValue('end_date', endAfterBeginChange(setup, next, getValues('end_date')));
                      }}
                    >
                      {field.value === '' && (
                        <option value="" disabled>
                          {t('freeze.form.chooseBegin')}
                        </option>
                      )}
                      {setup.beginOptions.map((date) => (
                        <option key={date} value={date}>
                          {formatDate(date, locale)}
                        </option>
                      ))}
                    </SelectField>
                  )}
                />
              )}
              <Controller
                control={control}
                name="end_date"
                render={({ field }) => (
                  <SelectField label={t('freeze.form.end')} {...field} disabled={begin === ''}>
                    {field.value === '' && (
                      <option value="" disabled>
                        {begin === '' ? t('freeze.form.endAfterBegin') : t('freeze.form.chooseEnd')}
                      </option>
                    )}
                    {endOptions.map((date) => (
                      <option key={date} value={date}>
                        {formatDate(date, locale)}
                      </option>
                    ))}
                  </SelectField>
                )}
              />
            </div>
            <div className={styles.cost} aria-live="polite">
              {cost && (
                <>
                  <span className={styles.costLabel}>{t('freeze.form.total')}</span>
                  <span className={styles.costValue}>{formatMoney(cost.total, currency, locale)}</span>
                  <span className={styles.costDetail}>
                    {t('freeze.form.totalDetail', {
                      count: cost.months,
                      fee: formatMoney(policy.monthly_fee, currency, locale),
                    })}
                  </span>
                </>
              )}
            </div>
            <div className={styles.actions}>
              <Button type="submit" disabled={!ready} busy={busy} busyLabel={t('freeze.form.saving')}>
                {t('freeze.form.submit')}
              </Button>
              {setup.mode === 'scheduled' && (
                <ButtonLink to="/membership/cancel_freeze" variant="secondary">
                  {t('freeze.form.cancelScheduled')}
                </ButtonLink>
              )}
              {setup.mode === 'current' && (
                <ButtonLink to="/membership/cancel_freeze" variant="secondary">
                  {t('freeze.form.endEarly')}
                </ButtonLink>
              )}
            </div>
          </form>
        )}
      </Card>
    </section>
  );
}

/** /membership/freeze: explains the rules, then creates, edits or moves the end of a freeze. */
export function FreezePage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const operator = useOperator();
  const membership = useLoadedMembership();
  const today = useToday();
  const policy = useFreezePolicy();
  const currency = membership.operator.currency;

  const setup = useMemo(
    () => (policy.data ? freezeFormSetup(operator, policy.data, membership.freeze_periods, today) : null),
    [operator, policy.data, membership.freeze_periods, today],
  );
  // The form keeps its own state; a new setup (after a reload) starts it afresh.
  const [formKey, setFormKey] = useState(0);

  const save = useMutation({
    mutationFn: ({ dates, freeze }: { dates: FreezeDates; freeze: FreezePeriod | null }) =>
      freeze
        ? api('updateFreeze', { params: { id: freeze.id }, body: { freeze_period: dates } })
        : api('createFreeze', { body: { freeze_period: dates } }),
    onMutate: ({ freeze }) => logEvent(freeze ? 'freeze_update' : 'freeze_create', 'in_progress'),
    onSuccess: (_data, { freeze }) => logEvent(freeze ? 'freeze_update' : 'freeze_create', 'success'),
    onError: (_error, { freeze }) => logEvent(freeze ? 'freeze_update' : 'freeze_create', 'failure'),
  });

  // The result pages come first: after the change the membership and policy reload and
  // may no longer be what the form was built from.
  if (save.isSuccess) {
    const { begin_date, end_date } = save.data;
    const { months, total } = freezeCost(begin_date, end_date, policy.data?.monthly_fee ?? 0);
    return (
      <ActionSuccess title={t('freeze.success.title')}>
        <p>
          {t('freeze.success.dates', {
            begin: formatDate(begin_date, locale),
            end: formatDate(end_date, locale),
          })}
        </p>
        {policy.data && (
          <p>
            {t('freeze.success.cost', {
              count: months,
              total: formatMoney(total, currency, locale),
            })}
          </p>
        )}
        <p>{t('freeze.success.reactivates', { date: formatDate(end_date, locale) })}</p>
      </ActionSuccess>
    );
  }
  if (save.isError) {
    return (
      <ActionError
        error={save.error}
        onRetry={() => {
          save.reset();
          setFormKey((k) => k + 1);
        }}
      />
    );
  }

  if (!canFreeze(membership.status)) return <Navigate to="/membership" replace />;
  if (policy.isPending) return <Loading label={t('freeze.loading')} />;
  if (policy.isError || !setup) {
    return <ErrorState error={policy.error} onRetry={() => void policy.refetch()} />;
  }
  const { membership: facts } = policy.data;
  if (!facts.eligible_to_freeze && !facts.current_freeze && !facts.scheduled_freeze) {
    return <Navigate to="/membership" replace />;
  }

  return (
    <div className={styles.page}>
      <FreezeExplanation policy={policy.data} currency={currency} />
      <FreezeForm
        key={`${formKey}-${setup.mode}-${setup.initialBegin}-${setup.initialEnd}`}
        setup={setup}
        policy={policy.data}
        currency={currency}
        busy={save.isPending}
        onSubmit={(dates) => save.mutate({ dates, freeze: setup.freeze })}
      />
    </div>
  );
}
