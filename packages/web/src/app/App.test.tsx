import type { MembershipStatus } from '@portal/contract';
import { getOperator } from '@portal/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n.ts';
import { session } from '../lib/session.ts';
import { fakeFetch } from '../test/fakeFetch.ts';
import { invoiceFixture, membershipFixture } from '../test/fixtures.ts';
import { setupI18n, testQueryClient } from '../test/render.tsx';
import { App } from './App.tsx';

beforeAll(async () => {
  await setupI18n('en-DE');
});

beforeEach(async () => {
  session.clear();
  await i18n.changeLanguage('en-DE');
});

function start(path: string, operator: 'de' | 'at' | 'no' = 'de') {
  window.history.replaceState(null, '', path);
  return render(<App operator={getOperator(operator)} queryClient={testQueryClient()} />);
}

function memberApi(status: MembershipStatus = 'active', extra: Parameters<typeof fakeFetch>[0] = {}) {
  return fakeFetch({
    'GET /api/v2/membership': {
      body: membershipFixture({ status, end_date: '2026-12-31', activates_on: '2026-12-01' }),
    },
    'GET /api/v1/membership/invoices': { body: [invoiceFixture()] },
    'POST /api/auth/signout': { status: 204 },
    ...extra,
  });
}

// The signed-in shell is a lazy chunk: its first import may take seconds on a busy machine.
const statusRegion = () => screen.findByRole('region', { name: 'Membership status' }, { timeout: 5000 });

describe('logged-out area', () => {
  it('redirects any other path to the login', async () => {
    start('/somewhere/else');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/password/reset',
    );
  });

  it('offers the skip link as the first stop; it moves focus into the main content', async () => {
    const user = userEvent.setup();
    fakeFetch({});
    start('/');
    await screen.findByRole('button', { name: 'Sign in' });
    await user.tab();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('Username')).toHaveFocus();
  });

  it('asks for username and password before calling the server', async () => {
    const { requests } = fakeFetch({});
    start('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(/Please enter your username/);
    expect(screen.getByLabelText('Username')).toHaveFocus();
    expect(requests).toHaveLength(0);
  });

  it.each([
    [404, undefined, 'Wrong username and/or password'],
    [401, 'password check failed', 'Wrong username and/or password'],
    [429, undefined, 'Too many sign-in attempts. Please wait a few minutes and try again.'],
    [500, undefined, 'Signing in did not work. Please try again later or contact support.'],
  ])('maps a %s (%s) answer of the login to its text', async (status, reason, text) => {
    const { requests } = fakeFetch({
      'POST /api/auth/authenticate': { status, body: { status, ...(reason ? { reason } : {}), errors: [] } },
    });
    start('/');
    await userEvent.type(await screen.findByLabelText('Username'), 'active@de.example');
    await userEvent.type(screen.getByLabelText('Password'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(requests[0]!.body).toEqual({ username: 'active@de.example', password: 'nope', operator_id: 'de' });
    expect(session.token).toBeNull();
  });

  it('signs in, stores the token and shows the shell', async () => {
    memberApi('active', {
      'POST /api/auth/authenticate': { body: { token: 'tok-9', expires_at: '2027-01-01T00:00:00Z' } },
    });
    start('/');
    await userEvent.type(await screen.findByLabelText('Username'), 'active@de.example');
    await userEvent.type(screen.getByLabelText('Password'), 'demo');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const bar = await statusRegion();
    expect(bar).toHaveTextContent('Active since 1 March 2025');
    expect(bar).toHaveTextContent('Anna Schmidt');
    expect(bar).toHaveTextContent('Membership no. 100234');
    expect(window.localStorage.getItem('portal.token')).toBe('tok-9');
  });

  it('sends the reset request with the origin and locale and shows the success text', async () => {
    const { requests } = fakeFetch({ 'POST /api/auth/reset': { status: 204 } });
    start('/password/reset');
    await userEvent.type(await screen.findByLabelText('Username'), 'anna');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/sent you a link/);
    expect(requests[0]!.body).toEqual({
      operator_id: 'de',
      username: 'anna',
      url: window.location.origin,
      locale: 'en-DE',
    });
  });

  it('says no user was found on a 404 of the reset', async () => {
    fakeFetch({
      'POST /api/auth/reset': { status: 404, body: { status: 404, errors: [{ type: 'not_found' }] } },
    });
    start('/password/reset');
    await userEvent.type(await screen.findByLabelText('Username'), 'ghost');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not find a user with this username.',
    );
  });

  it('checks the new password length and maps 422 to an invalid link', async () => {
    const { requests } = fakeFetch({
      'POST /api/auth/update': {
        status: 422,
        body: { status: 422, errors: [{ type: 'invalid_reset_token' }] },
      },
    });
    start('/password/update?token=abc');
    await userEvent.type(await screen.findByLabelText('New password'), 'climbing wa');
    await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(/at least 12 characters/);
    expect(requests).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('New password'), 'll');
    await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is no longer valid');
    expect(requests[0]!.body).toEqual({ operator_id: 'de', token: 'abc', password: 'climbing wall' });
  });
});

describe('logged-in shell', () => {
  it('returns to the login when any call answers 401', async () => {
    session.signIn('old');
    fakeFetch({
      'GET /api/v2/membership': { status: 401, body: { status: 401, errors: [{ type: 'unauthorized' }] } },
      'GET /api/v1/membership/invoices': { body: [] },
    });
    start('/payment');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByText('Your session has ended. Please sign in again.')).toBeInTheDocument();
    expect(window.localStorage.getItem('portal.token')).toBeNull();
    await waitFor(() => expect(window.location.pathname).toBe('/'));
  });

  it('redirects a membership sub route the status does not allow to /membership', async () => {
    session.signIn('tok');
    memberApi('active');
    start('/membership/reactivate');
    await statusRegion();
    await waitFor(() => expect(window.location.pathname).toBe('/membership'));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Membership'));
  });

  it('keeps an allowed membership sub route', async () => {
    session.signIn('tok');
    memberApi('in_cancellation');
    start('/membership/reactivate');
    await statusRegion();
    expect(window.location.pathname).toBe('/membership/reactivate');
    // The page is a chunk of its own: it may arrive just after the shell.
    expect(await screen.findByRole('button', { name: 'Confirm reactivation' })).toBeInTheDocument();
  });

  it('redirects /referral to / for a status without referral', async () => {
    session.signIn('tok');
    memberApi('in_trial');
    start('/referral');
    await statusRegion();
    await waitFor(() => expect(window.location.pathname).toBe('/'));
  });

  it('sends a signed-in member home from /cancel-contract where the operator has no such form', async () => {
    session.signIn('tok');
    memberApi('active');
    start('/cancel-contract', 'at');
    await statusRegion();
    await waitFor(() => expect(window.location.pathname).toBe('/'));
  });

  it('offers the skip link first and, after a navigation, starts the keyboard in the new page', async () => {
    const user = userEvent.setup();
    session.signIn('tok');
    memberApi('active', {
      'GET /api/v1/contact': {
        body: {
          operator: {
            name: 'Stride',
            phone: null,
            email: 'help@stride.example',
            address_lines: [],
            service_hours: [],
          },
          club: null,
          membership_number: '100234',
        },
      },
    });
    start('/membership');
    await statusRegion();
    // The first load leaves focus where the browser put it: nobody navigated yet.
    expect(document.body).toHaveFocus();

    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    const main = screen.getByRole('main', { name: 'Membership' });
    expect(main).toHaveFocus();
    // The address stays the page's: the link moves focus, it does not navigate.
    expect(window.location.hash).toBe('');
    await user.tab();
    expect(main).toContainElement(document.activeElement as HTMLElement);

    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    await user.click(within(menu).getByRole('link', { name: 'Contact' }));
    await waitFor(() => expect(screen.getByRole('main', { name: 'Contact' })).toHaveFocus());
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Contact');
    await screen.findByRole('link', { name: 'help@stride.example' });
    await user.tab();
    expect(screen.getByRole('main')).toContainElement(document.activeElement as HTMLElement);
  });

  it('shows the membership number and support e-mail on contact', async () => {
    session.signIn('tok');
    memberApi('active', {
      'GET /api/v1/contact': {
        body: {
          operator: {
            name: 'Stride Trening Norge AS',
            phone: '+47 21 09 38 40',
            email: getOperator('no').supportEmail,
            address_lines: ['Karl Johans gate 16', '0154 Oslo'],
            service_hours: [{ days: [1, 2, 3, 4, 5], opens: '08:00', closes: '16:00' }],
          },
          club: null,
          membership_number: '100234',
        },
      },
    });
    start('/contact', 'no');
    await statusRegion();
    expect(await screen.findByText('100234')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: getOperator('no').supportEmail })).toHaveAttribute(
      'href',
      `mailto:${getOperator('no').supportEmail}`,
    );
  });

  it('shows an error with retry when the membership does not match the contract', async () => {
    session.signIn('tok');
    fakeFetch({
      'GET /api/v2/membership': { body: { nope: true } },
      'GET /api/v1/membership/invoices': { body: [] },
    });
    const spy = (await import('vitest')).vi.spyOn(console, 'error').mockImplementation(() => {});
    start('/');
    expect(await screen.findByRole('alert')).toHaveTextContent('does not understand');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    spy.mockRestore();
  });

  it('reloads the membership in the new locale when the language changes', async () => {
    session.signIn('tok');
    const { requests } = memberApi('active');
    start('/');
    await statusRegion();
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'de-DE');
    expect(await screen.findByRole('button', { name: 'Abmelden' })).toBeInTheDocument();
    await waitFor(() => expect(requests.some((r) => r.url === '/api/v2/membership?locale=de-DE')).toBe(true));
    expect(window.localStorage.getItem('portal.locale')).toBe('de-DE');
    expect(document.documentElement.lang).toBe('de-DE');
    const options = within(screen.getByLabelText('Sprache')).getAllByRole('option');
    expect(options.map((o) => [o.getAttribute('value'), o.textContent])).toEqual([
      ['en-DE', 'English'],
      ['de-DE', 'Deutsch'],
    ]);
  });

  it("opens in the member's stored language without drawing the page in the browser's first", async () => {
    window.localStorage.removeItem('portal.locale');
    session.signIn('tok');
    fakeFetch({
      'GET /api/v2/membership': { body: membershipFixture({ locale: 'de-DE' }) },
      'GET /api/v1/membership/invoices': { body: [] },
    });
    // Every text the page ever showed: switched after drawing, the English welcome would be here.
    const shown: string[] = [];
    const observer = new MutationObserver(() => shown.push(document.body.textContent ?? ''));
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    start('/');
    expect(
      await screen.findByRole('heading', { name: /Willkommen zurück/ }, { timeout: 5000 }),
    ).toBeVisible();
    observer.disconnect();
    expect(shown.filter((text) => text.includes('Welcome back'))).toEqual([]);
    // Not a choice: nothing stored as one, and the next signed-in page load opens in German.
    expect(window.localStorage.getItem('portal.locale')).toBeNull();
    expect(window.localStorage.getItem('portal.memberLocale')).toBe('de-DE');
  });

  it('signs out: calls the server, forgets the token and shows the login', async () => {
    session.signIn('tok');
    const { requests } = memberApi('active');
    start('/payment');
    await statusRegion();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST' && r.url === '/api/auth/signout')).toBe(true);
    expect(window.localStorage.getItem('portal.token')).toBeNull();
    expect(window.location.pathname).toBe('/');
  });
});
