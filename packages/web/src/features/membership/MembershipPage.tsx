import type { Membership } from '@portal/contract';
import { canChangeClub, cancelLinkKind, isInactiveStatus, statusAction } from '@portal/domain';
import type { TFunction } from 'i18next';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '../../components/Button.tsx';
import { ComingSoon } from '../../components/ComingSoon.tsx';
import { Later } from '../../components/Later.tsx';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format.ts';
import { useLoadedMembership, usePaymentAlert } from '../../lib/membership.ts';
import { cancellationMailto } from '../../lib/cancellationMail.ts';
import { useOperator } from '../../lib/operator.ts';
import { statusLineText, statusTone } from '../../lib/statusText.ts';
import styles from './MembershipPage.module.css';

/** Where the status action leads (domain statusAction), and its (stable) label key. */
const ACTIONS = {
  freeze: { to: '/membership/freeze', label: 'membership.actions.freeze' },
  manage_scheduled_freeze: { to: '/membership/freeze', label: 'membership.actions.manageScheduledFreeze' },
  update_freeze: { to: '/membership/freeze', label: 'membership.actions.changeFreeze' },
  reactivate: { to: '/membership/reactivate', label: 'membership.actions.reactivate' },
} as const;

/** A group of rows under a heading that names it for assistive technology. */
function Group({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={styles.group}>
      <h2 id={id} className={styles.groupTitle}>
        {title}
      </h2>
      <div className={styles.groupBody}>
        {children}
        {footer && <div className={styles.groupFooter}>{footer}</div>}
      </div>
    </section>
  );
}

/**
 * One fact: its label, its value and, when the member can change it, the action as a chevron
 * link at the row's end (a tap target of its own, not underlined text inside the value).
 */
function Row({
  label,
  children,
  action,
  wrapAnywhere = false,
}: {
  label: string;
  children: ReactNode;
  action?: { to: string; label: string } | false | undefined;
  /** E-mail addresses, numbers and codes: break anywhere rather than widen the page. */
  wrapAnywhere?: boolean;
}) {
  return (
    <div className={styles.row}>
      <dt className={styles.rowLabel}>{label}</dt>
      <dd className={wrapAnywhere ? `${styles.rowValue} ${styles.anywhere}` : styles.rowValue}>{children}</dd>
      {action && (
        <dd className={styles.rowAction}>
          <Link to={action.to} className={styles.chevronLink}>
            {action.label}
            <Chevron />
          </Link>
        </dd>
      )}
    </div>
  );
}

/** A row that is only an action (change password, download data): the whole row is the link. */
function LinkRow({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={styles.linkRow}>
      <span>{children}</span>
      <Chevron />
    </Link>
  );
}

function Chevron() {
  return (
    <svg className={styles.chevron} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M9 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The status as the page's hero (it stands in for the shell's status bar here): a badge that
 * names the status in words, the sentence that explains it, who it is, and the one action
 * this status calls for. An unpaid invoice comes first: nothing else matters until it is paid.
 */
function StatusHero({ membership, withdrawal }: { membership: Membership; withdrawal?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const unpaid = usePaymentAlert();
  const action = statusAction(membership.status, membership.scheduled_freeze !== null);
  const scheduled = membership.status === 'active' ? membership.scheduled_freeze : null;
  const tone = statusTone(membership.status);
  const id = useId();
  return (
    <section aria-labelledby={id} className={styles.hero} data-tone={tone}>
      <h2 id={id} className={styles.heroLabel}>
        {t('statusBar.label')}
      </h2>
      <p className={styles.badge} data-tone={tone}>
        <span className={styles.badgeDot} aria-hidden="true" />
        {capitalized(t(`statusName.${membership.status}`), locale)}
      </p>
      <p className={styles.heroSentence}>{statusLineText(membership, t, locale)}</p>
      {scheduled && (
        <p className={styles.heroNote}>
          {t('membership.status.scheduledFreeze', {
            begin: formatDate(scheduled.begin_date, locale),
            end: formatDate(scheduled.end_date, locale),
          })}
        </p>
      )}
      <p className={styles.heroMember}>
        <span>
          {membership.profile.first_name} {membership.profile.last_name}
        </span>
        <span>{t('statusBar.number', { number: membership.membership_number })}</span>
      </p>
      {(unpaid || action) && (
        <div className={styles.heroActions}>
          {unpaid && <ButtonLink to="/payment">{t('membership.actions.pay')}</ButtonLink>}
          {action && (
            <ButtonLink to={ACTIONS[action].to} variant={unpaid ? 'secondary' : 'primary'}>
              {t(ACTIONS[action].label)}
            </ButtonLink>
          )}
        </div>
      )}
      {withdrawal}
    </section>
  );
}

/** The catalogues write status names as they read inside a sentence ("aktiv"); a badge starts a line. */
function capitalized(text: string, locale: string): string {
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

/** An ended membership's next step: coming back, with the signup fee where the operator has one. */
function Rejoin() {
  const { t, i18n } = useTranslation();
  const operator = useOperator();
  const fee = operator.signupFeeOnReturn;
  const id = useId();
  return (
    <section aria-labelledby={id} className={styles.rejoin}>
      <h2 id={id} className={styles.rejoinTitle}>
        {t('membership.rejoin.title')}
      </h2>
      <p>
        {fee
          ? t('membership.rejoin.textWithFee', {
              fee: formatMoney(fee.amount, fee.currency, i18n.language),
            })
          : t('membership.rejoin.text')}
      </p>
      <ButtonLink to="/contact" variant="secondary">
        {t('membership.rejoin.action')}
      </ButtonLink>
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

function CancelLink({ membership }: { membership: Membership }) {
  const { t } = useTranslation();
  const operator = useOperator();
  const kind = cancelLinkKind(operator, membership.status);
  if (kind === 'link') {
    // The link names the page it opens (the signed-in cancellation); the statutory "cancel
    // contracts here" is the footer's, which opens the cancellation without sign-in.
    return <LinkRow to="/membership/cancellation">{t('membership.cancel.link')}</LinkRow>;
  }
  if (kind === 'email_text') {
    return (
      <p className={styles.cancelText}>
        {t('membership.cancel.emailText', { number: membership.membership_number })}{' '}
        <a href={cancellationMailto(t, operator.supportEmail, membership)} className={styles.anywhere}>
          {operator.supportEmail}
        </a>
      </p>
    );
  }
  return null;
}

/**
 * Begin and end of the contract. Cancelled in trial or presale (before the begin date), the
 * membership never started: say so rather than "begins 1 January, ends 22 November".
 */
function dateRows(membership: Membership, t: TFunction, locale: string): [string, string][] {
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

function ContractGroup({ membership }: { membership: Membership }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const operator = useOperator();
  const { product } = membership;
  // Terms of a running contract; an ended one shows its dates and the way back instead.
  const running = !isInactiveStatus(membership.status);
  const fee = operator.signupFeeOnReturn;
  return (
    <Group title={t('membership.contract.title')} footer={<CancelLink membership={membership} />}>
      <dl className={styles.rows}>
        <Row label={t('membership.product.title')}>
          <span className={styles.strong}>{product.presentation.name}</span>
          {product.presentation.description && (
            <span className={styles.muted}>{product.presentation.description}</span>
          )}
        </Row>
        <Row label={t('membership.product.monthlyFee')}>
          {formatMoney(product.schedule.monthly_fee, membership.operator.currency, locale)}
        </Row>
        {running && (
          <>
            <Row label={t('membership.product.binding')}>
              {product.schedule.binding_months > 0
                ? t('membership.product.months', { count: product.schedule.binding_months })
                : t('membership.product.noBinding')}
            </Row>
            <Row label={t('membership.terms.notice')}>
              {t('membership.terms.noticeValue', { count: operator.cancellationNoticeMonths })}
            </Row>
            <Row label={t('membership.terms.freeze')}>
              {t('membership.terms.freezeValue', { count: operator.freezePolicy.maxMonthsPerYear })}
            </Row>
            {fee && (
              <Row label={t('membership.terms.signupFee')}>
                {formatMoney(fee.amount, fee.currency, locale)}
              </Row>
            )}
          </>
        )}
        {dateRows(membership, t, locale).map(([label, value]) => (
          <Row key={label} label={label}>
            {value}
          </Row>
        ))}
        <Row label={t('membership.details.number')} wrapAnywhere>
          {membership.membership_number}
        </Row>
      </dl>
    </Group>
  );
}

function PersonalGroup({ membership }: { membership: Membership }) {
  const { t, i18n } = useTranslation();
  const { profile, location } = membership;
  const address = [
    profile.address.street,
    `${profile.address.postal_code} ${profile.address.postal_location}`.trim(),
  ].filter(Boolean);
  return (
    <Group title={t('membership.profile.title')}>
      <dl className={styles.rows}>
        <Row label={t('membership.profile.name')}>{`${profile.first_name} ${profile.last_name}`}</Row>
        <Row label={t('membership.profile.email')} wrapAnywhere>
          {profile.email}
        </Row>
        <Row label={t('membership.profile.mobile')} wrapAnywhere>
          {`${profile.mobile.prefix} ${profile.mobile.number}`.trim()}
        </Row>
        <Row label={t('membership.profile.address')}>
          {address.map((line) => (
            <span key={line} className={styles.line}>
              {line}
            </span>
          ))}
        </Row>
        <Row
          label={t('membership.club.title')}
          action={
            canChangeClub(membership.status) && { to: '/membership/club', label: t('membership.club.change') }
          }
        >
          {location.name}
        </Row>
        <Row
          label={t('membership.consents.marketing')}
          action={{ to: '/membership/consents', label: t('membership.consents.edit') }}
        >
          {membership.gdpr_opt_in ? t('common.yes') : t('common.no')}
          <span className={styles.muted}>
            {t('consents.overview.changed')}:{' '}
            {membership.gdpr_updated_at
              ? formatDateTime(membership.gdpr_updated_at, i18n.language, membership.operator.timezone)
              : t('consents.overview.never')}
          </span>
        </Row>
      </dl>
      <div className={styles.linkRows}>
        <LinkRow to="/membership/profile">{t('membership.profile.edit')}</LinkRow>
        <LinkRow to="/membership/password">{t('account.password.link')}</LinkRow>
        <LinkRow to="/membership/devices">{t('account.devices.link')}</LinkRow>
        <LinkRow to="/membership/data">{t('account.data.link')}</LinkRow>
      </div>
    </Group>
  );
}

/** /membership: the overview, the status first, then access, contract, person. */
export function MembershipPage({
  access,
  withdrawal,
}: {
  access?: AccessSlots;
  /** The withdrawal button (from the cancellation feature), shown in the status hero. */
  withdrawal?: ReactNode;
}) {
  const { t } = useTranslation();
  const membership = useLoadedMembership();
  const ended = isInactiveStatus(membership.status);
  return (
    <div className={styles.page}>
      <StatusHero membership={membership} withdrawal={withdrawal} />
      {ended && <Rejoin />}
      <div className={styles.groups}>
        {access && (
          <Group title={t('access.title')}>
            <div className={styles.access}>{access.state}</div>
            <div className={styles.accessLinks}>{access.links}</div>
          </Group>
        )}
        <Later>
          <ContractGroup membership={membership} />
          <PersonalGroup membership={membership} />
        </Later>
      </div>
    </div>
  );
}

/** /membership/:page: chip, profile, consents, club and the generic title pages (not built yet). */
export function MembershipSubPage() {
  return <ComingSoon />;
}
