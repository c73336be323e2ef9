import type { Membership } from '@portal/contract';
import { statusLineDate } from '@portal/domain';
import type { TFunction } from 'i18next';
import { formatDate } from './format.ts';

export type StatusTone = 'positive' | 'paused' | 'ending' | 'ended';

export function statusTone(status: Membership['status']): StatusTone {
  if (status === 'active') return 'positive';
  if (status === 'in_freeze' || status === 'in_trial' || status === 'presale') return 'paused';
  if (status === 'in_cancellation') return 'ending';
  return 'ended';
}

type StatusFacts = Pick<
  Membership,
  'status' | 'begin_date' | 'end_date' | 'activates_on' | 'scheduled_freeze'
>;

/**
 * The status line (docs/portal-screens.md) in the member's locale: "Active since 1 March 2025",
 * "Frozen — reactivates on …", "Cancelled — membership ends on …", "Trial — activation on …",
 * "Cancelled during presale on … — the membership never started", and the display variant
 * of active with a scheduled freeze.
 */
export function statusLineText(m: StatusFacts, t: TFunction, locale: string): string {
  if (m.status === 'active' && m.scheduled_freeze) {
    return t('status.activeScheduledFreeze', { date: formatDate(m.scheduled_freeze.begin_date, locale) });
  }
  const line = statusLineDate(m);
  if (!line) {
    const name = t(`statusName.${m.status}`);
    return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
  }
  const date = formatDate(line.date, locale);
  switch (line.kind) {
    case 'since':
      return t('status.active', { date });
    case 'until':
      return t('status.in_cancellation', { date });
    case 'ended':
      // Cancelled in trial or presale means before the begin date: it never started.
      return m.status === 'cancelled_in_presale' || m.status === 'cancelled_in_trial'
        ? t(`status.${m.status}`, { date })
        : t('status.ended', { date });
    case 'activates':
      return m.status === 'in_freeze'
        ? t('status.in_freeze', { date })
        : m.status === 'presale'
          ? t('status.presale', { date })
          : t('status.in_trial', { date });
  }
}
