import type { MembershipStatus } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../lib/session.ts';
import { fakeFetch } from '../../test/fakeFetch.ts';
import { invoiceFixture } from '../../test/fixtures.ts';
import { queryKeys } from '../../lib/membership.ts';
import { renderWith, setupI18n, testQueryClient } from '../../test/render.tsx';
import { MainMenu } from './MainMenu.tsx';

beforeAll(async () => {
  await setupI18n('en-DE');
});

beforeEach(() => {
  session.signIn('tok');
  fakeFetch({ 'GET /api/v1/membership/invoices': { body: [invoiceFixture()] } });
});

function renderMenu(status: MembershipStatus, ptEnabled: boolean, queryClient = testQueryClient()) {
  renderWith(<MainMenu id="m" status={status} ptEnabled={ptEnabled} open={false} onNavigate={() => {}} />, {
    queryClient,
  });
  const nav = screen.getByRole('navigation', { name: 'Main menu' });
  return within(nav)
    .getAllByRole('link')
    .map((a) => a.textContent);
}

describe('main menu rules', () => {
  it('shows every item for an active member with PT', () => {
    expect(renderMenu('active', true)).toEqual([
      'Home',
      'Payment',
      'Referral',
      'Offers',
      'Personal training',
      'Membership',
      'Contact',
    ]);
  });
  it('hides offers and pt when the PT feature is off', () => {
    expect(renderMenu('active', false)).toEqual(['Home', 'Payment', 'Referral', 'Membership', 'Contact']);
  });
  it.each([
    'in_trial',
    'presale',
    'cancelled',
    'cancelled_in_trial',
    'cancelled_in_presale',
    'stopped',
  ] as const)('hides referral for %s', (status) => {
    expect(renderMenu(status, true)).not.toContain('Referral');
  });
  it.each(['active', 'in_freeze', 'in_cancellation'] as const)('keeps referral for %s', (status) => {
    expect(renderMenu(status, true)).toContain('Referral');
  });
  it('links each item to its route', () => {
    renderMenu('active', true);
    expect(screen.getByRole('link', { name: 'Personal training' })).toHaveAttribute('href', '/pt');
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  });
  it('has no payment alert without a declined invoice with a period', async () => {
    fakeFetch({
      'GET /api/v1/membership/invoices': {
        body: [invoiceFixture(), invoiceFixture({ id: 'x', status: 'declined', period: null })],
      },
    });
    const queryClient = testQueryClient();
    renderMenu('active', true, queryClient);
    // Nothing shows that the invoices arrived: wait for their query, then for no alert.
    await waitFor(() => expect(queryClient.getQueryState(queryKeys.invoices)?.status).toBe('success'));
    expect(screen.queryByText('Payment required')).toBeNull();
  });
  it('marks payment when a declined invoice with a period exists', async () => {
    fakeFetch({ 'GET /api/v1/membership/invoices': { body: [invoiceFixture({ status: 'declined' })] } });
    renderMenu('active', true);
    expect(await screen.findByText('Payment required')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Payment/ })).toHaveAccessibleName('Payment Payment required');
  });
});
