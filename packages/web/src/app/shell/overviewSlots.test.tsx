import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { WithdrawalLink } from '../../features/cancellation/withdrawal/WithdrawalLink.tsx';
import { MembershipPage } from '../../features/membership/MembershipPage.tsx';
import { session } from '../../lib/session.ts';
import { membershipFixture } from '../../test/fixtures.ts';
import { renderMemberPage } from '../../test/memberPage.tsx';
import { setupI18n } from '../../test/render.tsx';

// The overview shows other areas' parts in its slots; features do not import each other, so
// the shell composes them (LoggedInApp) and this test checks the composition where it is made.

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

describe('the overview with the withdrawal button', () => {
  it('shows the button in the status hero', () => {
    renderMemberPage(<MembershipPage withdrawal={<WithdrawalLink />} />, {
      path: '/overview',
      membership: membershipFixture({
        status: 'active',
        begin_date: '2026-03-12',
        withdrawal_until: '2026-03-26',
      }),
    });
    const status = screen.getByRole('region', { name: 'Membership status' });
    expect(within(status).getByRole('link', { name: 'Withdraw from contract' })).toBeInTheDocument();
  });
});
