import type { ContactInfo } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../lib/session.ts';
import type { fakeFetch } from '../../test/fakeFetch.ts';
import { membershipFixture } from '../../test/fixtures.ts';
import { renderMemberPage } from '../../test/memberPage.tsx';
import { setupI18n } from '../../test/render.tsx';
import { ContactPage } from './ContactPage.tsx';

beforeAll(async () => {
  await setupI18n('en-DE');
});

beforeEach(() => {
  session.signIn('tok');
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-18T10:00:00Z')); // a Wednesday
});

afterEach(() => {
  vi.useRealTimers();
});

const CONTACT: ContactInfo = {
  operator: {
    name: 'Stride Fitness Deutschland GmbH',
    phone: '+49 30 2092 4410',
    email: 'kundenservice@de.stride.example',
    address_lines: ['Friedrichstraße 68', '10117 Berlin', 'Deutschland'],
    service_hours: [
      { days: [1, 2, 3, 4, 5], opens: '08:00', closes: '20:00' },
      { days: [6], opens: '10:00', closes: '16:00' },
    ],
  },
  club: {
    id: 'loc-1',
    name: 'Berlin Mitte',
    phone: '+49 30 1234 567',
    email: 'mitte@de.stride.example',
    address_lines: ['Kastanienallee 32', '10435 Berlin'],
    opening_hours: [
      { days: [1, 2, 3, 4, 5], opens: '06:00', closes: '23:00' },
      { days: [6, 7], opens: '00:00', closes: '24:00' },
    ],
    staffed_hours: [
      { days: [1, 2, 3, 4, 5], opens: '16:00', closes: '21:00' },
      { days: [1, 2, 3, 4, 5], opens: '09:00', closes: '12:00' },
    ],
  },
  membership_number: '100234',
};

function renderContact(
  answer: Parameters<typeof fakeFetch>[0][string] = { body: CONTACT },
  membership = membershipFixture(),
) {
  return renderMemberPage(<ContactPage />, {
    path: '/contact',
    membership,
    routes: { 'GET /api/v1/contact': answer },
  });
}

describe('contact page', () => {
  it('shows the membership number at once and copies it with a confirmation', async () => {
    const user = userEvent.setup();
    renderContact();
    expect(screen.getByRole('heading', { name: 'Your membership number' })).toBeInTheDocument();
    expect(screen.getByText('100234')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy number' }));
    expect(await screen.findByText('Membership number copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('100234');
  });

  it("shows customer service's phone, e-mail, address and hours", async () => {
    renderContact();
    const service = await screen.findByRole('region', { name: 'Customer service' });
    expect(within(service).getByRole('link', { name: '+49 30 2092 4410' })).toHaveAttribute(
      'href',
      'tel:+493020924410',
    );
    expect(within(service).getByRole('link', { name: 'kundenservice@de.stride.example' })).toHaveAttribute(
      'href',
      'mailto:kundenservice@de.stride.example',
    );
    const address = within(service).getByText(/Friedrichstraße 68/);
    expect(address.tagName).toBe('ADDRESS');
    expect(address.innerHTML).toBe('Friedrichstraße 68<br>10117 Berlin<br>Deutschland');
    const hours = [...within(service).getAllByRole('term')].map(
      (dt) => `${dt.textContent} ${dt.nextSibling?.textContent}`,
    );
    expect(hours).toEqual(
      expect.arrayContaining(['Monday – Friday 08:00–20:00', 'Saturday 10:00–16:00', 'Sunday Closed']),
    );
  });

  it("shows the club's week as a table with opening and staffed hours, today marked", async () => {
    renderContact();
    const club = await screen.findByRole('region', { name: 'Your club' });
    expect(within(club).getByText('Berlin Mitte')).toBeInTheDocument();
    expect(within(club).getByRole('link', { name: '+49 30 1234 567' })).toHaveAttribute(
      'href',
      'tel:+49301234567',
    );
    const table = within(club).getByRole('table', { name: 'Opening hours' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Day', 'Open', 'Staffed']);
    expect(rows.slice(1)).toEqual([
      ['06:00–23:00', '09:00–12:00, 16:00–21:00'],
      ['06:00–23:00', '09:00–12:00, 16:00–21:00'],
      ['06:00–23:00', '09:00–12:00, 16:00–21:00'],
      ['06:00–23:00', '09:00–12:00, 16:00–21:00'],
      ['06:00–23:00', '09:00–12:00, 16:00–21:00'],
      ['24 hours', 'Closed'],
      ['24 hours', 'Closed'],
    ]);
    expect(within(table).getByRole('rowheader', { name: 'Wednesday Today' })).toBeInTheDocument();
  });

  it('links the questions the portal answers, as far as the status opens their page', async () => {
    renderContact();
    // The questions come with the contact details, below them.
    const topics = await screen.findByRole('region', { name: 'Common questions' });
    expect(within(topics).getByRole('link', { name: /Freezing your membership/ })).toHaveAttribute(
      'href',
      '/membership/freeze',
    );
    expect(within(topics).getByRole('link', { name: /Cancelling your membership/ })).toHaveAttribute(
      'href',
      '/membership/cancellation',
    );
    expect(within(topics).getByRole('link', { name: /Payments and invoices/ })).toHaveAttribute(
      'href',
      '/payment',
    );
  });

  it('leaves out the freeze for a member in trial and the cancellation once cancelled', async () => {
    const { unmount } = renderContact(undefined, membershipFixture({ status: 'in_trial' }));
    expect(
      within(await screen.findByRole('region', { name: 'Common questions' }))
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/membership/cancellation', '/payment']);
    unmount();
    renderContact(undefined, membershipFixture({ status: 'cancelled' }));
    expect(
      within(await screen.findByRole('region', { name: 'Common questions' }))
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/payment']);
  });

  it('says so when no club is linked', async () => {
    renderContact({ body: { ...CONTACT, club: null } });
    const club = await screen.findByRole('region', { name: 'Your club' });
    expect(club).toHaveTextContent('No club is linked to your membership at the moment.');
    expect(within(club).queryByRole('table')).toBeNull();
  });

  it('shows loading, then an error with a retry, keeping the membership number', async () => {
    let fail = true;
    renderContact(() => (fail ? { status: 500, body: { status: 500, errors: [] } } : { body: CONTACT }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading the contact details…');
    expect(await screen.findByRole('alert')).toHaveTextContent('This page could not be loaded');
    expect(screen.getByText('100234')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Customer service' })).toBeInTheDocument();
  });
});
