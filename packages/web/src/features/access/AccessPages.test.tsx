import type { Key, Membership, OperatorId } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { HomePage } from '../../app/pages/HomePage.tsx';
import { session } from '../../lib/session.ts';
import { membershipFixture } from '../../test/fixtures.ts';
import { refusal, renderMemberPage } from '../../test/memberPage.tsx';
import { setupI18n } from '../../test/render.tsx';
import { AccessLinks, AccessState } from './AccessSummary.tsx';
import { ActivateChipPage } from './ActivateChipPage.tsx';
import { ForgottenChipPage } from './ForgottenChipPage.tsx';
import { LostChipPage } from './LostChipPage.tsx';

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

const chip = (over: Partial<Key> = {}): Key => ({
  type: 'rfid',
  code: '04A1B2C3',
  status: 'active',
  valid_from: '2025-03-01',
  valid_to: null,
  ...over,
});
const pin = (over: Partial<Key> = {}): Key => ({
  type: 'pin',
  code: '4711815',
  status: 'active',
  valid_from: '2025-03-01',
  valid_to: null,
  ...over,
});
const withKeys = (keys: Key[], over: Partial<Membership> = {}) => membershipFixture({ keys, ...over });

describe('activate chip', () => {
  const render = (membership: Membership, routes = {}) =>
    renderMemberPage(<ActivateChipPage />, { path: '/membership/activate_chip', membership, routes });

  it('explains where the code is, checks it like the server and activates the chip', async () => {
    const { requests } = render(withKeys([pin()]), {
      'PUT /api/v1/membership/rfids': {
        body: { type: 'rfid', code: '0A1B2C3D', valid_from: '2026-11-22', valid_to: null },
      },
    });
    expect(screen.getByRole('heading', { name: 'Activate your chip' })).toBeInTheDocument();
    expect(screen.getByText(/the code is printed on the back/)).toBeInTheDocument();
    expect(screen.getByText(/Your PIN stops working once the chip is activated/)).toBeInTheDocument();
    const field = screen.getByLabelText('Chip code');
    const submit = screen.getByRole('button', { name: 'Activate chip' });

    await userEvent.click(submit);
    expect(await screen.findByText('Enter the code from the back of your chip.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(field, '0a1b/2c3d');
    await userEvent.click(submit);
    expect(
      await screen.findByText(/Use only the letters and digits printed on the chip/),
    ).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    await userEvent.clear(field);
    await userEvent.type(field, '0a1b 2c3d');
    await userEvent.click(submit);
    expect(await screen.findByRole('heading', { name: 'Your chip is activated' })).toBeInTheDocument();
    expect(
      screen.getByText('Chip 0A1B2C3D opens the doors of your club from 22 November 2026.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to membership' })).toHaveAttribute('href', '/membership');
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ code: '0A1B2C3D' });
    expect(
      requests.filter((r) => r.url.endsWith('/event')).map((r) => (r.body as { status: string }).status),
    ).toEqual(['in_progress', 'success']);
  });

  it('says which chip a new one replaces', () => {
    render(withKeys([chip()]));
    expect(
      screen.getByText('Your current chip 04A1B2C3 stops working as soon as the new one is activated.'),
    ).toBeInTheDocument();
  });

  it("shows the refusal of another member's code on an error page, and lets the member try again", async () => {
    render(withKeys([]), { 'PUT /api/v1/membership/rfids': refusal('chip_already_assigned') });
    await userEvent.type(screen.getByLabelText('Chip code'), 'TAKEN123');
    await userEvent.click(screen.getByRole('button', { name: 'Activate chip' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This chip is already assigned to another membership. Check the code on the back of your chip or ask at your club.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByLabelText('Chip code')).toBeInTheDocument();
  });

  it('names the status when the server refuses it', async () => {
    render(withKeys([]), {
      'PUT /api/v1/membership/rfids': refusal('invalid_status_for_access', { status: 'cancelled' }),
    });
    await userEvent.type(screen.getByLabelText('Chip code'), 'ABCD1234');
    await userEvent.click(screen.getByRole('button', { name: 'Activate chip' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Chips and PINs are not available because your membership’s status is Ended.',
    );
  });
});

describe('lost chip', () => {
  const render = (membership: Membership, routes = {}, operator: OperatorId = 'de') =>
    renderMemberPage(<LostChipPage />, { path: '/membership/lost_chip', membership, routes, operator });
  const lostAnswer = withKeys([
    chip({ status: 'inactive', valid_to: '2026-11-22' }),
    pin({ code: '7654321', valid_from: '2026-11-22', valid_to: '2026-12-21' }),
  ]);

  it('shows the fee, the PIN validity and (Germany) the club manager; blocks the chip and shows the temporary PIN', async () => {
    let membership = withKeys([chip()]);
    const { requests } = render(membership, {
      'GET /api/v2/membership': () => ({ body: membership }),
      'DELETE /api/v1/membership/rfids': () => {
        membership = lostAnswer;
        return { status: 204 };
      },
    });
    expect(screen.getByText('Your chip 04A1B2C3')).toBeInTheDocument();
    expect(
      screen.getByText('The replacement chip costs €20.00, paid at your club when you pick it up.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Until you activate the new chip, we send you a temporary PIN by SMS to +49 •••• 5678. It is valid for one month.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/Your club manager is happy to help/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Block chip and send PIN' }));
    expect(await screen.findByRole('heading', { name: 'Your chip is blocked' })).toBeInTheDocument();
    expect(screen.getByText('We have sent your temporary PIN by SMS to +49 •••• 5678.')).toBeInTheDocument();
    // The tests' query client does not reload the membership after a change (the app's does);
    // the success page's own query loads it again.
    expect(await screen.findByText('7654321')).toBeInTheDocument();
    expect(screen.getByText('Valid until 21 December 2026')).toBeInTheDocument();
    expect(screen.getByText(/Your club manager is happy to help/)).toBeInTheDocument();
    const calls = requests.filter((r) => r.url.startsWith('/api/v2/membership') || r.method === 'DELETE');
    // Refreshed first, then reported, then reloaded.
    expect(calls.slice(-3).map((r) => r.method)).toEqual(['GET', 'DELETE', 'GET']);
    expect(requests.find((r) => r.method === 'DELETE')?.body).toEqual({ code: '04A1B2C3' });
  });

  it('ignores repeated clicks while busy: one request', async () => {
    let answer: (() => void) | null = null;
    const { requests, fn } = render(withKeys([chip()]), {
      'DELETE /api/v1/membership/rfids': { status: 204 },
    });
    const original = fn.getMockImplementation()!;
    fn.mockImplementation(async (input, init) => {
      if (init?.method === 'DELETE') await new Promise<void>((resolve) => (answer = resolve));
      return original(input, init);
    });
    const button = screen.getByRole('button', { name: 'Block chip and send PIN' });
    await userEvent.click(button);
    await userEvent.click(button);
    await userEvent.click(button);
    await waitFor(() => expect(answer).not.toBeNull());
    expect(button).toHaveAttribute('aria-disabled', 'true');
    (answer as unknown as () => void)();
    await screen.findByRole('heading', { name: 'Your chip is blocked' });
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
  });

  it('shows Key not assigned when the refreshed member no longer has the chip, without reporting it', async () => {
    const { requests } = render(withKeys([chip()]), {
      'GET /api/v2/membership': { body: withKeys([chip({ status: 'inactive', valid_to: '2026-11-21' })]) },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Block chip and send PIN' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Key not assigned: this chip is no longer active on your membership.',
    );
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    expect(screen.getByRole('link', { name: 'Back to membership' })).toBeInTheDocument();
  });

  it('shows the server error on the error page', async () => {
    render(withKeys([chip()]), {
      'DELETE /api/v1/membership/rfids': { status: 500, body: { status: 500, errors: [] } },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Block chip and send PIN' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
  });

  it('has no fee line where the operator shows none, 21 days elsewhere, and no club manager outside Germany', () => {
    render(withKeys([chip()]), {}, 'fi');
    expect(screen.queryByText(/replacement chip costs/)).toBeNull();
    expect(screen.getByText(/It is valid for 21 days\./)).toBeInTheDocument();
    expect(screen.queryByText(/club manager/)).toBeNull();
  });

  it('tells a member without an activated chip that there is nothing to report', () => {
    render(withKeys([pin()]));
    expect(screen.getByRole('heading', { name: 'No activated chip' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Block chip and send PIN' })).toBeNull();
  });
});

describe('forgotten chip', () => {
  const render = (membership: Membership, routes = {}, operator: OperatorId = 'at') =>
    renderMemberPage(<ForgottenChipPage />, {
      path: '/membership/forgotten_chip',
      membership,
      routes,
      operator,
    });
  const issued = { valid_from: '2026-11-22', valid_to: '2026-11-22', fee: 300, sent_to: '+49 •••• 5678' };

  it('shows the SMS fee, sends the PIN and shows it, valid for the day', async () => {
    let membership = withKeys([chip()]);
    const { requests } = render(membership, {
      'GET /api/v2/membership': () => ({ body: membership }),
      'POST /api/v1/membership/temporary_pin': () => {
        membership = withKeys([
          chip(),
          pin({ code: '1234567', valid_from: '2026-11-22', valid_to: '2026-11-22' }),
        ]);
        return { body: { ...issued, already_issued: false } };
      },
    });
    expect(
      screen.getByText('The SMS service costs €3.00 and is added to your next invoice.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send temporary PIN' }));
    expect(
      await screen.findByRole('heading', { name: 'Your temporary PIN is on its way' }),
    ).toBeInTheDocument();
    expect(screen.getByText('We have sent it by SMS to +49 •••• 5678.')).toBeInTheDocument();
    expect(await screen.findByText('1234567')).toBeInTheDocument();
    expect(screen.getByText('Valid on 22 November 2026 only')).toBeInTheDocument();
    expect(screen.getByText('€3.00 for the SMS service is added to your next invoice.')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST' && r.url.endsWith('/temporary_pin'))?.body).toEqual({});
  });

  it('says that nothing was sent or charged again the same day', async () => {
    render(withKeys([chip()]), {
      'POST /api/v1/membership/temporary_pin': { body: { ...issued, already_issued: true } },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Send temporary PIN' }));
    expect(
      await screen.findByText(
        'You already received a temporary PIN today, so we have not sent or charged another one.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/for the SMS service is added/)).toBeNull();
  });

  it('shows no fee where the operator has none', () => {
    render(withKeys([chip()]), {}, 'de');
    expect(screen.queryByText(/SMS service costs/)).toBeNull();
  });

  it('is for members with an activated chip only', () => {
    render(withKeys([pin()]));
    expect(screen.getByRole('heading', { name: 'No activated chip' })).toBeInTheDocument();
  });
});

describe('PIN display on home and in the overview', () => {
  it('home shows the newest PIN to enter with #, unless the member holds a chip', () => {
    const { unmount } = renderMemberPage(<HomePage />, {
      path: '/',
      membership: withKeys([
        pin({ code: '1111111', valid_from: '2024-01-01' }),
        pin({ code: '2222222', valid_from: '2025-06-01' }),
      ]),
    });
    const block = screen.getByRole('region', { name: 'Access to your club' });
    expect(within(block).getByText('2222222')).toBeInTheDocument();
    expect(within(block).getByText('Activated')).toBeInTheDocument();
    expect(
      within(block).getByText('Enter it on the keypad at the entrance, followed by #.'),
    ).toBeInTheDocument();
    unmount();
    renderMemberPage(<HomePage />, { path: '/', membership: withKeys([chip(), pin()]) });
    expect(screen.queryByRole('region', { name: 'Access to your club' })).toBeNull();
  });

  it('home shows the temporary PIN of a member whose chip is lost', () => {
    renderMemberPage(<HomePage />, {
      path: '/',
      membership: withKeys([
        chip({ status: 'inactive', valid_to: '2026-11-20' }),
        pin({ code: '7654321', valid_from: '2026-11-20', valid_to: '2026-12-10' }),
      ]),
    });
    const block = screen.getByRole('region', { name: 'Access to your club' });
    expect(within(block).getByText('Valid until 10 December 2026')).toBeInTheDocument();
  });

  const renderAccess = (membership: Membership) =>
    renderMemberPage(
      <section aria-label="Access">
        <AccessState />
        <nav aria-label="Access links">
          <AccessLinks />
        </nav>
      </section>,
      { path: '/membership', membership },
    );

  it('the overview shows the chip in use and the newest PIN with their status texts, and every link', () => {
    renderAccess(
      withKeys([
        pin({ code: '1111111', status: 'inactive', valid_from: '2026-11-01', valid_to: '2026-11-01' }),
        chip({ code: 'OLD00001', status: 'inactive', valid_from: '2024-01-01', valid_to: '2025-01-01' }),
        chip(),
      ]),
    );
    const access = screen.getByRole('region', { name: 'Access' });
    expect(access).toHaveTextContent('Chip 04A1B2C3Activated');
    expect(access).toHaveTextContent('Expired');
    expect(access).not.toHaveTextContent('OLD00001');
    expect(access).not.toHaveTextContent('1111111');
    const links = within(screen.getByRole('navigation', { name: 'Access links' }));
    expect(links.getByRole('link', { name: 'Activate chip' })).toHaveAttribute(
      'href',
      '/membership/activate_chip',
    );
    expect(links.getByRole('link', { name: 'Report lost chip' })).toHaveAttribute(
      'href',
      '/membership/lost_chip',
    );
    expect(links.getByRole('link', { name: 'Forgot your chip?' })).toHaveAttribute(
      'href',
      '/membership/forgotten_chip',
    );
  });

  it('calls a suspended chip temporarily deactivated and offers no lost or forgotten link without an active chip', () => {
    renderAccess(withKeys([chip({ status: 'suspended' })]));
    expect(screen.getByText('Temporarily deactivated')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Activate chip' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Report lost chip' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Forgot your chip?' })).toBeNull();
  });

  it('an ended membership shows its PIN as expired and offers no links', () => {
    renderAccess(
      withKeys([pin({ status: 'inactive', valid_to: '2026-10-31' })], {
        status: 'cancelled',
        end_date: '2026-10-31',
      }),
    );
    expect(screen.getByText('Expired')).toBeInTheDocument();
    expect(screen.getByText('This PIN no longer opens the door.')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('says so when there is neither chip nor PIN', () => {
    renderAccess(withKeys([]));
    expect(screen.getByText('You do not have an access chip or PIN yet.')).toBeInTheDocument();
  });
});
