import type { FreezePeriod } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageTitleKey } from '../../app/shell/shellText.ts';
import { i18n } from '../../lib/i18n.ts';
import { createQueryClient } from '../../lib/queryClient.ts';
import { session } from '../../lib/session.ts';
import { freezePolicyFixture, membershipFixture } from '../../test/fixtures.ts';
import { refusal, renderMemberPage } from '../../test/memberPage.tsx';
import { setupI18n } from '../../test/render.tsx';
import { CancelFreezePage } from './CancelFreezePage.tsx';
import { FreezePage } from './FreezePage.tsx';

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

const freeze = (id: string, begin_date: string, end_date: string): FreezePeriod => ({
  id,
  begin_date,
  end_date,
  cancel_date: null,
});

const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .filter((o) => !(o as HTMLOptionElement).disabled)
    .map((o) => o.textContent);

function renderFreeze(opts: Partial<Parameters<typeof renderMemberPage>[1]> & { policy?: object } = {}) {
  const { policy = freezePolicyFixture(), routes = {}, ...rest } = opts;
  return renderMemberPage(<FreezePage />, {
    path: '/membership/freeze',
    ...rest,
    routes: { 'GET /api/v1/membership/policies/freeze': { body: policy }, ...routes },
  });
}

describe('freeze page', () => {
  it('explains fee, months left and the German operator texts before the form', async () => {
    renderFreeze({ policy: freezePolicyFixture({ available_months: 2, used_months: 1 }) });
    expect(await screen.findByRole('heading', { name: 'How freezing works' })).toBeInTheDocument();
    expect(screen.getByText(/you pay €49\.00 a month instead of your regular fee/)).toBeInTheDocument();
    expect(screen.getByText('You have 2 of 3 freeze months left this year.')).toBeInTheDocument();
    expect(screen.getByText(/one month or once for several months/)).toBeInTheDocument();
    expect(screen.getByText(/Frozen months extend your contract/)).toBeInTheDocument();
    expect(screen.queryByText(/before the 1st of the month/)).toBeNull();
  });

  it('tells Austrian members to request before the 1st, without the German texts', async () => {
    renderFreeze({ operator: 'at' });
    expect(await screen.findByText(/request your freeze before the 1st of the month/)).toBeInTheDocument();
    expect(screen.queryByText(/one month or once/)).toBeNull();
    expect(screen.queryByText(/extend your contract/)).toBeNull();
  });

  it('offers first-of-month starts and month ends, enables submit with both dates and creates the freeze', async () => {
    const { requests } = renderFreeze({
      routes: {
        'POST /api/v1/membership/freeze_periods': { body: freeze('f9', '2026-05-01', '2026-06-30') },
      },
    });
    const begin = await screen.findByRole('combobox', { name: 'Start date' });
    const end = screen.getByRole('combobox', { name: 'End date' });
    const submit = screen.getByRole('button', { name: 'Save freeze' });
    expect(optionTexts(begin)).toHaveLength(12);
    expect(optionTexts(begin)[0]).toBe('1 April 2026');
    expect(optionTexts(begin)[11]).toBe('1 March 2027');
    expect(end).toBeDisabled();
    expect(submit).toBeDisabled();

    await userEvent.selectOptions(begin, '2026-05-01');
    expect(optionTexts(end)).toEqual(['31 May 2026', '30 June 2026', '31 July 2026']);
    expect(submit).toBeDisabled();
    await userEvent.selectOptions(end, '2026-06-30');
    expect(submit).toBeEnabled();
    expect(screen.getByText('Total freeze fee')).toBeInTheDocument();
    expect(screen.getByText('€98.00')).toBeInTheDocument();
    expect(screen.getByText('2 months × €49.00')).toBeInTheDocument();

    await userEvent.click(submit);
    expect(await screen.findByRole('heading', { name: 'Your freeze is saved' })).toBeInTheDocument();
    expect(
      screen.getByText('Your membership is frozen from 1 May 2026 to 30 June 2026.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to membership' })).toHaveAttribute('href', '/membership');
    const post = requests.find((r) => r.method === 'POST' && r.url === '/api/v1/membership/freeze_periods');
    expect(post?.body).toEqual({ freeze_period: { begin_date: '2026-05-01', end_date: '2026-06-30' } });
  });

  it('resets the end to the end of the begin month when the begin moves after it', async () => {
    renderFreeze();
    const begin = await screen.findByRole('combobox', { name: 'Start date' });
    const end = screen.getByRole('combobox', { name: 'End date' });
    await userEvent.selectOptions(begin, '2026-04-01');
    await userEvent.selectOptions(end, '2026-05-31');
    await userEvent.selectOptions(begin, '2026-08-01');
    expect(end).toHaveValue('2026-08-31');
    await userEvent.selectOptions(end, '2026-09-30');
    await userEvent.selectOptions(begin, '2026-09-01');
    expect(end).toHaveValue('2026-09-30');
  });

  it("offers next year's 12 months when no months remain this year", async () => {
    vi.setSystemTime(new Date('2026-06-15T10:00:00Z'));
    renderFreeze({
      membership: membershipFixture({ freeze_periods: [freeze('f0', '2026-01-01', '2026-03-31')] }),
      policy: freezePolicyFixture({ available_months: 0, used_months: 3 }),
    });
    const begin = await screen.findByRole('combobox', { name: 'Start date' });
    expect(optionTexts(begin)[0]).toBe('1 January 2027');
    expect(screen.getByText(/you can plan a freeze from January next year/)).toBeInTheDocument();
    expect(optionTexts(begin)).toHaveLength(12);
  });

  it('edits a scheduled freeze with PATCH and offers to cancel it', async () => {
    const scheduled = freeze('s1', '2026-05-01', '2026-05-31');
    const { requests } = renderFreeze({
      membership: membershipFixture({ scheduled_freeze: scheduled, freeze_periods: [scheduled] }),
      policy: freezePolicyFixture({ scheduled_freeze: scheduled }),
      routes: {
        'PATCH /api/v1/membership/freeze_periods/s1': { body: freeze('s1', '2026-05-01', '2026-06-30') },
      },
    });
    expect(await screen.findByText('Scheduled: 1 May 2026 to 31 May 2026')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Start date' })).toHaveValue('2026-05-01');
    expect(screen.getByRole('link', { name: 'Cancel scheduled freeze' })).toHaveAttribute(
      'href',
      '/membership/cancel_freeze',
    );
    const submit = screen.getByRole('button', { name: 'Save freeze' });
    expect(submit).toBeDisabled();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'End date' }), '2026-06-30');
    await userEvent.click(submit);
    await screen.findByRole('heading', { name: 'Your freeze is saved' });
    const patch = requests.find((r) => r.method === 'PATCH');
    expect(patch?.body).toEqual({ freeze_period: { begin_date: '2026-05-01', end_date: '2026-06-30' } });
  });

  it('keeps the begin of a current freeze and changes only its end', async () => {
    const current = freeze('c1', '2026-02-01', '2026-03-31');
    const { requests } = renderFreeze({
      membership: membershipFixture({ status: 'in_freeze', freeze_periods: [current] }),
      policy: freezePolicyFixture({ status: 'in_freeze', current_freeze: current }),
      routes: {
        'PATCH /api/v1/membership/freeze_periods/c1': { body: freeze('c1', '2026-02-01', '2026-04-30') },
      },
    });
    // The begin is shown, not a control.
    expect(await screen.findByText('1 February 2026')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Start date' })).toBeNull();
    expect(
      screen.getByText('Your freeze has already started, so its start date stays the same.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'End freeze early' })).toHaveAttribute(
      'href',
      '/membership/cancel_freeze',
    );
    const end = screen.getByRole('combobox', { name: 'End date' });
    expect(optionTexts(end)).toEqual(['31 March 2026', '30 April 2026']);
    await userEvent.selectOptions(end, '2026-04-30');
    expect(screen.getByText('€147.00')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save freeze' }));
    await screen.findByRole('heading', { name: 'Your freeze is saved' });
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      freeze_period: { begin_date: '2026-02-01', end_date: '2026-04-30' },
    });
  });

  it('shows a 422 refusal with its template fields on an error page with a way back', async () => {
    renderFreeze({
      routes: {
        'POST /api/v1/membership/freeze_periods': refusal('max_freeze_months_reached', {
          max_months: 3,
          used_months: 3,
        }),
      },
    });
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Start date' }), '2026-04-01');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'End date' }), '2026-04-30');
    await userEvent.click(screen.getByRole('button', { name: 'Save freeze' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have reached the maximum number of frozen months for this year: 3 of 3 used.',
    );
    expect(screen.getByRole('link', { name: 'Back to membership' })).toHaveAttribute('href', '/membership');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('combobox', { name: 'Start date' })).toBeInTheDocument();
  });

  it('shows scheduled_freeze_present with its dates and the generic text for other refusals', async () => {
    let answer = refusal('scheduled_freeze_present', { begin_date: '2026-06-01', end_date: '2026-06-30' });
    renderFreeze({ routes: { 'POST /api/v1/membership/freeze_periods': () => answer } });
    const begin = await screen.findByRole('combobox', { name: 'Start date' });
    await userEvent.selectOptions(begin, '2026-04-01');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'End date' }), '2026-04-30');
    await userEvent.click(screen.getByRole('button', { name: 'Save freeze' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A freeze is already scheduled from 1 June 2026 to 30 June 2026.',
    );
    answer = refusal('freeze_begin_too_early', { field: 'begin_date', earliest: '2026-04-01' });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Start date' }), '2026-04-01');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'End date' }), '2026-04-30');
    await userEvent.click(screen.getByRole('button', { name: 'Save freeze' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong. Please try again or contact support.',
    );
  });

  it('shows a loading state, then an error with retry when the policy does not load', async () => {
    renderFreeze({
      routes: {
        'GET /api/v1/membership/policies/freeze': { status: 500, body: { status: 500, errors: [] } },
      },
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading the freeze options…');
    expect(await screen.findByRole('alert')).toHaveTextContent('This page could not be loaded');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('redirects to /membership when the member is not eligible', async () => {
    renderFreeze({ policy: freezePolicyFixture({ eligible_to_freeze: false }) });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/membership$/));
  });

  it('redirects to /membership for a status that cannot freeze', async () => {
    renderFreeze({ membership: membershipFixture({ status: 'in_trial' }) });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/membership$/));
  });

  it('reloads the membership after a change', async () => {
    const { requests } = renderFreeze({
      queryClient: createQueryClient(),
      routes: {
        'POST /api/v1/membership/freeze_periods': { body: freeze('f9', '2026-04-01', '2026-04-30') },
      },
    });
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Start date' }), '2026-04-01');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'End date' }), '2026-04-30');
    const before = requests.filter((r) => r.url.startsWith('/api/v2/membership')).length;
    await userEvent.click(screen.getByRole('button', { name: 'Save freeze' }));
    await screen.findByRole('heading', { name: 'Your freeze is saved' });
    await waitFor(() =>
      expect(requests.filter((r) => r.url.startsWith('/api/v2/membership')).length).toBeGreaterThan(before),
    );
  });
});

describe('cancel freeze page', () => {
  const renderCancel = (policy: object, routes: Parameters<typeof renderMemberPage>[1]['routes'] = {}) =>
    renderMemberPage(<CancelFreezePage />, {
      path: '/membership/cancel_freeze',
      membership: membershipFixture({ status: 'in_freeze' }),
      routes: { 'GET /api/v1/membership/policies/freeze': { body: policy }, ...routes },
    });

  it('explains that a current freeze ends today and the rest of the month is billed, then deletes it', async () => {
    const current = freeze('c1', '2026-02-01', '2026-04-30');
    const { requests } = renderCancel(freezePolicyFixture({ current_freeze: current }), {
      'DELETE /api/v1/membership/freeze_periods/c1': { status: 204 },
    });
    expect(await screen.findByText(/ends now and you can train again from today/)).toBeInTheDocument();
    // 17 of 31 days of March at the regular €29.90.
    expect(
      screen.getByText(
        'The rest of this month (15 March 2026 to 31 March 2026) is billed at your regular monthly fee of €29.90: €16.40.',
      ),
    ).toBeInTheDocument();
    // One name for the action: the heading, the button and the shell's title.
    expect(screen.getByRole('heading', { name: 'End freeze early' })).toBeInTheDocument();
    expect(pageTitleKey('/membership/cancel_freeze', 'in_freeze')).toBe('pages.cancel_freeze_current');
    expect(i18n.t('pages.cancel_freeze_current')).toBe('End freeze early');
    await userEvent.click(screen.getByRole('button', { name: 'End freeze early' }));
    expect(await screen.findByRole('heading', { name: 'Your freeze has ended' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to membership' })).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'DELETE' && r.url.endsWith('/freeze_periods/c1'))).toBe(true);
  });

  it('removes a scheduled freeze at no cost', async () => {
    const scheduled = freeze('s1', '2026-05-01', '2026-05-31');
    renderCancel(freezePolicyFixture({ scheduled_freeze: scheduled }), {
      'DELETE /api/v1/membership/freeze_periods/s1': { status: 204 },
    });
    expect(await screen.findByText('This is free of charge.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Cancel scheduled freeze' })).toBeInTheDocument();
    expect(pageTitleKey('/membership/cancel_freeze', 'active')).toBe('pages.cancel_freeze');
    expect(i18n.t('pages.cancel_freeze')).toBe('Cancel scheduled freeze');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel scheduled freeze' }));
    expect(
      await screen.findByRole('heading', { name: 'Your scheduled freeze is cancelled' }),
    ).toBeInTheDocument();
  });

  it('shows the error page when the server refuses', async () => {
    const scheduled = freeze('s1', '2026-05-01', '2026-05-31');
    renderCancel(freezePolicyFixture({ scheduled_freeze: scheduled }), {
      'DELETE /api/v1/membership/freeze_periods/s1': refusal('invalid_status_to_freeze', {
        status: 'in_trial',
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel scheduled freeze' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your membership cannot be frozen because its status is Trial.',
    );
    expect(screen.getByRole('link', { name: 'Back to membership' })).toBeInTheDocument();
  });
});
