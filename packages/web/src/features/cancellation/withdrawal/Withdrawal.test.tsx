import type { Membership, OperatorId } from '@portal/contract';
import { getOperator } from '@portal/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { crumbsFor } from '../../../app/shell/Breadcrumb.tsx';
import { pageTitleKey } from '../../../app/shell/shellText.ts';
import { session } from '../../../lib/session.ts';
import type { fakeFetch } from '../../../test/fakeFetch.ts';
import { membershipFixture } from '../../../test/fixtures.ts';
import { refusal, renderMemberPage } from '../../../test/memberPage.tsx';
import { setupI18n } from '../../../test/render.tsx';
import { withdrawalOpen } from './withdrawal.ts';
import { WithdrawalLink } from './WithdrawalLink.tsx';
import { WithdrawalPage } from './WithdrawalPage.tsx';

const WITHDRAW = 'POST /api/v1/membership/withdrawal';
const newSignup = (overrides: Partial<Membership> = {}) =>
  membershipFixture({
    status: 'active',
    begin_date: '2026-03-12',
    withdrawal_until: '2026-03-26',
    ...overrides,
  });

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

describe('withdrawalOpen', () => {
  const withButton = getOperator('de');
  it('needs the operator to offer it and a last day that is not past', () => {
    expect(withdrawalOpen(withButton, { withdrawal_until: '2026-03-26' }, '2026-03-15')).toBe(true);
    expect(withdrawalOpen(withButton, { withdrawal_until: '2026-03-15' }, '2026-03-15')).toBe(true);
    expect(withdrawalOpen(withButton, { withdrawal_until: '2026-03-14' }, '2026-03-15')).toBe(false);
    expect(withdrawalOpen(withButton, { withdrawal_until: null }, '2026-03-15')).toBe(false);
    expect(withdrawalOpen(withButton, {}, '2026-03-15')).toBe(false);
    expect(withdrawalOpen(getOperator('ch'), { withdrawal_until: '2026-03-26' }, '2026-03-15')).toBe(false);
  });
});

describe('the withdrawal button on the overview', () => {
  const renderLink = (operator: OperatorId, membership: Membership) =>
    renderMemberPage(<WithdrawalLink />, { path: '/overview', operator, membership });

  it.each(['de', 'at', 'fi'] as const)('shows in the window where the operator has it (%s)', (operator) => {
    renderLink(operator, newSignup());
    expect(screen.getByRole('link', { name: 'Withdraw from contract' })).toHaveAttribute(
      'href',
      '/membership/withdraw',
    );
    expect(screen.getByText('You can withdraw from your contract until 26 March 2026.')).toBeInTheDocument();
  });

  it.each(['ch', 'no'] as const)('does not show where the operator has none (%s)', (operator) => {
    renderLink(operator, newSignup());
    expect(screen.queryByRole('link', { name: 'Withdraw from contract' })).toBeNull();
  });

  it('does not show after the last day or without one', () => {
    renderLink('de', newSignup({ withdrawal_until: '2026-03-14' }));
    expect(screen.queryByRole('link', { name: 'Withdraw from contract' })).toBeNull();
    renderLink('de', newSignup({ withdrawal_until: null }));
    expect(screen.queryByRole('link', { name: 'Withdraw from contract' })).toBeNull();
  });
});

describe('/membership/withdraw', () => {
  const renderWithdraw = ({
    membership = newSignup(),
    answer = {
      body: { status: 'cancelled', end_date: '2026-03-15', received_at: '2026-03-15T10:00:00Z' },
    },
  }: {
    membership?: Membership;
    answer?: Parameters<typeof fakeFetch>[0][string];
  } = {}) =>
    renderMemberPage(<WithdrawalPage />, {
      path: '/membership/withdraw',
      operator: 'at',
      membership,
      routes: { [WITHDRAW]: answer },
    });

  it('one confirmation step, then the receipt with what, when and the end date', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { requests } = renderWithdraw();
    expect(screen.getByRole('heading', { level: 2, name: 'Withdraw from contract' })).toBeInTheDocument();
    expect(screen.getByText('You can withdraw from your contract until 26 March 2026.')).toBeInTheDocument();
    expect(screen.getByText('Your membership ends today, 15 March 2026.')).toBeInTheDocument();
    expect(
      screen.getByText('Fees you have already paid are refunded, less the days you have used.'),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    // The heading takes the focus in an effect, which React runs in the commit that shows the receipt.
    expect(await screen.findByRole('heading', { name: 'We have received your withdrawal' })).toHaveFocus();
    expect(
      requests.find((r) => r.method === 'POST' && r.url === '/api/v1/membership/withdrawal')?.body,
    ).toEqual({});
    expect(screen.getByText('Received on 15 March 2026 at 11:00 CET')).toBeInTheDocument();
    expect(screen.getByText('Your membership ends on 15 March 2026.')).toBeInTheDocument();
    expect(
      screen.getByText('We have sent a confirmation with these details in text form to anna@example.com.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Print or save as PDF' }));
    expect(print).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: 'Back to membership' })).toHaveAttribute('href', '/membership');
    vi.unstubAllGlobals();
  });

  it('shows a refusal with a way back and a retry', async () => {
    renderWithdraw({ answer: refusal('withdrawal_period_over', { last_day: '2026-03-14' }) });
    await userEvent.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The withdrawal period ended on 14 March 2026. You can still cancel your membership.',
    );
    expect(screen.getByRole('link', { name: 'Back to membership' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('button', { name: 'Confirm withdrawal' })).toBeInTheDocument();
  });

  it('is titled "Withdrawal" in the shell, under Membership in the breadcrumb', () => {
    expect(pageTitleKey('/membership/withdraw')).toBe('pages.withdraw');
    expect(crumbsFor('/membership/withdraw', (segment) => segment)).toEqual([
      { label: 'membership', href: '/membership' },
      { label: 'withdraw', href: null },
    ]);
  });

  it('outside the window goes to the overview', () => {
    renderWithdraw({ membership: newSignup({ withdrawal_until: null }) });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/membership$/);
  });
});

describe('in German', () => {
  beforeAll(async () => {
    await setupI18n('de-DE');
  });
  afterAll(async () => {
    await setupI18n('en-DE');
  });

  it('labels the button "Vertrag widerrufen" and the confirmation "Widerruf bestätigen"', () => {
    renderMemberPage(<WithdrawalLink />, { path: '/overview', membership: newSignup(), locale: 'de-DE' });
    expect(screen.getByRole('link', { name: 'Vertrag widerrufen' })).toBeInTheDocument();
    renderMemberPage(<WithdrawalPage />, {
      path: '/membership/withdraw',
      membership: newSignup(),
      locale: 'de-DE',
    });
    expect(screen.getByRole('button', { name: 'Widerruf bestätigen' })).toBeInTheDocument();
  });
});
