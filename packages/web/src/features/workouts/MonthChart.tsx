import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format.ts';
import { monthNameText } from './monthText.ts';
import styles from './Workouts.module.css';

const SLOT = 10;
const BAR = 6;
const HEIGHT = 50;

/**
 * The twelve months of a year as bars, the chosen one in the brand colour. The picture is
 * hidden from screen readers; a table beside it says the same.
 */
export function MonthChart({
  year,
  counts,
  selectedMonth,
  shownMonths,
}: {
  year: number;
  /** January first. */
  counts: readonly number[];
  selectedMonth: number;
  /** Months after this one have not happened yet: no bar, no row. */
  shownMonths: number;
}) {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  const max = Math.max(1, ...counts.slice(0, shownMonths));
  return (
    <>
      <div className={styles.chart} aria-hidden="true">
        <svg
          viewBox={`0 0 ${SLOT * 12} ${HEIGHT}`}
          preserveAspectRatio="none"
          aria-hidden="true"
          focusable="false"
        >
          <line x1="0" x2={SLOT * 12} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} className={styles.axis} />
          {counts.map((count, i) => {
            if (i >= shownMonths) return null;
            // A month without workouts keeps a sliver, so it reads as zero rather than missing.
            const height = Math.max(1.5, (count / max) * (HEIGHT - 4));
            return (
              <rect
                // biome-ignore lint/suspicious/noArrayIndexKey: the twelve months never reorder.
                key={i}
                x={i * SLOT + (SLOT - BAR) / 2}
                y={HEIGHT - height}
                width={BAR}
                height={height}
                className={i + 1 === selectedMonth ? styles.barSelected : styles.bar}
              />
            );
          })}
        </svg>
        <ol className={styles.axisLabels}>
          {counts.map((_, i) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: the twelve months never reorder.
              key={i}
              data-selected={i + 1 === selectedMonth || undefined}
            >
              {monthNameText(i + 1, locale, 'narrow')}
            </li>
          ))}
        </ol>
      </div>
      <MonthTable year={year} counts={counts.slice(0, shownMonths)} />
    </>
  );
}

/** The chart's numbers for screen readers. */
function MonthTable({ year, counts }: { year: number; counts: readonly number[] }) {
  const { t, i18n } = useTranslation();
  return (
    <table className="visually-hidden">
      <caption>{t('workouts.table.caption', { year })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('workouts.table.month')}</th>
          <th scope="col">{t('workouts.table.workouts')}</th>
        </tr>
      </thead>
      <tbody>
        {counts.map((count, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the months of a year never reorder.
          <tr key={i}>
            <th scope="row">{monthNameText(i + 1, i18n.language)}</th>
            <td>{formatNumber(count, i18n.language)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
