import type { SignedInSession } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackToMembership } from '../../components/ActionResult.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Notice } from '../../components/Notice.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useLoadedMembership } from '../../lib/membership.ts';
import styles from './Account.module.css';
import { endOtherSessionsMutation, endSessionMutation, sessionsQuery } from './queries.ts';

type Done = { kind: 'one'; device: string } | { kind: 'others' } | null;

/**
 * /membership/devices: the member's signed-in devices (ASVS 3.3.4), each other one with
 * "Sign out", and "Sign out everywhere else" (docs/club-consents-account.md).
 */
export function DevicesPage() {
  const { t, i18n } = useTranslation();
  const membership = useLoadedMembership();
  const id = useId();
  const client = useQueryClient();
  const statusRef = useRef<HTMLDivElement>(null);
  const [done, setDone] = useState<Done>(null);
  const sessions = useQuery(sessionsQuery());

  const afterEnd = (next: Done) => {
    setDone(next);
    // The list changes under the member's focus: say what happened where focus goes.
    requestAnimationFrame(() => statusRef.current?.focus());
  };
  const endOne = useMutation({
    ...endSessionMutation(client, (session) => afterEnd({ kind: 'one', device: session.device })),
    onMutate: () => setDone(null),
  });
  const endOthers = useMutation({
    ...endOtherSessionsMutation(client, () => afterEnd({ kind: 'others' })),
    onMutate: () => setDone(null),
  });

  const label = (s: SignedInSession) => s.device ?? t('account.devices.unknown');
  const when = (iso: string) => formatDateTime(iso, i18n.language, membership.operator.timezone);
  const failed = endOne.isError || endOthers.isError;
  const others = sessions.data?.filter((s) => !s.current) ?? [];

  return (
    <section aria-labelledby={id}>
      <Card>
        <h2 id={id} className={styles.title}>
          {t('account.devices.title')}
        </h2>
        <p>{t('account.devices.intro')}</p>
        <div ref={statusRef} tabIndex={-1} className={styles.status}>
          {done && (
            <Notice tone="success">
              {done.kind === 'one'
                ? t('account.devices.signedOut', { device: done.device })
                : t('account.devices.othersSignedOut')}
            </Notice>
          )}
          {failed && <Notice tone="error">{t('account.devices.failed')}</Notice>}
        </div>
        {sessions.isPending ? (
          <Loading label={t('account.devices.loading')} skeleton />
        ) : sessions.isError ? (
          <ErrorState error={sessions.error} onRetry={() => void sessions.refetch()} />
        ) : (
          <>
            <ul className={styles.devices}>
              {sessions.data.map((s) => (
                <li key={s.id} className={styles.device} data-current={s.current || undefined}>
                  <div className={styles.deviceText}>
                    <p className={styles.deviceName}>
                      {label(s)}
                      {s.current && <span className={styles.badge}>{t('account.devices.current')}</span>}
                    </p>
                    <p className={styles.deviceMeta}>
                      {t('account.devices.lastSeen', { date: when(s.last_seen_at) })}
                    </p>
                    <p className={styles.deviceMeta}>
                      {t('account.devices.signedIn', { date: when(s.created_at) })}
                    </p>
                  </div>
                  {!s.current && (
                    <Button
                      variant="secondary"
                      aria-label={t('account.devices.signOutDevice', {
                        device: label(s),
                        date: when(s.last_seen_at),
                      })}
                      busy={endOne.isPending && endOne.variables?.id === s.id}
                      busyLabel={t('account.devices.signOut')}
                      disabled={endOne.isPending || endOthers.isPending}
                      onClick={() => endOne.mutate({ id: s.id, device: label(s) })}
                    >
                      {t('account.devices.signOut')}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
            {others.length === 0 && <p className={styles.note}>{t('account.devices.noOthers')}</p>}
          </>
        )}
        <div className={styles.actions}>
          {others.length > 0 && (
            <Button
              variant="danger"
              busy={endOthers.isPending}
              busyLabel={t('account.devices.signOutOthers')}
              disabled={endOne.isPending}
              onClick={() => endOthers.mutate()}
            >
              {t('account.devices.signOutOthers')}
            </Button>
          )}
          <BackToMembership variant="secondary" />
        </div>
      </Card>
    </section>
  );
}
