import type { MembershipStatus, OperatorId } from '@portal/contract';
import { getOperator } from '@portal/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../lib/session.ts';
import { cancellationPolicyFixture, freezePolicyFixture, membershipFixture } from '../../test/fixtures.ts';
import { refusal, renderMemberPage } from '../../test/memberPage.tsx';
import { setupI18n } from '../../test/render.tsx';
import { CancellationPage } from './CancellationPage.tsx';
import { ReactivatePage } from './ReactivatePage.tsx';
import { MissingOutList } from './steps.tsx';

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
const QUESTION = 'Would you like to receive offers and news from us by e-mail?';

// Austria, Norway and Finland have the multi-step flow, Switzerland the e-mail text (the single
// page in trial and presale); Germany's § 312k single page has its own tests.
function renderCancellation({
  operator = 'at',
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
      'GET /api/v1/membership/policies/freeze': { body: freezePolicyFixture() },
      'POST /api/v1/membership/cancellations': {
        body: { status: 'in_cancellation', end_date: '2026-04-30' },
      },
      ...routes,
    },
  });
}

describe('cancellation routing per flow', () => {
  it.each(['at', 'no', 'fi'] as const)(
    'multi-step (%s): freeze instead → tips → missing out on → confirm',
    async (operator) => {
      renderCancellation({ operator });
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
      // Built from what the operator and the member have: personal training only in Norway,
      // no referral reward for a member without a promotion, no signup fee anywhere here.
      expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(
        operator === 'no' ? ['Access to your club', 'Personal training'] : ['Access to your club'],
      );
      expect(screen.getByText('You will no longer be able to train at Berlin Mitte.')).toBeInTheDocument();
      expect(screen.queryByText(/signup fee/)).toBeNull();
      await userEvent.click(screen.getByRole('button', { name: 'Continue cancellation' }));
      expect(location()).toHaveTextContent('/membership/cancellation/confirm');
      expect(screen.getByText('30 April 2026')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Confirm cancellation' })).toBeInTheDocument();
    },
  );

  it('lists a referral reward only for a member in a promotion, and the other clubs only where the product has them', async () => {
    const membership = membershipFixture({
      referral: {
        name: 'Vervekampanje',
        discount_months: 2,
        discount_percentage: 50,
        pt_hours: 0,
        presentation: 'To måneder til halv pris',
      },
    });
    renderMemberPage(<CancellationPage />, {
      path: '/membership/cancellation/*',
      route: '/membership/cancellation/missing-out-on',
      operator: 'no',
      membership: { ...membership, product: { ...membership.product, locations: ['loc-1', 'loc-2'] } },
      routes: {
        'GET /api/v1/membership/policies/cancellation': { body: cancellationPolicyFixture() },
        'GET /api/v1/membership/policies/freeze': { body: freezePolicyFixture() },
      },
    });
    await screen.findByRole('heading', { name: 'What you would miss' });
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Access to your club',
      'Personal training',
      'Rewards for bringing friends',
    ]);
    expect(
      screen.getByText(/train at Berlin Mitte or the other clubs of your membership/),
    ).toBeInTheDocument();
  });

  it('states a signup fee on return after the list, as a cost, where the operator charges one', async () => {
    // Switzerland cancels by e-mail or on one page; the list is the multi-step's, so render it alone.
    renderMemberPage(<MissingOutList membership={membershipFixture()} />, { path: '/', operator: 'ch' });
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Access to your club',
      'Personal training',
    ]);
    expect(screen.getByText('If you rejoin later, there is a signup fee of CHF 69.00.')).toBeInTheDocument();
  });

  it('multi-step in trial skips the freeze offer and says the end is immediate', async () => {
    const { requests } = renderCancellation({
      operator: 'fi',
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
    // Nobody in trial may freeze: the freeze policy is not even asked.
    expect(requests.some((r) => r.url.includes('policies/freeze'))).toBe(false);
  });

  it.each([
    ['no freeze months left this year', freezePolicyFixture({ available_months: 0, used_months: 3 })],
    ['not eligible to freeze', freezePolicyFixture({ eligible_to_freeze: false })],
  ])('multi-step does not offer a freeze to a member with %s', async (_, freezePolicy) => {
    renderCancellation({
      operator: 'no',
      route: '/membership/cancellation/freeze',
      routes: { 'GET /api/v1/membership/policies/freeze': { body: freezePolicy } },
    });
    expect(await screen.findByRole('heading', { name: 'Before you go: a few tips' })).toBeInTheDocument();
    expect(location()).toHaveTextContent('/membership/cancellation/tips');
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Freeze membership instead' })).toBeNull();
  });

  it('multi-step still lets the member cancel when the freeze policy does not load', async () => {
    renderCancellation({
      operator: 'at',
      routes: {
        'GET /api/v1/membership/policies/freeze': { status: 503, body: { status: 503, errors: [] } },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Before you go: a few tips' })).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
  });

  it('tips: the club change where the member may change club, the support address as a link', async () => {
    renderCancellation({ operator: 'fi', route: '/membership/cancellation/tips' });
    expect(await screen.findByRole('heading', { name: 'Moving house?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change club' })).toHaveAttribute('href', '/membership/club');
    const email = getOperator('fi').supportEmail;
    expect(screen.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
  });

  it('tips: no club change promised to a presale member (the domain does not allow it)', async () => {
    renderCancellation({
      operator: 'no',
      status: 'presale',
      route: '/membership/cancellation/tips',
      policy: cancellationPolicyFixture({ calculated_end_date: '2026-03-15' }),
    });
    expect(await screen.findByRole('heading', { name: 'Something else?' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Moving house?' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Change club' })).toBeNull();
    expect(screen.queryByText(/home club/)).toBeNull();
    expect(screen.getByRole('link', { name: getOperator('no').supportEmail })).toBeInTheDocument();
  });

  it.each(['in_trial', 'presale'] as const)(
    'single page (Switzerland in %s): end date, consent question and confirm on one page',
    async (status) => {
      renderCancellation({
        operator: 'ch',
        status,
        policy: cancellationPolicyFixture({ calculated_end_date: '2026-03-15' }),
      });
      expect(await screen.findByRole('heading', { name: 'Cancel your membership' })).toBeInTheDocument();
      expect(location()).toHaveTextContent(/^\/membership\/cancellation$/);
      expect(screen.getByText('Your membership ends immediately, today:')).toBeInTheDocument();
      expect(screen.getByRole('radiogroup', { name: QUESTION })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Confirm cancellation' })).toBeInTheDocument();
    },
  );

  it('single page does not offer the steps', async () => {
    renderCancellation({ operator: 'ch', status: 'in_trial', route: '/membership/cancellation/tips' });
    expect(await screen.findByRole('heading', { name: 'Cancel your membership' })).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/membership\/cancellation$/);
  });

  it('e-mail (Switzerland): how to cancel by e-mail, with the support address', async () => {
    renderCancellation({ operator: 'ch' });
    expect(await screen.findByRole('heading', { name: 'Cancel by e-mail' })).toBeInTheDocument();
    const email = getOperator('ch').supportEmail;
    // Written for the member: a subject and a text with the membership number.
    const href = screen.getByRole('link', { name: email }).getAttribute('href')!;
    expect(href.startsWith(`mailto:${email}?subject=`)).toBe(true);
    expect(new URLSearchParams(href.slice(href.indexOf('?') + 1)).get('body')).toMatch(
      /membership number \S+/,
    );
    expect(screen.getByText(/membership number 100234/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm cancellation' })).toBeNull();
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
  it('asks members who opted out whether they would like offers, requires an answer and sends it', async () => {
    const { requests } = renderCancellation({ route: '/membership/cancellation/confirm' });
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm cancellation' }));
    const group = screen.getByRole('radiogroup', { name: QUESTION });
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

  it('invites rather than asks to keep on, in every language', async () => {
    const questions: string[] = [];
    for (const locale of ['de-DE', 'fr-CH', 'nb-NO', 'fi-FI', 'en-DE']) {
      questions.push((await setupI18n(locale)).t('cancellation.consent.question'));
    }
    expect(questions).toEqual([
      'Möchten Sie Angebote und Neuigkeiten von uns per E-Mail erhalten?',
      'Souhaitez-vous recevoir nos offres et actualités par e-mail\u202f?',
      'Vil du motta tilbud og nyheter fra oss på e-post?',
      'Haluatko saada meiltä tarjouksia ja uutisia sähköpostitse?',
      QUESTION,
    ]);
  });

  it('does not ask members who already opted in, and sends no consent', async () => {
    const { requests } = renderCancellation({ route: '/membership/cancellation/confirm', gdpr: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm cancellation' }));
    expect(screen.queryByRole('radiogroup')).toBeNull();
    await screen.findByRole('heading', { name: 'Your membership is cancelled' });
    expect(requests.find((r) => r.method === 'POST' && r.url.includes('cancellations'))?.body).toEqual({});
  });

  it('sends yes; the success page shows the end date and the way to reactivate, not the list again', async () => {
    const { requests } = renderCancellation({ operator: 'no', route: '/membership/cancellation/confirm' });
    await userEvent.click(await screen.findByRole('radio', { name: 'Yes' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm cancellation' }));
    expect(await screen.findByRole('heading', { name: 'Your membership is cancelled' })).toBeInTheDocument();
    expect(screen.getByText('Your membership ends on 30 April 2026.')).toBeInTheDocument();
    expect(
      screen.getByText(/reactivate your membership free of charge until 30 April 2026/),
    ).toBeInTheDocument();
    expect(screen.queryByText('Access to your club')).toBeNull();
    expect(screen.queryByRole('heading', { level: 3 })).toBeNull();
    expect(screen.getByRole('link', { name: 'Reactivate membership' })).toHaveAttribute(
      'href',
      '/membership/reactivate',
    );
    expect(screen.getByRole('link', { name: 'Back to membership' })).toHaveAttribute('href', '/membership');
    expect(requests.find((r) => r.method === 'POST' && r.url.includes('cancellations'))?.body).toEqual({
      gdpr_opt_in: true,
    });
  });

  it('offers no reactivation after a cancellation that ended the membership at once (trial)', async () => {
    renderCancellation({
      operator: 'ch',
      status: 'in_trial',
      gdpr: true,
      policy: cancellationPolicyFixture({ calculated_end_date: '2026-03-15' }),
      routes: {
        'POST /api/v1/membership/cancellations': {
          body: { status: 'cancelled_in_trial', end_date: '2026-03-15' },
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm cancellation' }));
    expect(await screen.findByRole('heading', { name: 'Your membership is cancelled' })).toBeInTheDocument();
    expect(screen.getByText('Your membership has ended today.')).toBeInTheDocument();
    expect(screen.queryByText(/signup fee/)).toBeNull();
    expect(screen.queryByText(/reactivate/i)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Reactivate membership' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to membership' })).toBeInTheDocument();
  });

  it('shows a refusal with the server message on the error page', async () => {
    renderCancellation({
      operator: 'fi',
      route: '/membership/cancellation/confirm',
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
