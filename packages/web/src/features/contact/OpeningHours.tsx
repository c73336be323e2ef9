import type { WeeklyHours } from '@portal/contract';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useToday } from '../../lib/today.ts';
import {
  groupWeek,
  isAllDay,
  isoWeekday,
  rangesOn,
  type TimeRange,
  timeText,
  WEEK,
  weekdayName,
} from '../../lib/weeklyHours.ts';
import styles from './ContactPage.module.css';

/** A day's ranges; each stays on one line, a narrow column wraps between them. */
function useRangeText() {
  const { t, i18n } = useTranslation();
  const text = (range: TimeRange) =>
    isAllDay(range)
      ? t('contact.hours.allDay')
      : `${timeText(range.opens, i18n.language)}–${timeText(range.closes, i18n.language)}`;
  return (ranges: TimeRange[]): ReactNode =>
    ranges.length === 0
      ? t('contact.hours.closed')
      : ranges.map((range, i) => (
          <Fragment key={range.opens}>
            {i > 0 && ', '}
            <span className={styles.range}>{text(range)}</span>
          </Fragment>
        ));
}

/**
 * The club's week as a table: each day with its opening and staffed hours, today marked.
 * Days are the member's locale's names; times are the club's local times.
 */
export function ClubWeekTable({
  labelledBy,
  opening,
  staffed,
}: {
  labelledBy: string;
  opening: WeeklyHours;
  staffed: WeeklyHours;
}) {
  const { t, i18n } = useTranslation();
  const rangeText = useRangeText();
  const today = isoWeekday(useToday());
  return (
    <table className={styles.week} aria-labelledby={labelledBy}>
      <thead>
        <tr>
          <th scope="col">{t('contact.hours.day')}</th>
          <th scope="col">{t('contact.hours.open')}</th>
          <th scope="col">{t('contact.hours.staffed')}</th>
        </tr>
      </thead>
      <tbody>
        {WEEK.map((day) => (
          <tr key={day} data-today={day === today || undefined}>
            <th scope="row">
              {/* A phone shows the short name; screen readers always read the full one. */}
              <span className={styles.dayLong}>{weekdayName(day, i18n.language)}</span>
              <span className={styles.dayShort} aria-hidden="true">
                {weekdayName(day, i18n.language, 'short')}
              </span>
              {day === today && (
                <>
                  {' '}
                  <span className={styles.today}>{t('contact.hours.today')}</span>
                </>
              )}
            </th>
            <td>{rangeText(rangesOn(opening, day))}</td>
            <td>{rangeText(rangesOn(staffed, day))}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Customer service hours, days with the same hours together ("Monday – Friday"). */
export function GroupedHours({ hours }: { hours: WeeklyHours }) {
  const { i18n } = useTranslation();
  const rangeText = useRangeText();
  const day = (d: number) => weekdayName(d, i18n.language);
  return (
    <dl className={styles.grouped}>
      {groupWeek(hours).map((group) => (
        <div key={group.from} className={styles.groupedRow}>
          <dt>{group.from === group.to ? day(group.from) : `${day(group.from)} – ${day(group.to)}`}</dt>
          <dd>{rangeText(group.ranges)}</dd>
        </div>
      ))}
    </dl>
  );
}
