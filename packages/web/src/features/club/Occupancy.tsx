import type { Occupancy, OccupancyLevel } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/Card.tsx';
import { api } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useLoadedMembership } from '../../lib/membership.ts';
import styles from './Occupancy.module.css';

/** The server keeps a club's answer for a minute; the page asks again no sooner. */
export const occupancyQuery = (clubId: string) =>
  queryOptions({
    queryKey: ['occupancy', clubId],
    queryFn: ({ signal }) => api('occupancy', { params: { id: clubId }, signal }),
    staleTime: 60_000,
  });

const HEIGHT: Record<OccupancyLevel, number> = { quiet: 1, normal: 2, busy: 3 };

/** A day's usual levels as bars, each hour named with its level for screen readers too. */
function TypicalDay({ occupancy }: { occupancy: Occupancy }) {
  const { t } = useTranslation();
  if (occupancy.typical.length === 0) return <p className={styles.muted}>{t('occupancy.noHistory')}</p>;
  return (
    <figure className={styles.day}>
      <figcaption className={styles.muted}>{t('occupancy.typicalTitle')}</figcaption>
      <ol className={styles.bars}>
        {occupancy.typical.map(({ hour, level }) => (
          <li key={hour} className={styles.bar} data-level={level}>
            <span className={styles.fill} style={{ height: `${HEIGHT[level] * 33}%` }} aria-hidden="true" />
            <span className={styles.hour}>{String(hour).padStart(2, '0')}</span>
            <span className="visually-hidden">{t(`occupancy.level.${level}`)}</span>
          </li>
        ))}
      </ol>
    </figure>
  );
}

/** How busy a club is now, in words and colour, and its usual day (docs/access-and-pins.md). */
export function ClubOccupancy({ clubId, title }: { clubId: string; title: string }) {
  const { t, i18n } = useTranslation();
  const membership = useLoadedMembership();
  const id = useId();
  const occupancy = useQuery(occupancyQuery(clubId));
  return (
    <section aria-labelledby={id}>
      <Card>
        <h2 id={id} className={styles.title}>
          {title}
        </h2>
        {/* The height of the answer with its day's bars in every state, so the sections below
            (the club page's choice of club) do not move when it comes. */}
        <div className={styles.body}>
          {occupancy.isPending ? (
            <p className={styles.muted}>{t('occupancy.loading')}</p>
          ) : occupancy.isError ? (
            <p className={styles.muted}>{t('occupancy.unavailable')}</p>
          ) : (
            <>
              <p className={styles.now}>
                <span className={styles.dot} data-level={occupancy.data.level} aria-hidden="true" />
                <span>{t(`occupancy.now.${occupancy.data.level}`)}</span>
              </p>
              <p className={styles.muted}>
                {t('occupancy.updated', {
                  time: formatDateTime(
                    occupancy.data.updated_at,
                    i18n.language,
                    membership.operator.timezone,
                  ),
                })}
              </p>
              <TypicalDay occupancy={occupancy.data} />
            </>
          )}
        </div>
      </Card>
    </section>
  );
}

/** The member's own club now (home and the club page). */
export function OwnClubOccupancy() {
  const { t } = useTranslation();
  const membership = useLoadedMembership();
  return (
    <ClubOccupancy
      clubId={membership.location.id}
      title={t('occupancy.title', { club: membership.location.name })}
    />
  );
}
