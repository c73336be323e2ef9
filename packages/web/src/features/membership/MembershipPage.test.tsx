import type { MembershipStatus, OperatorId } from '@portal/contract';
import { getOperator } from '@portal/domain';
import { cleanup, screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../lib/session.ts';
import { invoiceFixture, membershipFixture } from '../../test/fixtures.ts';
import { queryKeys } from '../../lib/membership.ts';
import { renderMemberPage } from '../../test/memberPage.tsx';
import { setupI18n, testQueryClient } from '../../test/render.tsx';
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
  invoices: unknown[] = [],
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
    // The payment alert reads the invoices; given up front, nothing loads after the test.
    queryClient: withInvoices(invoices),
  });
}

function withInvoices(invoices: unknown[]) {
  const client = testQueryClient();
  client.setQueryData(queryKeys.invoices, invoices);
  return client;
}

const statusCard = () => screen.getByRole('region', { name: 'Membership status' });

describe('membership overview: the status hero', () => {
  it('names the status in a badge, explains it once, and says whose membership it is', () => {
    renderOverview('active');
    const hero = statusCard();
    expect(within(hero).getByText('Active', { exact: true })).toBeInTheDocument();
    expect(within(hero).getByText('Active since 1 March 2025')).toBeInTheDocument();
    expect(hero).toHaveTextContent('Anna Schmidt');
    expect(hero).toHaveTextContent('Membership no. 100234');
    expect(screen.getAllByText('Active since 1 March 2025')).toHaveLength(1);
  });

  it('puts an unpaid invoice first: settle it, with the status action beside it', async () => {
    renderOverview('active', 'de', {}, [
      invoiceFixture({ status: 'declined', period: { from: '2026-10-01', to: '2026-10-31' } }),
    ]);
    const pay = await within(statusCard()).findByRole('link', { name: 'Settle outstanding payment' });
    expect(pay).toHaveAttribute('href', '/payment');
    const links = within(statusCard()).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Settle outstanding payment', 'Freeze membership']);
  });

  it('offers no payment action when every invoice is paid', async () => {
    renderOverview('active', 'de', {}, [invoiceFixture({ status: 'charged' })]);
    await screen.findByRole('link', { name: 'Freeze membership' });
    expect(screen.queryByRole('link', { name: 'Settle outstanding payment' })).toBeNull();
  });
});

describe('membership overview: status action', () => {
  it('active → Freeze membership', () => {
    renderOverview('active');
    expect(within(statusCard()).getByText('Active since 1 March 2025')).toBeInTheDocument();
    expect(within(statusCard()).getByRole('link', { name: 'Freeze membership' })).toHaveAttribute(
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
  it('Germany names the link by the page it opens, not by the statutory footer link without sign-in', async () => {
    renderOverview('active', 'de');
    expect(screen.getByRole('link', { name: 'Cancel membership' })).toHaveAttribute(
      'href',
      '/membership/cancellation',
    );
    expect(screen.queryByRole('link', { name: 'Cancel contracts here' })).toBeNull();
    // The German names, from the catalogue: the overview goes first, so the language change
    // does not render it again (and load the membership in German) after the test.
    cleanup();
    const { t } = await setupI18n('de-DE');
    expect(t('membership.cancel.link')).toBe('Mitgliedschaft kündigen');
    expect(t('pages.cancellation')).toBe('Mitgliedschaft kündigen');
    expect(t('pages.cancel-contract')).toBe('Verträge hier kündigen');
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
    // The e-mail comes written: a subject and a text with the member's number and name.
    const href = screen.getByRole('link', { name: email }).getAttribute('href')!;
    expect(href.startsWith(`mailto:${email}?subject=`)).toBe(true);
    const query = new URLSearchParams(href.slice(href.indexOf('?') + 1));
    expect(query.get('subject')).toBe('Cancellation of my membership 100234');
    expect(query.get('body')).toContain('membership number 100234');
    expect(query.get('body')).toMatch(/Kind regards\nAnna \S+$/);
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
  it('shows the access section the app composes in, with its links as row actions', () => {
    renderMemberPage(
      <MembershipPage access={{ state: <p>Chip state stand-in</p>, links: <a href="/x">Chip link</a> }} />,
      { path: '/membership', membership: membershipFixture() },
    );
    const access = screen.getByRole('region', { name: 'Access' });
    expect(access).toHaveTextContent('Chip state stand-in');
    expect(within(access).getByRole('link', { name: 'Chip link' })).toBeInTheDocument();
  });

  it('groups product, price, terms, dates and number under Contract', () => {
    renderOverview('active', 'de');
    const contract = screen.getByRole('region', { name: 'Contract' });
    expect(contract).toHaveTextContent('ProductStride Flex');
    expect(contract).toHaveTextContent('Monthly fee€29.90');
    expect(contract).toHaveTextContent('Minimum term12 months');
    expect(contract).toHaveTextContent('Notice periodOne month to the end of a month');
    expect(contract).toHaveTextContent('FreezeUp to 3 months per calendar year');
    expect(contract).toHaveTextContent('Signup fee if you rejoin later€49.00');
    expect(contract).toHaveTextContent('Start date1 March 2025');
    expect(contract).toHaveTextContent('End dateOpen-ended');
    expect(contract).toHaveTextContent('Membership number100234');
    expect(within(contract).getByRole('link', { name: 'Cancel membership' })).toHaveAttribute(
      'href',
      '/membership/cancellation',
    );
  });

  it('groups name, contact, club and consent under personal information, each change a row action', () => {
    renderOverview('active', 'de');
    const profile = screen.getByRole('region', { name: 'Personal information' });
    expect(profile).toHaveTextContent('NameAnna Schmidt');
    expect(profile).toHaveTextContent('E-mailanna@example.com');
    expect(profile).toHaveTextContent('Mobile+49 1512345678');
    expect(profile).toHaveTextContent('Hauptstr. 1');
    expect(profile).toHaveTextContent('10115 Berlin');
    expect(profile).toHaveTextContent('Home clubBerlin Mitte');
    expect(within(profile).getByRole('link', { name: 'Change club' })).toHaveAttribute(
      'href',
      '/membership/club',
    );
    expect(profile).toHaveTextContent('Offers and news by e-mailNo');
    expect(within(profile).getByRole('link', { name: 'Change consents' })).toHaveAttribute(
      'href',
      '/membership/consents',
    );
    expect(within(profile).getByRole('link', { name: 'Edit personal information' })).toHaveAttribute(
      'href',
      '/membership/profile',
    );
  });

  it('says a presale membership cancelled before its begin date never started', () => {
    renderOverview('cancelled_in_presale', 'de', { begin_date: '2027-01-01', end_date: '2026-11-22' });
    expect(within(statusCard()).getByText(/never started/)).toHaveTextContent(
      'Cancelled during presale on 22 November 2026 — the membership never started',
    );
    const contract = screen.getByRole('region', { name: 'Contract' });
    expect(contract).toHaveTextContent('Start dateNever started (planned for 1 January 2027)');
    expect(contract).toHaveTextContent('Cancelled on22 November 2026');
    expect(contract).not.toHaveTextContent('End date');
  });

  it('keeps start and end dates for a membership that ran', () => {
    renderOverview('cancelled', 'de', { end_date: '2026-10-31' });
    const contract = screen.getByRole('region', { name: 'Contract' });
    expect(contract).toHaveTextContent('Start date1 March 2025');
    expect(contract).toHaveTextContent('End date31 October 2026');
  });

  it.each(['presale', 'cancelled', 'cancelled_in_trial', 'stopped'] as const)(
    'hides the club change for %s',
    (status) => {
      renderOverview(status, 'de');
      expect(screen.queryByRole('link', { name: 'Change club' })).toBeNull();
    },
  );
});

describe('membership overview: an ended membership', () => {
  it.each([
    ['de', 'cancelled', '€49.00'],
    ['ch', 'stopped', 'CHF 69.00'],
  ] as const)('%s %s: offers rejoining with the signup fee on return', (operator, status, fee) => {
    renderOverview(status, operator, { end_date: '2026-10-31' });
    const rejoin = screen.getByRole('region', { name: 'Want to train with us again?' });
    expect(rejoin).toHaveTextContent(/with a signup fee of/);
    expect(rejoin).toHaveTextContent(fee);
    expect(within(rejoin).getByRole('link', { name: 'Contact us to rejoin' })).toHaveAttribute(
      'href',
      '/contact',
    );
  });

  it.each(['at', 'no', 'fi'] as const)('%s: offers rejoining, with no fee to mention', (operator) => {
    renderOverview('cancelled', operator, { end_date: '2026-10-31' });
    const rejoin = screen.getByRole('region', { name: 'Want to train with us again?' });
    expect(rejoin).not.toHaveTextContent(/fee/);
  });

  it('drops the terms that no longer apply', () => {
    renderOverview('cancelled', 'de', { end_date: '2026-10-31' });
    const contract = screen.getByRole('region', { name: 'Contract' });
    expect(contract).not.toHaveTextContent('Notice period');
    expect(contract).not.toHaveTextContent('Minimum term');
    expect(contract).not.toHaveTextContent('Up to 3 months per calendar year');
    expect(contract).not.toHaveTextContent('Signup fee');
    expect(contract).toHaveTextContent('Stride Flex');
  });

  it.each(['active', 'in_cancellation', 'in_freeze', 'in_trial', 'presale'] as const)(
    '%s: no rejoining offer while the membership runs',
    (status) => {
      renderOverview(status, 'de');
      expect(screen.queryByRole('region', { name: 'Want to train with us again?' })).toBeNull();
    },
  );
});

describe('membership overview: consents and account', () => {
  it('shows when the marketing consent last changed, or that it never did', () => {
    renderOverview('active', 'de', { gdpr_opt_in: true, gdpr_updated_at: '2026-11-22T10:00:00Z' });
    const profile = screen.getByRole('region', { name: 'Personal information' });
    expect(profile).toHaveTextContent('Offers and news by e-mailYes');
    expect(profile).toHaveTextContent('Last changed: 22 November 2026 at 11:00');
  });

  it('says the consent is unchanged since joining when it never changed', () => {
    renderOverview('cancelled', 'de');
    expect(screen.getByRole('region', { name: 'Personal information' })).toHaveTextContent(
      'Last changed: Not changed since you joined',
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
