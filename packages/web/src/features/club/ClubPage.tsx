import { zodResolver } from '@hookform/resolvers/zod';
import type { Location, WeeklyHours } from '@portal/contract';
import { clubOptions } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { ActionError, ActionSuccess, BackToMembership } from '../../components/ActionResult.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { Loading } from '../../components/Loading.tsx';
import { areaErrorTexts } from '../../lib/areaErrors.ts';
import { formatDate } from '../../lib/format.ts';
import { useLoadedMembership } from '../../lib/membership.ts';
import { useToday } from '../../lib/today.ts';
import { groupWeek, isAllDay, type TimeRange, timeText, weekdayName } from '../../lib/weeklyHours.ts';
import { OwnClubOccupancy } from './Occupancy.tsx';
import styles from './Club.module.css';
import { changeClubMutation, useClubs } from './queries.ts';

/** The club's week in one line: runs of days with the same hours ("Mon–Fri 06:00–23:00 · Sat–Sun …"). */
function useHoursText() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const range = (r: TimeRange) =>
    isAllDay(r) ? t('club.details.allDay') : `${timeText(r.opens, locale)}–${timeText(r.closes, locale)}`;
  const day = (d: number) => weekdayName(d, locale, 'short');
  return (hours: WeeklyHours) =>
    groupWeek(hours)
      .map((g) => {
        const days = g.from === g.to ? day(g.from) : `${day(g.from)}–${day(g.to)}`;
        const ranges = g.ranges.length === 0 ? t('club.details.closed') : g.ranges.map(range).join(', ');
        return `${days} ${ranges}`;
      })
      .join(' · ');
}

/** Where the club is and when it is open, under its name. */
function ClubDetails({ club, id }: { club: Location; id: string }) {
  const { t } = useTranslation();
  const hoursText = useHoursText();
  const address = club.address_lines?.filter(Boolean).join(', ');
  const hours = club.opening_hours && club.opening_hours.length > 0 ? hoursText(club.opening_hours) : null;
  if (!address && !hours) return null;
  return (
    <span id={id} className={styles.details}>
      {address && (
        <span className={styles.detail}>
          <span className="visually-hidden">{t('club.details.address')}: </span>
          {address}
        </span>
      )}
      {hours && (
        <span className={styles.detail}>
          {t('club.details.hours')}: {hours}
        </span>
      )}
    </span>
  );
}

const ClubChoice = z.object({ location_id: z.string().check(z.minLength(1)) });
type ClubChoice = z.infer<typeof ClubChoice>;

function ClubForm({
  clubs,
  busy,
  onSubmit,
}: {
  clubs: Location[];
  busy: boolean;
  onSubmit: (club: Location) => void;
}) {
  const { t, i18n } = useTranslation();
  const membership = useLoadedMembership();
  const today = useToday();
  const id = useId();
  const currentId = membership.location.id;
  const options = useMemo(
    () => clubOptions(clubs, { currentId, productLocations: membership.product.locations, today }),
    [clubs, currentId, membership.product.locations, today],
  );
  const { register, handleSubmit, control } = useForm<ClubChoice>({
    resolver: zodResolver(ClubChoice),
    defaultValues: { location_id: currentId },
  });
  const chosen = useWatch({ control, name: 'location_id' });
  const target = options.find((o) => o.club.id === chosen && o.selectable);
  const anyChoice = options.some((o) => o.selectable);

  return (
    <>
      <OwnClubOccupancy />
      <section aria-labelledby={id}>
        <Card>
          <h2 id={id} className={styles.title}>
            {t('club.title')}
          </h2>
          <p>{t('club.intro')}</p>
          <form noValidate onSubmit={handleSubmit(() => target && onSubmit(target.club))}>
            <fieldset className={styles.options}>
              <legend className={styles.legend}>{t('club.legend')}</legend>
              {options.map(({ club, current, selectable, availability }) => {
                const noteId = `${id}-${club.id}-note`;
                const detailsId = `${id}-${club.id}-details`;
                const note =
                  availability === 'not_yet_open' && club.opening_date
                    ? t('club.opensOn', { date: formatDate(club.opening_date, i18n.language) })
                    : current
                      ? t('club.current')
                      : null;
                const described = [
                  note ? noteId : null,
                  club.address_lines || club.opening_hours ? detailsId : null,
                ]
                  .filter(Boolean)
                  .join(' ');
                return (
                  <label key={club.id} className={styles.option} data-disabled={!selectable && !current}>
                    <input
                      type="radio"
                      className={styles.radio}
                      value={club.id}
                      disabled={!selectable && !current}
                      aria-describedby={described || undefined}
                      {...register('location_id')}
                    />
                    <span className={styles.name}>{club.name}</span>
                    <ClubDetails club={club} id={detailsId} />
                    {note && (
                      <span id={noteId} className={current ? styles.badge : styles.note}>
                        {note}
                      </span>
                    )}
                  </label>
                );
              })}
            </fieldset>
            {!anyChoice && <p className={styles.empty}>{t('club.noOther')}</p>}
            <div className={styles.actions}>
              <Button type="submit" disabled={!target} busy={busy} busyLabel={t('club.saving')}>
                {t('club.submit')}
              </Button>
              <BackToMembership variant="secondary" />
            </div>
          </form>
        </Card>
      </section>
    </>
  );
}

/** /membership/club: the member moves to another club their product covers. */
export function ClubPage() {
  const { t, i18n } = useTranslation();
  const clubs = useClubs();
  const change = useMutation(changeClubMutation());

  if (change.isSuccess) {
    return (
      <ActionSuccess title={t('club.success.title')}>
        <p>{t('club.success.text', { name: change.variables.name })}</p>
      </ActionSuccess>
    );
  }
  if (change.isError) {
    return (
      <ActionError
        error={change.error}
        texts={areaErrorTexts(change.error, t, i18n, 'club.errors')}
        onRetry={() => change.reset()}
      />
    );
  }
  if (clubs.isPending) return <Loading label={t('club.loading')} />;
  if (clubs.isError) return <ErrorState error={clubs.error} onRetry={() => void clubs.refetch()} />;
  return <ClubForm clubs={clubs.data} busy={change.isPending} onSubmit={(club) => change.mutate(club)} />;
}
