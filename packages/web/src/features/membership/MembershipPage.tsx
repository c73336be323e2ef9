import type { Membership } from '@portal/contract';
import { canChangeClub, cancelLinkKind, statusAction } from '@portal/domain';
import { type ReactNode, useId } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { ComingSoon } from '../../components/ComingSoon.tsx';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format.ts';
import { useLoadedMembership } from '../../lib/membership.ts';
import { useOperator } from '../../lib/operator.ts';
import { statusLineText, statusTone } from '../../lib/statusText.ts';
import styles from './MembershipPage.module.css';

/** Where the status action of spec section 2 leads, and its (stable) label key. */
const ACTIONS = {
  freeze: { to: '/membership/freeze', label: 'membership.actions.freeze' },
  manage_scheduled_freeze: { to: '/membership/freeze', label: 'membership.actions.manageScheduledFreeze' },
  update_freeze: { to: '/membership/freeze', label: 'membership.actions.changeFreeze' },
  reactivate: { to: '/membership/reactivate', label: 'membership.actions.reactivate' },
} as const;

/** A card with a heading that names its section for assistive technology. */
function Section({
  title,
  children,
  footer,
  wide = false,
}: {
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  /** Spans both columns on wide screens, its facts side by side. */
  wide?: boolean;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={wide ? `${styles.section} ${styles.wide}` : styles.section}>
      <Card className={styles.card}>
        <h2 id={id} className={styles.sectionTitle}>
          {title}
        </h2>
        <div className={styles.sectionBody}>{children}</div>
        {footer && <div className={styles.footer}>{footer}</div>}
      </Card>
    </section>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className={styles.facts}>
      {rows.map(([term, value]) => (
        <div key={term} className={styles.fact}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function StatusCard({ membership, withdrawal }: { membership: Membership; withdrawal?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const action = statusAction(membership.status, membership.scheduled_freeze !== null);
  const scheduled = membership.status === 'active' ? membership.scheduled_freeze : null;
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <Card className={styles.statusCard}>
        <div className={styles.statusText}>
          <h2 id={id} className={styles.statusLabel}>
            {t('membership.status.title')}
          </h2>
          <p className={styles.statusLine} data-tone={statusTone(membership.status)}>
            <span className={styles.dot} aria-hidden="true" />
            {statusLineText(membership, t, locale)}
          </p>
          {scheduled && (
            <p className={styles.statusNote}>
              {t('membership.status.scheduledFreeze', {
                begin: formatDate(scheduled.begin_date, locale),
                end: formatDate(scheduled.end_date, locale),
              })}
            </p>
          )}
          {withdrawal}
        </div>
        {action && (
          <ButtonLink to={ACTIONS[action].to} className={styles.statusAction}>
            {t(ACTIONS[action].label)}
          </ButtonLink>
        )}
      </Card>
    </section>
  );
}

/**
 * The access section's content and links come from the access feature; the app composes
 * them in (features do not import each other).
 */
export interface AccessSlots {
  state: ReactNode;
  links: ReactNode;
}

function AccessSection({ access }: { access: AccessSlots }) {
  const { t } = useTranslation();
  return (
    <Section title={t('access.title')} footer={access.links}>
      {access.state}
    </Section>
  );
}

function CancelLink({ membership }: { membership: Membership }) {
  const { t } = useTranslation();
  const operator = useOperator();
  const kind = cancelLinkKind(operator, membership.status);
  if (kind === 'link') {
    // Where § 312k applies, the link carries the wording the law's button uses.
    return (
      <p className={styles.cancel}>
        <Link to="/membership/cancellation">
          {t(operator.publicCancellation ? 'membership.cancel.linkContracts' : 'membership.cancel.link')}
        </Link>
      </p>
    );
  }
  if (kind === 'email_text') {
    return (
      <p className={styles.cancelText}>
        {t('membership.cancel.emailText', { number: membership.membership_number })}{' '}
        <a href={`mailto:${operator.supportEmail}`}>{operator.supportEmail}</a>
      </p>
    );
  }
  return null;
}

/**
 * Begin and end of the details. Cancelled in trial or presale (before the begin date), the
 * membership never started: say so rather than "begins 1 January, ends 22 November".
 */
function detailDates(membership: Membership, t: TFunction, locale: string): [string, ReactNode][] {
  const { status, begin_date, end_date } = membership;
  if ((status === 'cancelled_in_presale' || status === 'cancelled_in_trial') && end_date) {
    return [
      [
        t('membership.details.begin'),
        t('membership.details.neverStarted', { date: formatDate(begin_date, locale) }),
      ],
      [t('membership.details.cancelledOn'), formatDate(end_date, locale)],
    ];
  }
  return [
    [t('membership.details.begin'), formatDate(begin_date, locale)],
    [t('membership.details.end'), end_date ? formatDate(end_date, locale) : t('membership.details.noEnd')],
  ];
}

/** /membership: the overview of spec section 2. */
export function MembershipPage({
  access,
  withdrawal,
}: {
  access?: AccessSlots;
  /** The withdrawal button (from the cancellation feature), shown in the status card. */
  withdrawal?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const operator = useOperator();
  const membership = useLoadedMembership();
  const { profile, product, location } = membership;
  const currency = membership.operator.currency;
  const yesNo = (value: boolean) => (value ? t('common.yes') : t('common.no'));
  const address = [
    profile.address.street,
    `${profile.address.postal_code} ${profile.address.postal_location}`.trim(),
  ].filter(Boolean);

  return (
    <>
      <StatusCard membership={membership} withdrawal={withdrawal} />
      <div className={styles.grid}>
        {access && <AccessSection access={access} />}

        <Section
          title={t('membership.club.title')}
          footer={
            canChangeClub(membership.status) && (
              <Link to="/membership/club">{t('membership.club.change')}</Link>
            )
          }
        >
          <p className={styles.value}>{location.name}</p>
        </Section>

        <Section
          wide
          title={t('membership.profile.title')}
          footer={
            <>
              <Link to="/membership/profile">{t('membership.profile.edit')}</Link>
              <Link to="/membership/password">{t('account.password.link')}</Link>
              <Link to="/membership/data">{t('account.data.link')}</Link>
            </>
          }
        >
          <Facts
            rows={[
              [t('membership.profile.name'), `${profile.first_name} ${profile.last_name}`],
              [
                t('membership.profile.email'),
                <span key="email" className={styles.breakAll}>
                  {profile.email}
                </span>,
              ],
              [
                t('membership.profile.address'),
                address.map((line) => (
                  <span key={line} className={styles.line}>
                    {line}
                  </span>
                )),
              ],
              [t('membership.profile.mobile'), `${profile.mobile.prefix} ${profile.mobile.number}`.trim()],
            ]}
          />
        </Section>

        <Section
          title={t('membership.consents.title')}
          footer={<Link to="/membership/consents">{t('membership.consents.edit')}</Link>}
        >
          <Facts
            rows={[
              [t('membership.consents.marketing'), yesNo(membership.gdpr_opt_in)],
              [
                t('consents.overview.changed'),
                membership.gdpr_updated_at
                  ? formatDateTime(membership.gdpr_updated_at, locale, membership.operator.timezone)
                  : t('consents.overview.never'),
              ],
            ]}
          />
        </Section>

        <Section title={t('membership.terms.title')}>
          <Facts
            rows={[
              [
                t('membership.terms.notice'),
                t('membership.terms.noticeValue', { count: operator.cancellationNoticeMonths }),
              ],
              [
                t('membership.terms.freeze'),
                t('membership.terms.freezeValue', { count: operator.freezePolicy.maxMonthsPerYear }),
              ],
              ...(operator.signupFeeOnReturn
                ? ([
                    [
                      t('membership.terms.signupFee'),
                      formatMoney(
                        operator.signupFeeOnReturn.amount,
                        operator.signupFeeOnReturn.currency,
                        locale,
                      ),
                    ],
                  ] as [string, ReactNode][])
                : []),
            ]}
          />
        </Section>

        <Section title={t('membership.product.title')}>
          <p className={styles.value}>{product.presentation.name}</p>
          {product.presentation.description && (
            <p className={styles.muted}>{product.presentation.description}</p>
          )}
          <Facts
            rows={[
              [
                t('membership.product.monthlyFee'),
                formatMoney(product.schedule.monthly_fee, currency, locale),
              ],
              [
                t('membership.product.binding'),
                product.schedule.binding_months > 0
                  ? t('membership.product.months', { count: product.schedule.binding_months })
                  : t('membership.product.noBinding'),
              ],
            ]}
          />
        </Section>

        <Section title={t('membership.details.title')}>
          <Facts
            rows={[
              [t('membership.details.number'), membership.membership_number],
              ...detailDates(membership, t, locale),
            ]}
          />
        </Section>
      </div>
      <CancelLink membership={membership} />
    </>
  );
}

/** /membership/:page: chip, profile, consents, club and the generic title pages (later issues). */
export function MembershipSubPage() {
  return <ComingSoon />;
}
