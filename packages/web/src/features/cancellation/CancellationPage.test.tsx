import type { MembershipStatus, OperatorId } from '@portal/contract';
import { getOperator } from '@portal/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../lib/session.ts';
import { cancellationPolicyFixture, membershipFixture } from '../../test/fixtures.ts';
import { refusal, renderMemberPage } from '../../test/memberPage.tsx';
import { setupI18n } from '../../test/render.tsx';
import { CancellationPage } from './CancellationPage.tsx';
import { ReactivatePage } from './ReactivatePage.tsx';

beforeAll(async () => {
  await setupI18n('en-DE');
});

beforeEach(() => {
  session.signIn('tok');
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-15T10:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

const location = () => screen.getByTestId('location');

function renderCancellation({
  operator = 'de',
  status = 'active',
  route = '/membership/cancellation',
  policy = cancellationPolicyFixture(),
  gdpr = false,
  routes = {},
}: {
  operator?: OperatorId;
  status?: MembershipStatus;
  route?: string;
  policy?: object;
  gdpr?: boolean;
  routes?: Parameters<typeof renderMemberPage>[1]['routes'];
} = {}) {
  return renderMemberPage(<CancellationPage />, {
    path: '/membership/cancellation/*',
    route,
    operator,
    membership: membershipFixture({ status, gdpr_opt_in: gdpr }),
    routes: {
      'GET /api/v1/membership/policies/cancellation': { body: policy },
      'POST /api/v1/membership/cancellations': {
        body: { status: 'in_cancellation', end_date: '2026-04-30' },
      },
      ...routes,
    },
  });
}

describe('cancellation routing per flow', () => {
  it('multi-step (Germany): freeze instead → tips → missing out on → confirm', async () => {
    renderCancellation();
    expect(await screen.findByRole('heading', { name: 'Would a break help?' })).toBeInTheDocument();
    expect(location()).toHaveTextContent('/membership/cancellation/freeze');
    expect(screen.getByText('Step 1 of 4')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Freeze membership instead' })).toHaveAttribute(
      'href',
      '/membership/freeze',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Continue cancellation' }));
    expect(location()).toHaveTextContent('/membership/cancellation/tips');
    expect(screen.getByRole('heading', { name: 'Before you go: a few tips' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue cancellation' }));
    expect(location()).toHaveTextContent('/membership/cancellation/missing-out-on');
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Your training history',
      'No new signup fee',
      'Access to your club',
      'Personal training',
      'Member offers',
    ]);
    expect(
      screen.getByText('If you rejoin later, you will pay a signup fee of €49.00 again.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue cancellation' }));
    expect(location()).toHaveTextContent('/membership/cancellation/confirm');
    expect(screen.getByText('30 April 2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm cancellation' })).toBeInTheDocument();
  });

  it('words the signup fee generally where the operator has none (Austria)', async () => {
    renderCancellation({ operator: 'at', route: '/membership/cancellation/missing-out-on' });
    expect(
      await screen.findByText('If you rejoin later, you may have to pay a signup fee again.'),
    ).toBeInTheDocument();
  });

  it('multi-step in trial skips the freeze offer and says the end is immediate', async () => {
    renderCancellation({
      status: 'in_trial',
      policy: cancellationPolicyFixture({ calculated_end_date: '2026-03-15' }),
    });
    expect(await screen.findByRole('heading', { name: 'Before you go: a few tips' })).toBeInTheDocument();
    expect(location()).toHaveTextContent('/membership/cancellation/tips');
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue cancellation' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue cancellation' }));
    expect(screen.getByText('Your membership ends immediately, today:')).toBeInTheDocument();
    expect(screen.getByText(/takes effect at once/)).toBeInTheDocument();
  });

  it('single page (Finland): end date, consent question and confirm on one page', async () => {
    renderCancellation({ operator: 'fi' });
    expect(await screen.findByRole('heading', { name: 'Cancel your membership' })).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/membership\/cancellation$/);
    expect(screen.getByText('30 April 2026')).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'May we keep sending you offers?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm cancellation' })).toBeInTheDocument();
  });

  it('single page does not offer the steps', async () => {
    renderCancellation({ operator: 'fi', route: '/membership/cancellation/tips' });
    expect(await screen.findByRole('heading', { name: 'Cancel your membership' })).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/membership\/cancellation$/);
  });

  it('e-mail (Norway): how to cancel by e-mail, with the support address', async () => {
    renderCancellation({ operator: 'no' });
    expect(await screen.findByRole('heading', { name: 'Cancel by e-mail' })).toBeInTheDocument();
    const email = getOperator('no').supportEmail;
    expect(screen.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
    expect(screen.getByText(/membership number 100234/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm cancellation' })).toBeNull();
  });

  it('Norway in presale gets the single page', async () => {
    renderCancellation({
      operator: 'no',
      status: 'presale',
      policy: cancellationPolicyFixture({ calculated_end_date: '2026-03-15' }),
    });
    expect(await screen.findByRole('heading', { name: 'Cancel your membership' })).toBeInTheDocument();
    expect(screen.getByText('Your membership ends immediately, today:')).toBeInTheDocument();
  });
});

describe('cancellation not allowed', () => {
  it('shows an error with retry when the policy does not load', async () => {
    renderCancellation({
      routes: {
        'GET /api/v1/membership/policies/cancellation': { status: 503, body: { status: 503, errors: [] } },
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('This page could not be loaded');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows the policy errors with a back button', async () => {
    renderCancellation({
      status: 'in_freeze',
      policy: cancellationPolicyFixture({
        calculated_end_date: null,
        errors: [
          { type: 'cancel_in_freeze_not_allowed', message: 'Frozen memberships cannot be cancelled.' },
        ],
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Cancellation not possible' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Frozen memberships cannot be cancelled.');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(location()).toHaveTextContent(/^\/membership$/);
  });

  it('uses the catalogue fallback without a server message and a contact text for other types', async () => {
    renderCancellation({
      route: '/membership/cancellation/confirm',
      policy: cancellationPolicyFixture({
        errors: [
          { type: 'cancel_with_scheduled_freeze_not_allowed' },
          { type: 'invalid_status_to_cancel', context: { status: 'stopped' } },
        ],
      }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Your membership cannot be cancelled while a freeze is scheduled in the cancellation period.',
    );
    expect(alert).toHaveTextContent('cannot be cancelled online at the moment');
    expect(screen.queryByRole('button', { name: 'Confirm cancellation' })).toBeNull();
  });
});

describe('cancellation confirm', () => {
  it('requires an answer to the consent question and sends it', async () => {
    const { requests } = renderCancellation({ route: '/membership/cancellation/confirm' });
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm cancellation' }));
    const group = screen.getByRole('radiogroup', { name: 'May we keep sending you offers?' });
    expect(group).toHaveAccessibleDescription(/Please answer this question before confirming/);
    expect(screen.getByRole('radio', { name: 'Yes' })).toHaveFocus();
    expect(requests.some((r) => r.method === 'POST' && r.url.includes('cancellations'))).toBe(false);

    await userEvent.click(screen.getByRole('radio', { name: 'No' }));
    expect(group).not.toHaveAccessibleDescription(/Please answer this question/);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm cancellation' }));
    expect(await screen.findByRole('heading', { name: 'Your membership is cancelled' })).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST' && r.url.includes('cancellations'))?.body).toEqual({
      gdpr_opt_in: false,
    });
  });

  it('does not ask members who already opted in, and sends no consent', async () => {
    const { requests } = renderCancellation({ route: '/membership/cancellation/confirm', gdpr: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm cancellation' }));
    expect(screen.queryByRole('radiogroup')).toBeNull();
    await screen.findByRole('heading', { name: 'Your membership is cancelled' });
    expect(requests.find((r) => r.method === 'POST' && r.url.includes('cancellations'))?.body).toEqual({});
  });

  it('sends yes and shows the end date and the benefits lost on the success page', async () => {
    const { requests } = renderCancellation({ operator: 'fi' });
    await userEvent.click(await screen.findByRole('radio', { name: 'Yes' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm cancellation' }));
    expect(await screen.findByRole('heading', { name: 'Your membership is cancelled' })).toBeInTheDocument();
    expect(screen.getByText('Your membership ends on 30 April 2026.')).toBeInTheDocument();
    expect(
      screen.getByText(/reactivate your membership free of charge until 30 April 2026/),
    ).toBeInTheDocument();
    expect(screen.getByText('Benefits you lose after 30 April 2026:')).toBeInTheDocument();
    expect(screen.getByText('Access to your club')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to membership' })).toHaveAttribute('href', '/membership');
    expect(requests.find((r) => r.method === 'POST' && r.url.includes('cancellations'))?.body).toEqual({
      gdpr_opt_in: true,
    });
  });

  it('shows a refusal with the server message on the error page', async () => {
    renderCancellation({
      operator: 'fi',
      gdpr: true,
      routes: {
        'POST /api/v1/membership/cancellations': refusal(
          'already_in_cancellation_error',
          undefined,
          'Your membership was already cancelled on 1 March.',
        ),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm cancellation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your membership was already cancelled on 1 March.',
    );
    expect(screen.getByRole('link', { name: 'Back to membership' })).toBeInTheDocument();
  });
});

describe('reactivate', () => {
  const renderReactivate = (operator: OperatorId, routes: Parameters<typeof renderMemberPage>[1]['routes']) =>
    renderMemberPage(<ReactivatePage />, {
      path: '/membership/reactivate',
      operator,
      membership: membershipFixture({ status: 'in_cancellation', end_date: '2026-04-30' }),
      routes,
    });

  it('explains that it is free, keeps the terms and what rejoining costs later, then reactivates', async () => {
    const { requests } = renderReactivate('ch', {
      'DELETE /api/v1/membership/cancellations': { status: 204 },
    });
    expect(screen.getByText('Your membership is cancelled and ends on 30 April 2026.')).toBeInTheDocument();
    expect(screen.getByText('Reactivating is free of charge.')).toBeInTheDocument();
    expect(screen.getByText(/keep your current terms/)).toBeInTheDocument();
    expect(
      screen.getByText('After 30 April 2026, rejoining means a new signup with a signup fee of CHF 69.00.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm reactivation' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back!' })).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'DELETE' && r.url === '/api/v1/membership/cancellations')).toBe(
      true,
    );
  });

  it('says nothing about a signup fee where the operator has none, and shows refusals', async () => {
    renderReactivate('fi', {
      'DELETE /api/v1/membership/cancellations': refusal('no_cancellation_to_undo'),
    });
    expect(screen.queryByText(/signup fee/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm reactivation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your membership is already active.');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Back to membership' })).toBeInTheDocument());
  });
});
