import type { DataExport } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/queryClient.ts';
import { session } from '../../lib/session.ts';
import { renderMemberPage } from '../../test/memberPage.tsx';
import { setupI18n } from '../../test/render.tsx';
import { DataPage } from './DataPage.tsx';

beforeAll(async () => {
  await setupI18n('en-DE');
});

const exported: DataExport = {
  exported_at: '2026-11-22T10:00:00.000Z',
  format_version: 1,
  member: { id: 'me', email: 'anna@example.com' },
  consents: { marketing: { opt_in: false, updated_at: null } },
  memberships: [{ membership_number: '100234' }],
  keys: [],
  chip_orders: [],
  freeze_periods: [],
  payment_methods: [],
  sepa_mandates: [],
  invoices: [],
  workouts: [],
  class_bookings: [],
  entry_devices: [],
  events: [],
  messages: [],
  phone_verifications: [],
  sessions: [],
  password_resets: [],
};

/** jsdom's Blob has no text(); FileReader reads it. */
const readText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

let saved: { blob: Blob; name: string } | null;
beforeEach(() => {
  session.signIn('tok');
  vi.useFakeTimers({ toFake: ['Date'] });
  // The browser's day differs from the server's: the file is named by the export's day.
  vi.setSystemTime(new Date('2026-11-25T10:00:00Z'));
  saved = null;
  let blob: Blob | null = null;
  // jsdom has no object URLs: remember the Blob the page hands over.
  URL.createObjectURL = vi.fn((b: Blob) => {
    blob = b;
    return 'blob:export';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (blob && this.href === 'blob:export') saved = { blob, name: this.download };
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const renderData = (answer: Parameters<typeof renderMemberPage>[1]['routes'] = {}, operator?: 'ch' | 'de') =>
  renderMemberPage(<DataPage />, {
    path: '/membership/data',
    ...(operator ? { operator } : {}),
    queryClient: createQueryClient(),
    routes: { 'GET /api/v1/membership/export': { body: exported }, ...answer },
  });

describe('your data page', () => {
  it('says what the file holds and saves the export as a JSON file', async () => {
    const { requests } = renderData();
    expect(screen.getByText(/your payment methods \(masked, as we store them\)/)).toBeInTheDocument();
    expect(screen.getByText('Passwords and security codes are never included.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your file member-data-100234-2026-11-22.json has been downloaded.',
    );
    expect(saved?.name).toBe('member-data-100234-2026-11-22.json');
    expect(saved?.blob.type).toBe('application/json');
    expect(JSON.parse(await readText(saved!.blob))).toEqual(exported);
    const call = requests.find((r) => r.url === '/api/v1/membership/export');
    expect(call?.headers.Authorization).toBe('Bearer tok');
    // Reading the data reloads nothing.
    await waitFor(() =>
      expect(requests.filter((r) => r.url.startsWith('/api/v2/membership'))).toHaveLength(0),
    );
  });

  it('names the class bookings where the operator has classes, and the entry phones without their secret', () => {
    renderData();
    expect(screen.getByText(/^your group class bookings:/)).toBeInTheDocument();
    expect(screen.getByText(/phone entry \(name and times, never their secret key\)/)).toBeInTheDocument();
  });

  it('leaves the class bookings out where the operator has no classes', () => {
    renderData({}, 'ch');
    expect(screen.queryByText(/group class/)).not.toBeInTheDocument();
    expect(screen.getByText(/phone entry/)).toBeInTheDocument();
  });

  it('shows the busy state while the file is prepared', async () => {
    let answer: (value: { body: unknown }) => void = () => {};
    const pending = new Promise<{ body: unknown }>((resolve) => {
      answer = resolve;
    });
    const { fn } = renderData();
    const original = fn.getMockImplementation()!;
    fn.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/export')) {
        const { body } = await pending;
        return new Response(JSON.stringify(body), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      }
      return original(input, init);
    });
    const button = screen.getByRole('button', { name: 'Download my data' });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-disabled', 'true'));
    expect(screen.getByText('Preparing your file…')).toBeInTheDocument();
    answer({ body: exported });
    expect(await screen.findByRole('status')).toHaveTextContent('has been downloaded');
  });

  it('shows an error and lets the member try again', async () => {
    renderData({ 'GET /api/v1/membership/export': { status: 500, body: { status: 500, errors: [] } } });
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file could not be created.');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Something went wrong. Please try again or contact support.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(saved).toBeNull();
  });
});
