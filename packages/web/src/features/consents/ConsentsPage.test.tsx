import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../lib/session.ts';
import { membershipFixture } from '../../test/fixtures.ts';
import { renderMemberPage } from '../../test/memberPage.tsx';
import { setupI18n } from '../../test/render.tsx';
import { ConsentsPage } from './ConsentsPage.tsx';

beforeAll(async () => {
  await setupI18n('en-DE');
});

beforeEach(() => {
  session.signIn('tok');
});

const renderConsents = (
  membership = membershipFixture(),
  answer: { status: number; body?: unknown } = { status: 204 },
) =>
  renderMemberPage(<ConsentsPage />, {
    path: '/membership/consents',
    membership,
    routes: { 'PUT /api/v1/membership/gdpr': answer },
  });

describe('consents page', () => {
  it('gives the consent in one step when it is not given', async () => {
    const { requests } = renderConsents();
    expect(screen.getByText('No consent given')).toBeInTheDocument();
    expect(screen.getByText('Not changed since you joined')).toBeInTheDocument();
    expect(screen.getByText(/withdrawing your consent is just as easy as giving it/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Give consent' }));
    expect(await screen.findByRole('heading', { name: 'Thank you for your consent' })).toBeInTheDocument();
    expect(screen.getByText('We have sent you a confirmation by e-mail.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to membership' })).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ gdpr_opt_in: true });
  });

  it('withdraws a given consent just as easily, and shows when it last changed', async () => {
    const { requests } = renderConsents(
      membershipFixture({ gdpr_opt_in: true, gdpr_updated_at: '2026-11-22T10:00:00Z' }),
    );
    expect(screen.getByText('Consent given')).toBeInTheDocument();
    // 10:00 UTC is 11:00 in Berlin, the operator's timezone.
    expect(screen.getByText('Last changed on 22 November 2026 at 11:00')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Give consent' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw consent' }));
    expect(await screen.findByRole('heading', { name: 'Your consent is withdrawn' })).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ gdpr_opt_in: false });
  });

  it('shows an error page with a way back and a retry when saving fails', async () => {
    renderConsents(membershipFixture(), { status: 500, body: { status: 500, errors: [] } });
    await userEvent.click(screen.getByRole('button', { name: 'Give consent' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong. Please try again or contact support.',
    );
    expect(screen.getByRole('link', { name: 'Back to membership' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('button', { name: 'Give consent' })).toBeInTheDocument();
  });
});
