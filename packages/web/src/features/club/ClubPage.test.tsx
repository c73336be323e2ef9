import type { Location } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MembershipRouteGuard } from '../../app/shell/guards.tsx';
import { session } from '../../lib/session.ts';
import { membershipFixture } from '../../test/fixtures.ts';
import { refusal, renderMemberPage } from '../../test/memberPage.tsx';
import { setupI18n } from '../../test/render.tsx';
import { ClubPage } from './ClubPage.tsx';

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

const club = (id: string, name: string, opening_date: string | null, closing_date: string | null = null) => ({
  id,
  name,
  opening_date,
  closing_date,
});
const CLUBS: Location[] = [
  club('mitte', 'Berlin Mitte', '2015-03-01'),
  club('altona', 'Hamburg Altona', '2018-09-01'),
  club('schwabing', 'München Schwabing', '2027-01-01'),
  club('ehrenfeld', 'Köln Ehrenfeld', '2016-04-01', '2025-06-30'),
];
const membership = membershipFixture({
  location: CLUBS[0]!,
  product: { ...membershipFixture().product, locations: CLUBS.map((c) => c.id) },
});

function renderClub(routes: Parameters<typeof renderMemberPage>[1]['routes'] = {}, m = membership) {
  return renderMemberPage(
    <MembershipRouteGuard page="club">
      <ClubPage />
    </MembershipRouteGuard>,
    {
      path: '/membership/club',
      membership: m,
      routes: { 'GET /api/v1/membership/locations': { body: CLUBS }, ...routes },
    },
  );
}

describe('primary club page', () => {
  it('says where each club is and when it is open, under its name', async () => {
    const withDetails: Location[] = [
      {
        ...CLUBS[0]!,
        address_lines: ['Torstraße 1', '10119 Berlin'],
        opening_hours: [
          { days: [1, 2, 3, 4, 5], opens: '06:00', closes: '23:00' },
          { days: [6], opens: '08:00', closes: '20:00' },
        ],
      },
      ...CLUBS.slice(1),
    ];
    renderClub({ 'GET /api/v1/membership/locations': { body: withDetails } });
    const radio = await screen.findByRole('radio', { name: /Berlin Mitte/ });
    expect(radio).toHaveAccessibleDescription(
      /Address: Torstraße 1, 10119 Berlin Open: Mon–Fri 06:00–23:00 · Sat 08:00–20:00 · Sun closed/,
    );
  });

  it('offers open clubs as a radio group, marks the current one, shows a club not open yet but not a closed one', async () => {
    renderClub();
    const group = await screen.findByRole('group', { name: 'Clubs' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('value'))).toEqual(['mitte', 'altona', 'schwabing']);
    const current = within(group).getByRole('radio', { name: /Berlin Mitte/ });
    expect(current).toBeChecked();
    expect(current).toHaveAccessibleDescription('Current club');
    const later = within(group).getByRole('radio', { name: /München Schwabing/ });
    expect(later).toBeDisabled();
    expect(later).toHaveAccessibleDescription('Opens on 1 January 2027');
    expect(screen.queryByText('Köln Ehrenfeld')).toBeNull();
    expect(screen.getByRole('button', { name: 'Change club' })).toBeDisabled();
  });

  it('changes to the chosen club and shows the success page with a way back', async () => {
    const { requests } = renderClub({ 'POST /api/v1/membership/update-location': { status: 204 } });
    const submit = await screen.findByRole('button', { name: 'Change club' });
    await userEvent.click(screen.getByRole('radio', { name: /Hamburg Altona/ }));
    expect(submit).toBeEnabled();
    await userEvent.click(submit);
    expect(await screen.findByRole('heading', { name: 'Your home club has changed' })).toBeInTheDocument();
    expect(screen.getByText(/Your home club is now Hamburg Altona\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to membership' })).toHaveAttribute('href', '/membership');
    const post = requests.find((r) => r.method === 'POST' && r.url.endsWith('/update-location'));
    expect(post?.body).toEqual({ location_id: 'altona' });
  });

  it('keeps submit disabled when the member goes back to the current club', async () => {
    renderClub();
    await userEvent.click(await screen.findByRole('radio', { name: /Hamburg Altona/ }));
    await userEvent.click(screen.getByRole('radio', { name: /Berlin Mitte/ }));
    expect(screen.getByRole('button', { name: 'Change club' })).toBeDisabled();
  });

  it("shows the server's refusal in the member's words, and lets them try again", async () => {
    renderClub({
      'POST /api/v1/membership/update-location': refusal('club_not_open_yet', { opening_date: '2027-01-01' }),
    });
    await userEvent.click(await screen.findByRole('radio', { name: /Hamburg Altona/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Change club' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This club opens on 1 January 2027 and cannot be chosen before then.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('group', { name: 'Clubs' })).toBeInTheDocument();
  });

  it('says so when no other club can be chosen', async () => {
    renderClub({ 'GET /api/v1/membership/locations': { body: [CLUBS[0], CLUBS[2], CLUBS[3]] } });
    expect(
      await screen.findByText('At the moment there is no other club you can choose.'),
    ).toBeInTheDocument();
  });

  it('shows loading, then an error with retry when the clubs do not load', async () => {
    renderClub({ 'GET /api/v1/membership/locations': { status: 500, body: { status: 500, errors: [] } } });
    expect(screen.getByRole('status')).toHaveTextContent('Loading the clubs…');
    expect(await screen.findByRole('alert')).toHaveTextContent('This page could not be loaded');
  });

  it.each(['presale', 'cancelled_in_trial', 'stopped'] as const)(
    'sends %s back to the overview',
    async (status) => {
      renderClub({}, { ...membership, status });
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/membership$/));
    },
  );
});
