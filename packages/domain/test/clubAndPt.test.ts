import { describe, expect, it } from 'vitest';
import {
  bookingWindow,
  checkClubChangeStatus,
  clubChange,
  deriveStatus,
  type MembershipFacts,
  ptWidgetClaims,
} from '../src/index.ts';
import { factsOf, TODAY, thrown } from './support/decisions.ts';

// The club change and the PT widget's claims that the server and the demo both use (ADR 028).

const state = (more: Partial<MembershipFacts> = {}) => {
  const f = factsOf(more);
  return {
    member: { id: 'member-1', locale: 'en-GB', firstName: 'Anna' },
    operator: { id: 'de' as const },
    membership: { locationId: 'club-a' },
    location: { id: 'club-a', name: 'Mitte' },
    product: { locationIds: ['club-a', 'club-b', 'club-c'] },
    facts: f,
    status: deriveStatus(f, TODAY),
    today: TODAY,
  };
};
const club = (id: string, openingDate: string | null = null) => ({
  id,
  name: `Club ${id}`,
  openingDate,
  closingDate: null,
});

describe('the home club', () => {
  it('moves to another club of the product, with the event and the e-mail', () => {
    expect(clubChange(state(), club('club-b'))).toEqual({
      clubId: 'club-b',
      event: {
        action: 'club_changed',
        details: { from: { id: 'club-a', name: 'Mitte' }, to: { id: 'club-b', name: 'Club club-b' } },
      },
      mail: { subject: 'Your home club has changed', body: expect.stringContaining('Club club-b') },
    });
    // The current club again changes nothing.
    expect(clubChange(state(), club('club-a'))).toBeNull();
  });

  it('refuses an unknown club, one not in the product or not open yet, and an ended membership', () => {
    expect(thrown(() => clubChange(state(), undefined)).body.errors[0]?.type).toBe('unknown_club');
    expect(thrown(() => clubChange(state(), club('club-x'))).body.errors[0]?.type).toBe(
      'club_not_in_product',
    );
    expect(thrown(() => clubChange(state(), club('club-c', '2027-01-01'))).body.errors[0]).toMatchObject({
      type: 'club_not_open_yet',
      context: { opening_date: '2027-01-01' },
    });
    const ended = state({ cancelled_on: '2026-09-01', end_date: '2026-10-31' });
    expect(thrown(() => checkClubChangeStatus(ended)).body.errors[0]).toMatchObject({
      type: 'invalid_status_to_change_club',
      context: { status: 'cancelled' },
    });
    expect(() => checkClubChangeStatus(state())).not.toThrow();
  });
});

describe('the PT widget', () => {
  it('claims the member, club, widget and locale; the booking widget its window', () => {
    expect(ptWidgetClaims(state(), 'package_buy')).toEqual({
      sub: 'member-1',
      op: 'de',
      club: 'club-a',
      wid: 'package_buy',
      loc: 'en-GB',
    });
    const booking = ptWidgetClaims(state(), 'booking');
    expect(booking.win).toBeDefined();
    expect(booking.win).toEqual(bookingWindow('active', factsOf(), TODAY));
  });

  it('is refused where PT is not open to the member', () => {
    const ended = state({ cancelled_on: '2026-09-01', end_date: '2026-10-31' });
    expect(thrown(() => ptWidgetClaims(ended, 'booking')).status).toBe(422);
  });
});
