import {
  addYearMonths,
  canGoToNextMonth,
  canGoToPreviousMonth,
  clampYearMonth,
  type MonthBounds,
  type WorkoutMonthCount,
  type YearMonth,
  workoutMonthBounds,
  workoutsByMonth,
  workoutsInMonth,
} from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide';
import { Icon } from '../../components/Icon.tsx';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/Card.tsx';
import { InlineRetry } from '../../components/InlineRetry.tsx';
import { Loading } from '../../components/Loading.tsx';
import { formatNumber } from '../../lib/format.ts';
import { useToday } from '../../lib/today.ts';
import { MonthChart } from './MonthChart.tsx';
import { monthYearText, yearToDateText } from './monthText.ts';
import { workoutsQuery } from './queries.ts';
import styles from './Workouts.module.css';

/**
 * Home's workout counter: a month's workouts and the year's so far, a month at a time
 * between the first month with workouts and this one. A failed load shows zeros with a way
 * to try again; the rest of home is unaffected.
 */
export function WorkoutCounter() {
  const { t } = useTranslation();
  const today = useToday();
  const titleId = useId();
  const workouts = useQuery(workoutsQuery());
  const [chosen, setChosen] = useState<YearMonth | null>(null);
  const [navigated, setNavigated] = useState(false);

  const months = workouts.data?.months ?? [];
  const bounds = workoutMonthBounds(months, today);
  const selected = clampYearMonth(chosen ?? bounds.last, bounds);
  const go = (step: -1 | 1) => {
    setChosen(addYearMonths(selected, step));
    setNavigated(true);
  };

  return (
    <section aria-labelledby={titleId}>
      <Card className={styles.card}>
        <h2 id={titleId} className={styles.title}>
          {t('workouts.title')}
        </h2>
        {workouts.isPending ? (
          <div className={styles.pending}>
            <Loading label={t('workouts.loading')} skeleton />
          </div>
        ) : (
          <>
            <MonthNavigation selected={selected} bounds={bounds} onGo={go} />
            <div className={styles.summary}>
              <WorkoutNumbers
                months={months}
                selected={selected}
                announce={navigated}
                current={
                  selected.year === Number(today.slice(0, 4)) && selected.month === Number(today.slice(5, 7))
                }
              />
              <MonthChart
                year={selected.year}
                counts={workoutsByMonth(months, selected.year)}
                selectedMonth={selected.month}
                shownMonths={selected.year < bounds.last.year ? 12 : bounds.last.month}
              />
            </div>
            {workouts.isError ? (
              <InlineRetry
                className={styles.failed}
                message={t('workouts.failed')}
                onRetry={() => void workouts.refetch()}
              />
            ) : (
              <p className={styles.total}>{t('workouts.total', { count: workouts.data?.total ?? 0 })}</p>
            )}
          </>
        )}
      </Card>
    </section>
  );
}

/**
 * Previous and next month. At a bound the button stays focusable but does nothing
 * (aria-disabled): a disabled button would drop the keyboard focus on the page.
 */
function MonthNavigation({
  selected,
  bounds,
  onGo,
}: {
  selected: YearMonth;
  bounds: MonthBounds;
  onGo: (step: -1 | 1) => void;
}) {
  const { t, i18n } = useTranslation();
  const canGoBack = canGoToPreviousMonth(selected, bounds);
  const canGoOn = canGoToNextMonth(selected, bounds);
  return (
    <div className={styles.nav}>
      <button
        type="button"
        className={styles.navButton}
        aria-label={t('workouts.previous')}
        aria-disabled={!canGoBack || undefined}
        onClick={() => canGoBack && onGo(-1)}
      >
        <Chevron direction="left" />
      </button>
      <p className={styles.month}>{monthYearText(selected, i18n.language)}</p>
      <button
        type="button"
        className={styles.navButton}
        aria-label={t('workouts.next')}
        aria-disabled={!canGoOn || undefined}
        onClick={() => canGoOn && onGo(1)}
      >
        <Chevron direction="right" />
      </button>
    </div>
  );
}

/** Decorative: the button's name says which month. */
function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return <Icon node={direction === 'left' ? ChevronLeft : ChevronRight} size={22} strokeWidth={2.4} />;
}

/**
 * The month's count and the year's so far, large; a navigation reads them out. The current
 * month's count is labelled "this month", another month's by the month.
 */
function WorkoutNumbers({
  months,
  selected,
  announce,
  current,
}: {
  months: readonly WorkoutMonthCount[];
  selected: YearMonth;
  announce: boolean;
  current: boolean;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { count, ytd } = workoutsInMonth(months, selected);
  const month = monthYearText(selected, locale);
  const period = yearToDateText(selected, locale);
  return (
    <>
      <dl className={styles.stats}>
        <div className={styles.stat}>
          <dt className={styles.statLabel}>{current ? t('workouts.thisMonth') : t('workouts.month')}</dt>
          <dd className={styles.statValue}>
            <span className={styles.number}>{formatNumber(count, locale)}</span>{' '}
            <span className={styles.unit}>{t('workouts.unit', { count })}</span>
          </dd>
        </div>
        <div className={styles.stat}>
          <dt className={styles.statLabel}>{t('workouts.yearToDate')}</dt>
          <dd className={styles.statValue}>
            <span className={styles.number}>{formatNumber(ytd, locale)}</span>{' '}
            <span className={styles.unit}>{t('workouts.unit', { count: ytd })}</span>{' '}
            <span className={styles.period}>{period}</span>
          </dd>
        </div>
      </dl>
      <p className="visually-hidden" aria-live="polite">
        {announce ? t('workouts.announce', { month, count, ytd, period }) : ''}
      </p>
    </>
  );
}
