import type { MembershipStatus, OperatorId } from '@portal/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import type { fakeFetch } from '../../../test/fakeFetch.ts';
import { cancellationPolicyFixture, membershipFixture } from '../../../test/fixtures.ts';
import { refusal, renderMemberPage } from '../../../test/memberPage.tsx';
import { setupI18n } from '../../../test/render.tsx';
import { CancellationPage } from '../CancellationPage.tsx';

const CANCEL = 'POST /api/v1/membership/cancellations';

function renderStatutory({
  operator = 'de',
  status = 'active',
  route = '/membership/cancellation',
  policy = cancellationPolicyFixture(),
  cancel = {
    body: { status: 'in_cancellation', end_date: '2026-04-30', received_at: '2026-03-15T10:00:00Z' },
  },
}: {
  operator?: OperatorId;
  status?: MembershipStatus;
  route?: string;
  policy?: object;
  cancel?: Parameters<typeof fakeFetch>[0][string];
} = {}) {
  return renderMemberPage(<CancellationPage />, {
    path: '/membership/cancellation/*',
    route,
    operator,
    membership: membershipFixture({ status }),
    routes: {
      'GET /api/v1/membership/policies/cancellation': { body: policy },
      [CANCEL]: cancel,
    },
  });
}

const sent = (requests: { method: string; url: string; body: unknown }[]) =>
  requests
    .filter((r) => r.method === 'POST' && r.url === '/api/v1/membership/cancellations')
    .map((r) => r.body);

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

describe('signed-in § 312k page (operators with the public cancellation)', () => {
  it('pre-fills what the portal knows and asks only the rest, with no step before the button', async () => {
    renderStatutory();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Cancel your membership' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Step 1 of/)).toBeNull();
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(screen.getByRole('radio', { name: 'Ordinary cancellation' })).toBeChecked();
    // Identification is shown, not asked.
    expect(screen.getByText('Anna Schmidt')).toBeInTheDocument();
    expect(screen.getByText('100234')).toBeInTheDocument();
    expect(screen.getByText('anna@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'First name' })).toBeNull();
    // The earliest date is the default and named; the confirmation goes to the member's address.
    const earliest = screen.getByRole('radio', { name: 'At the earliest possible date' });
    expect(earliest).toBeChecked();
    expect(earliest).toHaveAccessibleDescription('That is 30 April 2026.');
    expect(screen.getByRole('textbox', { name: 'E-mail address for the confirmation' })).toHaveValue(
      'anna@example.com',
    );
    expect(screen.getByRole('button', { name: 'Cancel now' })).toBeInTheDocument();
  });

  it('sends the defaults: ordinary, earliest date, the e-mail on file; the receipt is printable', async () => {
    const { requests } = renderStatutory();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel now' }));
    // The heading takes the focus in an effect, which React runs in the commit that shows the receipt.
    expect(await screen.findByRole('heading', { name: 'We have received your cancellation' })).toHaveFocus();
    expect(sent(requests)).toEqual([{ kind: 'ordinary', confirmation_email: 'anna@example.com' }]);
    expect(screen.getByText('Received on 15 March 2026 at 11:00 CET')).toBeInTheDocument();
    const facts = Object.fromEntries(
      screen.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    expect(facts).toMatchObject({
      'Type of cancellation': 'Ordinary cancellation',
      Name: 'Anna Schmidt',
      'Membership number': '100234',
      'Effective date': 'At the earliest possible date',
      'End of membership': '30 April 2026',
      'E-mail address for the confirmation': 'anna@example.com',
    });
    expect(screen.getByText('Your membership ends on 30 April 2026.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print or save as PDF' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reactivate membership' })).toHaveAttribute(
      'href',
      '/membership/reactivate',
    );
  });

  it('sends the kind with its reason, a chosen date and another address', async () => {
    const u = userEvent.setup();
    const { requests } = renderStatutory();
    await u.click(await screen.findByRole('radio', { name: 'Extraordinary cancellation' }));
    await u.click(screen.getByRole('button', { name: 'Cancel now' }));
    expect(screen.getByRole('textbox', { name: 'Reason for the extraordinary cancellation' })).toHaveFocus();
    await u.type(screen.getByRole('textbox', { name: /Reason/ }), 'Medical certificate attached.');
    await u.click(screen.getByRole('radio', { name: 'On a date of my choice' }));
    await u.type(screen.getByLabelText('Date'), '2026-03-31');
    const email = screen.getByRole('textbox', { name: 'E-mail address for the confirmation' });
    await u.clear(email);
    await u.type(email, 'Anna.S@Example.org');
    await u.click(screen.getByRole('button', { name: 'Cancel now' }));
    await screen.findByRole('heading', { name: 'We have received your cancellation' });
    expect(sent(requests)).toEqual([
      {
        kind: 'extraordinary',
        reason: 'Medical certificate attached.',
        effective_date: '2026-03-31',
        confirmation_email: 'anna.s@example.org',
      },
    ]);
  });

  it('a refusal shows the error page; trying again keeps what was entered', async () => {
    const u = userEvent.setup();
    renderStatutory({ cancel: refusal('already_in_cancellation_error') });
    await u.click(await screen.findByRole('radio', { name: 'Extraordinary cancellation' }));
    await u.type(screen.getByRole('textbox', { name: /Reason/ }), 'Moving abroad.');
    await u.click(screen.getByRole('button', { name: 'Cancel now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your membership has already been cancelled.');
    await u.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('textbox', { name: /Reason/ })).toHaveValue('Moving abroad.');
  });

  it('has no steps: a step path leads back to the page', async () => {
    renderStatutory({ route: '/membership/cancellation/tips' });
    expect(await screen.findByRole('heading', { name: 'Cancel your membership' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/membership\/cancellation$/);
  });

  it('shows the policy refusal, and where the declaration can still go', async () => {
    renderStatutory({
      status: 'in_freeze',
      policy: cancellationPolicyFixture({
        calculated_end_date: null,
        errors: [
          { type: 'cancel_in_freeze_not_allowed', message: 'Frozen memberships cannot be cancelled.' },
        ],
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Cancellation not possible' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel now' })).toBeNull();
    // § 312k: the rule may refuse it here, but the declaration itself is never blocked.
    expect(screen.getByRole('link', { name: 'Cancel contracts here' })).toHaveAttribute(
      'href',
      '/cancel-contract',
    );
  });

  it('does not point an already cancelled member to the form', async () => {
    renderStatutory({
      status: 'in_cancellation',
      policy: cancellationPolicyFixture({ errors: [{ type: 'already_in_cancellation_error' }] }),
    });
    expect(await screen.findByRole('heading', { name: 'Cancellation not possible' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Cancel contracts here' })).toBeNull();
  });

  it('leaves the single page of other operators as it is (Switzerland in presale)', async () => {
    renderStatutory({
      operator: 'ch',
      status: 'presale',
      policy: cancellationPolicyFixture({ calculated_end_date: '2026-03-15' }),
    });
    expect(await screen.findByRole('button', { name: 'Confirm cancellation' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel now' })).toBeNull();
  });
});
