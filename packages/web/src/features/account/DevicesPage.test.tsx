import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../lib/session.ts';
import { renderMemberPage } from '../../test/memberPage.tsx';
import { setupI18n } from '../../test/render.tsx';
import { DevicesPage } from './DevicesPage.tsx';

beforeAll(async () => {
  await setupI18n('en-DE');
});

beforeEach(() => {
  session.signIn('tok');
});

const THIS = {
  id: '6f1c1a7e-0000-4000-8000-000000000001',
  created_at: '2026-11-20T08:00:00.000Z',
  last_seen_at: '2026-11-22T09:55:00.000Z',
  device: 'Firefox · Windows',
  current: true,
};
const PHONE = {
  id: '6f1c1a7e-0000-4000-8000-000000000002',
  created_at: '2026-11-18T18:30:00.000Z',
  last_seen_at: '2026-11-21T19:00:00.000Z',
  device: 'Chrome · Android',
  current: false,
};
const UNKNOWN = { ...PHONE, id: '6f1c1a7e-0000-4000-8000-000000000003', device: null };

type Answer = { status: number; body?: unknown };
const renderDevices = (list: Answer) =>
  renderMemberPage(<DevicesPage />, {
    path: '/membership/devices',
    routes: {
      'GET /api/v1/membership/sessions': list,
      [`DELETE /api/v1/membership/sessions/${PHONE.id}`]: { status: 204 },
      'DELETE /api/v1/membership/sessions': { status: 204 },
    },
  });

describe('signed-in devices page', () => {
  it('lists this device first, marked, and the others with their last use', async () => {
    renderDevices({ status: 200, body: [THIS, PHONE, UNKNOWN] });
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Firefox · WindowsThis device');
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    expect(items[1]).toHaveTextContent('Chrome · Android');
    expect(items[1]).toHaveTextContent('Last used: 21 November 2026');
    expect(items[2]).toHaveTextContent('Unknown device');
  });

  it('signs out one other device by keyboard and says so', async () => {
    const { requests } = renderDevices({ status: 200, body: [THIS, PHONE] });
    const button = await screen.findByRole('button', { name: /^Sign out Chrome · Android, last used/ });
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Chrome · Android has been signed out.')).toBeInTheDocument();
    expect(
      requests.some((r) => r.method === 'DELETE' && r.url === `/api/v1/membership/sessions/${PHONE.id}`),
    ).toBe(true);
  });

  it('signs out everywhere else with one call', async () => {
    const { requests } = renderDevices({ status: 200, body: [THIS, PHONE, UNKNOWN] });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('You have been signed out on all other devices.')).toBeInTheDocument();
    expect(
      requests.some((r) => r.method === 'DELETE' && r.url === '/api/v1/membership/sessions?others=true'),
    ).toBe(true);
  });

  it('says when no other device is signed in, and offers no "everywhere else"', async () => {
    renderDevices({ status: 200, body: [THIS] });
    expect(await screen.findByText('You are not signed in on any other device.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull();
  });

  it('shows a loading state, then an error with a retry', async () => {
    renderDevices({ status: 500, body: { status: 500, errors: [] } });
    expect(screen.getByRole('status')).toHaveTextContent('Loading your devices…');
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
