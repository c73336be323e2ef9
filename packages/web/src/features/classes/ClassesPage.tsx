import type { ClassBookingResult, ClassPolicy, ClassSession } from '@portal/contract';
import type { IsoDate } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Notice } from '../../components/Notice.tsx';
import { SelectField } from '../../components/SelectField.tsx';
import { ErrorResponse } from '../../lib/api.ts';
import { formatMoney } from '../../lib/format.ts';
import { useOperator } from '../../lib/operator.ts';
import { useToday } from '../../lib/today.ts';
import styles from './Classes.module.css';
import { bookMutation, cancelMutation, downloadCalendar, useTimetable } from './queries.ts';
import {
  dayOf,
  formatDayLong,
  formatDayShort,
  formatTime,
  formatWhen,
  minutesOf,
  timetableWeeks,
} from './time.ts';

const REFUSALS = new Set([
  'booking_not_open_yet',
  'class_started',
  'overlapping_booking',
  'max_bookings_reached',
  'membership_status_not_allowed',
  'waitlist_closed',
]);

/** The refusal's text, or the generic one. */
function useRefusalText() {
  const { t } = useTranslation();
  return (error: unknown, max: number) => {
    const type = error instanceof ErrorResponse ? error.errors[0]?.type : undefined;
    return type && REFUSALS.has(type) ? t(`classes.refusals.${type}`, { max }) : t('classes.errors.generic');
  };
}

/** Places left in words and as a bar (the bar repeats the words for the eye: aria-hidden). */
function Places({ session, locale, timeZone }: { session: ClassSession; locale: string; timeZone: string }) {
  const { t } = useTranslation();
  const left = Math.max(0, session.capacity - session.booked);
  const text =
    session.state === 'not_yet_bookable'
      ? t('classes.places.opens', { when: formatWhen(session.bookable_from, locale, timeZone) })
      : session.state === 'closed'
        ? t('classes.places.closed')
        : left > 0
          ? t('classes.places.left', { count: left, capacity: session.capacity })
          : t('classes.places.full', { count: session.waitlisted });
  const filled = session.capacity > 0 ? Math.min(100, (session.booked / session.capacity) * 100) : 100;
  return (
    <div className={styles.places}>
      <span>{text}</span>
      <span className={styles.bar} aria-hidden="true">
        <span
          className={styles.barFill}
          style={{ width: `${filled}%` }}
          data-full={left === 0 || undefined}
        />
      </span>
    </div>
  );
}

function SessionFacts({ session, clubName }: { session: ClassSession; clubName: string }) {
  const { t, i18n } = useTranslation();
  const { timezone } = useOperator();
  return (
    <p className={styles.facts}>
      <span className={styles.time}>
        {formatTime(session.starts_at, i18n.language, timezone)}–
        {formatTime(session.ends_at, i18n.language, timezone)}
      </span>{' '}
      <span>{t('classes.minutes', { count: minutesOf(session) })}</span>
      <span aria-hidden="true"> · </span>
      <span>{clubName}</span>
      <span aria-hidden="true"> · </span>
      <span>{session.room}</span>
      <span aria-hidden="true"> · </span>
      <span>{t('classes.with', { instructor: session.instructor })}</span>
    </p>
  );
}

/** The member's bookings first: each with cancel (confirmed, a late one said so) and "add to calendar". */
function MyBookings({
  sessions,
  clubName,
  policy,
}: {
  sessions: ClassSession[];
  clubName: (id: string) => string;
  policy: ClassPolicy;
}) {
  const { t, i18n } = useTranslation();
  const operator = useOperator();
  const queryClient = useQueryClient();
  const cancel = useMutation(cancelMutation(queryClient));
  const [confirming, setConfirming] = useState<string | null>(null);
  const [calendarError, setCalendarError] = useState(false);
  const titleId = useId();
  const mine = sessions.filter((s) => s.my_booking);

  const saveCalendar = (id?: string) => {
    setCalendarError(false);
    downloadCalendar(id).catch(() => setCalendarError(true));
  };

  return (
    <section aria-labelledby={titleId} className={styles.mine}>
      <h3 id={titleId} className={styles.sectionTitle}>
        {t('classes.mine.title')}
      </h3>
      {cancel.isSuccess && <Notice tone="success">{t('classes.mine.cancelled')}</Notice>}
      {cancel.isError && <Notice tone="error">{t('classes.errors.generic')}</Notice>}
      {calendarError && <Notice tone="error">{t('classes.errors.calendar')}</Notice>}
      {mine.length === 0 ? (
        <p className={styles.muted}>{t('classes.mine.none')}</p>
      ) : (
        <>
          <ul className={styles.list}>
            {mine.map((s) => {
              const late =
                s.my_booking?.status === 'booked' &&
                Date.now() > new Date(s.starts_at).getTime() - policy.late_cancellation_minutes * 60_000;
              const fee = policy.late_cancellation_fee;
              return (
                <li key={s.id}>
                  <Card className={styles.session}>
                    <h4 className={styles.name}>{s.class_name}</h4>
                    <p className={styles.when}>{formatWhen(s.starts_at, i18n.language, operator.timezone)}</p>
                    <SessionFacts session={s} clubName={clubName(s.location_id)} />
                    <p className={styles.status}>
                      {s.my_booking?.status === 'booked'
                        ? t('classes.mine.booked')
                        : t('classes.mine.waitlisted', { position: s.my_booking?.position ?? 0 })}
                    </p>
                    {confirming === s.id ? (
                      <div className={styles.confirm}>
                        <p>
                          {late
                            ? fee
                              ? t('classes.cancel.lateFee', {
                                  fee: formatMoney(fee.amount, fee.currency as never, i18n.language),
                                })
                              : t('classes.cancel.late')
                            : t('classes.cancel.question')}
                        </p>
                        <div className={styles.actions}>
                          <Button
                            variant="danger"
                            busy={cancel.isPending}
                            busyLabel={t('classes.cancel.busy')}
                            onClick={() => cancel.mutate(s.id, { onSettled: () => setConfirming(null) })}
                          >
                            {t('classes.cancel.confirm', { name: s.class_name })}
                          </Button>
                          <Button variant="secondary" onClick={() => setConfirming(null)}>
                            {t('classes.cancel.keep')}
                          </Button>
                        </div>
                      </div>
                    ) : (
                      <div className={styles.actions}>
                        <Button variant="secondary" onClick={() => setConfirming(s.id)}>
                          {s.my_booking?.status === 'booked'
                            ? t('classes.cancel.open', { name: s.class_name })
                            : t('classes.cancel.leave', { name: s.class_name })}
                        </Button>
                        {s.my_booking?.status === 'booked' && (
                          <Button variant="ghost" onClick={() => saveCalendar(s.id)}>
                            {t('classes.calendar.one', { name: s.class_name })}
                          </Button>
                        )}
                      </div>
                    )}
                  </Card>
                </li>
              );
            })}
          </ul>
          {mine.some((s) => s.my_booking?.status === 'booked') && (
            <Button variant="secondary" onClick={() => saveCalendar()}>
              {t('classes.calendar.all')}
            </Button>
          )}
        </>
      )}
    </section>
  );
}

function DayPicker({
  today,
  days,
  selected,
  onSelect,
}: {
  today: IsoDate;
  days: Set<IsoDate>;
  selected: IsoDate;
  onSelect: (day: IsoDate) => void;
}) {
  const { t, i18n } = useTranslation();
  const weeks = timetableWeeks(today);
  return (
    <div className={styles.weeks}>
      {(['thisWeek', 'nextWeek'] as const).map((week) => (
        <fieldset key={week} className={styles.week}>
          <legend className={styles.weekTitle}>{t(`classes.days.${week}`)}</legend>
          <div className={styles.days}>
            {weeks[week].map((day) => (
              <button
                key={day}
                type="button"
                className={styles.day}
                aria-pressed={day === selected}
                onClick={() => onSelect(day)}
                data-empty={!days.has(day) || undefined}
              >
                {formatDayShort(day, i18n.language)}
              </button>
            ))}
          </div>
        </fieldset>
      ))}
    </div>
  );
}

/** /classes: the member's bookings, then the timetable by day with filters by club and class. */
export function ClassesPage() {
  const { t, i18n } = useTranslation();
  const operator = useOperator();
  const today = useToday();
  const timetable = useTimetable();
  const queryClient = useQueryClient();
  const book = useMutation(bookMutation(queryClient));
  const refusalText = useRefusalText();
  const [day, setDay] = useState<IsoDate>(today);
  const [club, setClub] = useState('');
  const [kind, setKind] = useState('');
  const titleId = useId();
  const dayTitleId = useId();

  const sessions = timetable.data?.sessions ?? [];
  const clubName = useMemo(() => {
    const names = new Map(sessions.map((s) => [s.location_id, s.location_name]));
    return (id: string) => names.get(id) ?? id;
  }, [sessions]);
  const clubIds = [...new Set(sessions.map((s) => s.location_id))];
  const kinds = [...new Map(sessions.map((s) => [s.class_id, s.class_name])).entries()].sort((a, b) =>
    a[1].localeCompare(b[1], i18n.language),
  );
  const daysWithClasses = new Set(sessions.map((s) => dayOf(s.starts_at, operator.timezone)));
  const shown = sessions.filter(
    (s) =>
      dayOf(s.starts_at, operator.timezone) === day &&
      (!club || s.location_id === club) &&
      (!kind || s.class_id === kind),
  );

  let confirmation: { session: ClassSession; result: ClassBookingResult } | null = null;
  if (book.isSuccess && book.variables) {
    const session = sessions.find((s) => s.id === book.variables);
    if (session) confirmation = { session, result: book.data };
  }

  if (timetable.isPending) return <Loading label={t('classes.loading')} />;
  if (timetable.isError)
    return <ErrorState error={timetable.error} onRetry={() => void timetable.refetch()} />;
  const { policy } = timetable.data;

  return (
    <section aria-labelledby={titleId} className={styles.page}>
      <header>
        <h2 id={titleId} className={styles.title}>
          {t('classes.title')}
        </h2>
        <p className={styles.intro}>
          {t('classes.intro', {
            days: policy.booking_opens_days_ahead,
            hours: policy.late_cancellation_minutes / 60,
          })}
        </p>
      </header>

      <div aria-live="polite">
        {confirmation && (
          <Notice tone="success" title={t(`classes.confirmation.${confirmation.result.status}.title`)}>
            {confirmation.result.status === 'booked'
              ? t('classes.confirmation.booked.text', {
                  name: confirmation.session.class_name,
                  when: formatWhen(confirmation.session.starts_at, i18n.language, operator.timezone),
                })
              : t('classes.confirmation.waitlisted.text', {
                  name: confirmation.session.class_name,
                  position: confirmation.result.position ?? 0,
                })}
          </Notice>
        )}
        {book.isError && <Notice tone="error">{refusalText(book.error, policy.max_future_bookings)}</Notice>}
      </div>

      <MyBookings sessions={sessions} clubName={clubName} policy={policy} />

      <section aria-labelledby={dayTitleId} className={styles.timetable}>
        <h3 id={dayTitleId} className={styles.sectionTitle}>
          {t('classes.timetable')}
        </h3>
        <DayPicker today={today} days={daysWithClasses} selected={day} onSelect={setDay} />
        <div className={styles.filters}>
          <SelectField
            label={t('classes.filters.club')}
            value={club}
            onChange={(e) => setClub(e.target.value)}
          >
            <option value="">{t('classes.filters.allClubs')}</option>
            {clubIds.map((id) => (
              <option key={id} value={id}>
                {clubName(id)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('classes.filters.class')}
            value={kind}
            onChange={(e) => setKind(e.target.value)}
          >
            <option value="">{t('classes.filters.allClasses')}</option>
            {kinds.map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </SelectField>
        </div>
        <p className={styles.dayTitle}>{formatDayLong(day, i18n.language)}</p>
        {shown.length === 0 ? (
          <EmptyState>{t('classes.empty')}</EmptyState>
        ) : (
          <ul className={styles.list}>
            {shown.map((s) => (
              <li key={s.id}>
                <Card className={styles.session}>
                  <h4 className={styles.name}>
                    {s.class_name}{' '}
                    <span className={styles.intensity}>{t(`classes.intensity.${s.intensity}`)}</span>
                  </h4>
                  <SessionFacts session={s} clubName={clubName(s.location_id)} />
                  <Places session={s} locale={i18n.language} timeZone={operator.timezone} />
                  {s.my_booking ? (
                    <p className={styles.status}>
                      {s.my_booking.status === 'booked'
                        ? t('classes.mine.booked')
                        : t('classes.mine.waitlisted', { position: s.my_booking.position ?? 0 })}
                    </p>
                  ) : (
                    (s.state === 'open' || s.state === 'full') && (
                      <div className={styles.actions}>
                        <Button
                          variant={s.state === 'open' ? 'primary' : 'secondary'}
                          busy={book.isPending && book.variables === s.id}
                          busyLabel={t('classes.book.busy')}
                          onClick={() => book.mutate(s.id)}
                        >
                          {s.state === 'open'
                            ? t('classes.book.book', { name: s.class_name })
                            : t('classes.book.waitlist', { name: s.class_name })}
                        </Button>
                      </div>
                    )
                  )}
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
