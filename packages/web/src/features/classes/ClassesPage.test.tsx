import type { ClassSession, ClassTimetable } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../lib/session.ts';
import { refusal, renderMemberPage } from '../../test/memberPage.tsx';
import { setupI18n } from '../../test/render.tsx';
import { ClassesPage } from './ClassesPage.tsx';

beforeAll(async () => {
  await setupI18n('en-DE');
});

beforeEach(() => {
  session.signIn('tok');
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

const policy = {
  booking_opens_days_ahead: 7,
  max_future_bookings: 5,
  late_cancellation_minutes: 120,
  waitlist_closes_minutes: 30,
  late_cancellation_fee: { amount: 500, currency: 'EUR' },
};

const session_ = (over: Partial<ClassSession>): ClassSession => ({
  id: 's1',
  class_id: 'yoga',
  class_name: 'Yoga Flow',
  description: '',
  intensity: 'low',
  starts_at: '2026-11-23T06:00:00Z',
  ends_at: '2026-11-23T07:00:00Z',
  location_id: 'mitte',
  location_name: 'Berlin Mitte',
  room: 'Studio 1',
  instructor: 'Lena',
  capacity: 20,
  booked: 5,
  waitlisted: 0,
  bookable_from: '2026-11-16T06:00:00Z',
  state: 'open',
  my_booking: null,
  ...over,
});

function renderClasses(
  timetable: ClassTimetable,
  routes: Parameters<typeof renderMemberPage>[1]['routes'] = {},
) {
  return renderMemberPage(<ClassesPage />, {
    path: '/classes',
    routes: { 'GET /api/v1/membership/classes': { body: timetable }, ...routes },
  });
}

describe('classes page', () => {
  it('shows the member’s bookings first, then the chosen day with places in words', async () => {
    const booked = session_({
      id: 'b',
      class_name: 'HIIT 30',
      class_id: 'hiit',
      starts_at: '2026-11-22T11:00:00Z',
      ends_at: '2026-11-22T11:30:00Z',
      my_booking: { status: 'booked', position: null },
    });
    const full = session_({
      id: 'f',
      class_name: 'Reformer',
      class_id: 'ref',
      capacity: 3,
      booked: 3,
      waitlisted: 2,
      state: 'full',
    });
    renderClasses({ policy, sessions: [booked, session_({}), full] });
    const mine = await screen.findByRole('region', { name: 'Your bookings' });
    expect(within(mine).getByText('HIIT 30')).toBeInTheDocument();
    expect(within(mine).getByText('You are booked')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Mon 23' }));
    expect(screen.getByText('15 places left of 20')).toBeInTheDocument();
    expect(screen.getByText('Full – 2 people on the waitlist')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join the waitlist for Reformer' })).toBeInTheDocument();
  });

  it('confirms a place on the waitlist with its position, and says a refusal', async () => {
    const full = session_({ id: 'f', class_name: 'Reformer', capacity: 3, booked: 3, state: 'full' });
    const { requests } = renderClasses(
      { policy, sessions: [full, session_({ id: 'o', class_name: 'Pilates', class_id: 'p' })] },
      {
        'POST /api/v1/membership/classes/f/booking': {
          status: 201,
          body: { status: 'waitlisted', position: 4 },
        },
        'POST /api/v1/membership/classes/o/booking': refusal('overlapping_booking'),
      },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Mon 23' }));
    await userEvent.click(screen.getByRole('button', { name: 'Join the waitlist for Reformer' }));
    expect(await screen.findByText(/you are number 4/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Book Pilates' }));
    expect(await screen.findByText('You already have a class at this time.')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST' && r.url.endsWith('/classes/f/booking'))).toBe(true);
  });

  it('says a late cancellation and its fee before the member confirms', async () => {
    const soon = session_({
      id: 'soon',
      starts_at: '2026-11-22T11:00:00Z',
      ends_at: '2026-11-22T12:00:00Z',
      my_booking: { status: 'booked', position: null },
    });
    const { requests } = renderClasses(
      { policy, sessions: [soon] },
      { 'DELETE /api/v1/membership/classes/soon/booking': { status: 204 } },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel Yoga Flow' }));
    expect(screen.getByText(/recorded as late and costs €5\.00/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel Yoga Flow' }));
    expect(await screen.findByText('Your booking is cancelled.')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(true);
  });
});
