import type { MembershipStatus, OperatorId } from '@portal/contract';
import { getOperator } from '@portal/domain';
import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../lib/session.ts';
import { membershipFixture } from '../../test/fixtures.ts';
import { renderMemberPage } from '../../test/memberPage.tsx';
import { setupI18n } from '../../test/render.tsx';
import { MembershipPage } from './MembershipPage.tsx';

beforeAll(async () => {
  await setupI18n('en-DE');
});

beforeEach(() => {
  session.signIn('tok');
});

const scheduled = { id: 's1', begin_date: '2026-05-01', end_date: '2026-05-31', cancel_date: null };

function renderOverview(
  status: MembershipStatus,
  operator: OperatorId = 'de',
  extra: Parameters<typeof membershipFixture>[0] = {},
) {
  return renderMemberPage(<MembershipPage />, {
    path: '/membership',
    operator,
    membership: membershipFixture({
      status,
      end_date: status === 'in_cancellation' ? '2026-04-30' : null,
      activates_on: status === 'in_freeze' ? '2026-05-01' : null,
      ...extra,
    }),
  });
}

const statusCard = () => screen.getByRole('region', { name: 'Status' });

describe('membership overview: status action (spec section 2)', () => {
  it('active → Freeze membership', () => {
    renderOverview('active');
    expect(within(statusCard()).getByText('Active since 1 March 2025')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Freeze membership' })).toHaveAttribute(
      'href',
      '/membership/freeze',
    );
  });

  it('active with a scheduled freeze → Manage scheduled freeze, with its dates', () => {
    renderOverview('active', 'de', { scheduled_freeze: scheduled });
    expect(screen.getByRole('link', { name: 'Manage scheduled freeze' })).toHaveAttribute(
      'href',
      '/membership/freeze',
    );
    expect(
      within(statusCard()).getByText('Freeze scheduled from 1 May 2026 to 31 May 2026'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Freeze membership' })).toBeNull();
  });

  it('in_freeze → Change freeze', () => {
    renderOverview('in_freeze');
    expect(within(statusCard()).getByText('Frozen — reactivates on 1 May 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change freeze' })).toHaveAttribute('href', '/membership/freeze');
  });

  it('in_cancellation → Reactivate membership', () => {
    renderOverview('in_cancellation');
    expect(screen.getByRole('link', { name: 'Reactivate membership' })).toHaveAttribute(
      'href',
      '/membership/reactivate',
    );
  });

  it.each(['in_trial', 'presale', 'cancelled', 'stopped'] as const)('%s has no action', (status) => {
    renderOverview(status);
    expect(within(statusCard()).queryByRole('link')).toBeNull();
  });
});

describe('membership overview: cancel link per operator', () => {
  it('Germany (§ 312k) labels the link to the cancellation "Cancel contracts here"', async () => {
    renderOverview('active', 'de');
    expect(screen.getByRole('link', { name: 'Cancel contracts here' })).toHaveAttribute(
      'href',
      '/membership/cancellation',
    );
    expect(screen.queryByRole('link', { name: 'Cancel membership' })).toBeNull();
    const { t } = await setupI18n('de-DE');
    expect(t('membership.cancel.linkContracts')).toBe('Verträge hier kündigen');
    await setupI18n('en-DE');
  });

  it.each(['at', 'no', 'fi'] as const)('%s (multi-step) shows "Cancel membership"', (operator) => {
    renderOverview('active', operator);
    expect(screen.getByRole('link', { name: 'Cancel membership' })).toHaveAttribute(
      'href',
      '/membership/cancellation',
    );
    expect(screen.queryByText(/To cancel your membership/)).toBeNull();
  });

  it('Switzerland shows the e-mail text instead of the link', () => {
    renderOverview('active', 'ch');
    expect(screen.queryByRole('link', { name: 'Cancel membership' })).toBeNull();
    expect(screen.getByText(/To cancel your membership, please send us an e-mail/)).toHaveTextContent(
      'membership number 100234',
    );
    const email = getOperator('ch').supportEmail;
    expect(screen.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
  });

  it.each(['in_trial', 'presale'] as const)(
    'Switzerland in %s gets the link (the single page applies)',
    (status) => {
      renderOverview(status, 'ch');
      expect(screen.getByRole('link', { name: 'Cancel membership' })).toBeInTheDocument();
    },
  );

  it.each(['in_cancellation', 'cancelled', 'stopped'] as const)('no link for %s', (status) => {
    renderOverview(status, 'de');
    expect(screen.queryByRole('link', { name: /Cancel (membership|contracts here)/ })).toBeNull();
    expect(screen.queryByText(/To cancel your membership/)).toBeNull();
  });

  it('Finland and Austria show the link in trial, presale and freeze', () => {
    renderOverview('in_trial', 'fi');
    expect(screen.getByRole('link', { name: 'Cancel membership' })).toBeInTheDocument();
  });
});

describe('membership overview: sections', () => {
  it('shows the access section the app composes in, with its links in the footer', () => {
    renderMemberPage(
      <MembershipPage access={{ state: <p>Chip state stand-in</p>, links: <a href="/x">Chip link</a> }} />,
      { path: '/membership', membership: membershipFixture() },
    );
    const access = screen.getByRole('region', { name: 'Access' });
    expect(access).toHaveTextContent('Chip state stand-in');
    expect(within(access).getByRole('link', { name: 'Chip link' })).toBeInTheDocument();
  });

  it('shows club, personal information, consents, product, terms and details', () => {
    renderOverview('active', 'de');
    const club = screen.getByRole('region', { name: 'Home club' });
    expect(club).toHaveTextContent('Berlin Mitte');
    expect(within(club).getByRole('link', { name: 'Change club' })).toBeInTheDocument();
    const profile = screen.getByRole('region', { name: 'Personal information' });
    expect(profile).toHaveTextContent('Anna Schmidt');
    expect(profile).toHaveTextContent('anna@example.com');
    expect(profile).toHaveTextContent('Hauptstr. 1');
    expect(profile).toHaveTextContent('10115 Berlin');
    expect(profile).toHaveTextContent('+49 1512345678');
    expect(within(profile).getByRole('link', { name: 'Edit personal information' })).toHaveAttribute(
      'href',
      '/membership/profile',
    );
    const consents = screen.getByRole('region', { name: 'Consents' });
    expect(consents).toHaveTextContent('Offers and news by e-mailNo');
    expect(within(consents).getByRole('link')).toHaveAttribute('href', '/membership/consents');
    const product = screen.getByRole('region', { name: 'Product' });
    expect(product).toHaveTextContent('Stride Flex');
    expect(product).toHaveTextContent('€29.90');
    expect(product).toHaveTextContent('12 months');
    const terms = screen.getByRole('region', { name: 'Terms' });
    expect(terms).toHaveTextContent('One month to the end of a month');
    expect(terms).toHaveTextContent('€49.00');
    const details = screen.getByRole('region', { name: 'Details' });
    expect(details).toHaveTextContent('100234');
    expect(details).toHaveTextContent('1 March 2025');
    expect(details).toHaveTextContent('Open-ended');
  });

  it('says a presale membership cancelled before its begin date never started', () => {
    renderOverview('cancelled_in_presale', 'de', { begin_date: '2027-01-01', end_date: '2026-11-22' });
    expect(within(statusCard()).getByText(/never started/)).toHaveTextContent(
      'Cancelled during presale on 22 November 2026 — the membership never started',
    );
    const details = screen.getByRole('region', { name: 'Details' });
    expect(details).toHaveTextContent('Start dateNever started (planned for 1 January 2027)');
    expect(details).toHaveTextContent('Cancelled on22 November 2026');
    expect(details).not.toHaveTextContent('End date');
  });

  it('keeps start and end dates for a membership that ran', () => {
    renderOverview('cancelled', 'de', { end_date: '2026-10-31' });
    const details = screen.getByRole('region', { name: 'Details' });
    expect(details).toHaveTextContent('Start date1 March 2025');
    expect(details).toHaveTextContent('End date31 October 2026');
  });

  it.each(['presale', 'cancelled', 'cancelled_in_trial', 'stopped'] as const)(
    'hides the club change for %s',
    (status) => {
      renderOverview(status, 'de');
      expect(screen.queryByRole('link', { name: 'Change club' })).toBeNull();
    },
  );
});

describe('membership overview: consents and account (issue 6)', () => {
  it('shows when the marketing consent last changed, or that it never did', () => {
    renderOverview('active', 'de', { gdpr_opt_in: true, gdpr_updated_at: '2026-11-22T10:00:00Z' });
    const consents = screen.getByRole('region', { name: 'Consents' });
    expect(consents).toHaveTextContent('Offers and news by e-mailYes');
    expect(consents).toHaveTextContent('Last changed22 November 2026 at 11:00');
  });

  it('says the consent is unchanged since joining when it never changed', () => {
    renderOverview('cancelled', 'de');
    expect(screen.getByRole('region', { name: 'Consents' })).toHaveTextContent(
      'Last changedNot changed since you joined',
    );
  });

  it('links the password change and the data download from the personal information', () => {
    renderOverview('stopped', 'de');
    const profile = screen.getByRole('region', { name: 'Personal information' });
    expect(within(profile).getByRole('link', { name: 'Change password' })).toHaveAttribute(
      'href',
      '/membership/password',
    );
    expect(within(profile).getByRole('link', { name: 'Download my data' })).toHaveAttribute(
      'href',
      '/membership/data',
    );
  });
});
