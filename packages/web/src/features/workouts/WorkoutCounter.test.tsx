import type { Workouts } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../lib/session.ts';
import { renderMemberPage } from '../../test/memberPage.tsx';
import { setupI18n } from '../../test/render.tsx';
import { WorkoutCounter } from './WorkoutCounter.tsx';

beforeAll(async () => {
  await setupI18n('en-DE');
});

beforeEach(() => {
  session.signIn('tok');
  vi.useFakeTimers({ toFake: ['Date'] });
  // Still 1 March in Berlin, while UTC is a day behind: the operator's month counts.
  vi.setSystemTime(new Date('2026-02-28T23:30:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

// From October 2025 to March 2026, across the turn of the year, nothing in February.
const WORKOUTS: Workouts = {
  total: 42,
  months: [
    { year: 2025, month: 10, count: 8, ytd: 8 },
    { year: 2025, month: 11, count: 12, ytd: 20 },
    { year: 2025, month: 12, count: 5, ytd: 25 },
    { year: 2026, month: 1, count: 10, ytd: 10 },
    { year: 2026, month: 3, count: 7, ytd: 17 },
  ],
};

function renderCounter(answer: Parameters<typeof renderMemberPage>[1]['routes'] = {}) {
  return renderMemberPage(<WorkoutCounter />, {
    path: '/',
    routes: { 'GET /api/v2/workouts': { body: WORKOUTS }, ...answer },
  });
}

const flat = (text: string | null) => (text ?? '').replace(/\s+/g, ' ');
const month = () =>
  flat(screen.getByText(/^(January|February|March|October|November|December) 20\d\d$/).textContent);
const stat = (label: string) =>
  flat(screen.getByText(label, { selector: 'dt' }).nextElementSibling!.textContent);
const previous = () => screen.getByRole('button', { name: 'Previous month' });
const next = () => screen.getByRole('button', { name: 'Next month' });

describe('workout counter', () => {
  it("opens on the current month in the operator's timezone with the month and the year so far", async () => {
    renderCounter();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your workouts…');
    expect(await screen.findByText('March 2026')).toBeInTheDocument();
    expect(stat('This month')).toBe('7 workouts');
    expect(stat('Since January')).toBe('17 workouts Jan – Mar 2026');
    expect(screen.getByText('42 workouts in total')).toBeInTheDocument();
  });

  it('cannot go later than the current month', async () => {
    renderCounter();
    await screen.findByText('March 2026');
    expect(next()).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(next());
    expect(month()).toBe('March 2026');
  });

  it('goes back across the turn of the year, counting a month without workouts as zero, down to the first month with workouts', async () => {
    renderCounter();
    await screen.findByText('March 2026');
    await userEvent.click(previous());
    expect(month()).toBe('February 2026');
    expect(stat('Month')).toBe('0 workouts');
    expect(stat('Since January')).toBe('10 workouts Jan – Feb 2026');
    expect(next()).not.toHaveAttribute('aria-disabled');

    await userEvent.click(previous());
    await userEvent.click(previous());
    expect(month()).toBe('December 2025');
    expect(stat('Month')).toBe('5 workouts');
    expect(stat('Since January')).toBe('25 workouts Jan – Dec 2025');

    await userEvent.click(previous());
    await userEvent.click(previous());
    expect(month()).toBe('October 2025');
    expect(previous()).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(previous());
    expect(month()).toBe('October 2025');
    expect(stat('Month')).toBe('8 workouts');
    // The focus stays on the button at the bound, so the keyboard user is not lost.
    expect(previous()).toHaveFocus();
  });

  it('is keyboard usable and reads the new month out', async () => {
    renderCounter();
    await screen.findByText('March 2026');
    previous().focus();
    await userEvent.keyboard('{Enter}');
    expect(month()).toBe('February 2026');
    expect(screen.getByText(/^February 2026: 0 workouts\./)).toHaveAttribute('aria-live', 'polite');
  });

  it("shows the months of the chosen year as a table for screen readers and hides the chart's picture", async () => {
    const { container } = renderCounter();
    await screen.findByText('March 2026');
    const table = screen.getByRole('table', { name: 'Workouts per month in 2026' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => flat(row.textContent));
    // Only the months that have begun.
    expect(rows).toEqual(['January10', 'February0', 'March7']);
    expect(
      container.querySelector('svg[preserveAspectRatio="none"]')!.closest('[aria-hidden="true"]'),
    ).not.toBeNull();
    expect(container.querySelectorAll('rect')).toHaveLength(3);

    await userEvent.click(previous());
    await userEvent.click(previous());
    await userEvent.click(previous());
    const last = screen.getByRole('table', { name: 'Workouts per month in 2025' });
    expect(within(last).getAllByRole('row')).toHaveLength(13);
    expect(within(last).getByRole('rowheader', { name: 'November' }).nextSibling).toHaveTextContent('12');
  });

  it('shows zero on a failed load without breaking, and loads again on request', async () => {
    let fail = true;
    const { requests } = renderCounter({
      'GET /api/v2/workouts': () =>
        fail ? { status: 500, body: { status: 500, errors: [] } } : { body: WORKOUTS },
    });
    expect(await screen.findByText('Your workouts could not be loaded just now.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(month()).toBe('March 2026');
    expect(stat('This month')).toBe('0 workouts');
    expect(stat('Since January')).toBe('0 workouts Jan – Mar 2026');
    expect(previous()).toHaveAttribute('aria-disabled', 'true');
    expect(next()).toHaveAttribute('aria-disabled', 'true');

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(stat('This month')).toBe('7 workouts'));
    expect(requests.filter((r) => r.url.endsWith('/v2/workouts')).length).toBeGreaterThanOrEqual(2);
  });

  it('stays on the current month for a member without workouts', async () => {
    renderCounter({ 'GET /api/v2/workouts': { body: { total: 0, months: [] } } });
    expect(await screen.findByText('March 2026')).toBeInTheDocument();
    expect(stat('This month')).toBe('0 workouts');
    expect(previous()).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('0 workouts in total')).toBeInTheDocument();
  });
});
