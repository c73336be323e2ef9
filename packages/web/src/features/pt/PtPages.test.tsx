import type { PtWidgetKind } from '@portal/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { HomePage } from '../../app/pages/HomePage.tsx';
import { PtGuard } from '../../app/shell/guards.tsx';
import { changeLocale } from '../../lib/i18n.ts';
import { queryKeys } from '../../lib/membership.ts';
import { notices } from '../../lib/notices.ts';
import { session } from '../../lib/session.ts';
import type { FakeRequest } from '../../test/fakeFetch.ts';
import { membershipFixture } from '../../test/fixtures.ts';
import { refusal, renderMemberPage } from '../../test/memberPage.tsx';
import { setupI18n, testQueryClient } from '../../test/render.tsx';
import { paymentKeys } from '../payments/queries.ts';
import { OffersPage, PtPage } from './PtPages.tsx';
import { PT_EVENTS } from './PtWidget.tsx';
import { loadPtWidgets, PtWidgetError, type PtWidgetsApi } from './scriptLoader.ts';

// The provider's script is not fetched in jsdom: the loader is replaced, the rest is real.
vi.mock('./scriptLoader.ts', async (original) => ({
  ...(await original<typeof import('./scriptLoader.ts')>()),
  loadPtWidgets: vi.fn(),
}));
const loader = vi.mocked(loadPtWidgets);

const SCRIPT = '/api/dev/pt/widget.js';

beforeAll(async () => {
  await setupI18n('en-DE');
});

beforeEach(() => {
  session.signIn('session-token');
  notices.dismiss();
  loader.mockReset();
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLocale('en-DE', false);
});

/** Answers every session request with a new token, as the server does. */
function sessions() {
  let issued = 0;
  return (req: FakeRequest) => {
    issued += 1;
    const { widget } = req.body as { widget: PtWidgetKind };
    return {
      body: {
        widget,
        script_url: SCRIPT,
        token: `widget-token-${issued}`,
        expires_at: '2026-03-15T10:10:00Z',
      },
    };
  };
}

interface Mounted {
  container: HTMLElement;
  options: { widget: PtWidgetKind; token: string; locale: string };
}

/**
 * A provider's widget as the script would put it on `window`: renders a button into the
 * container and says it is ready (unless told not to). Records mounts and teardowns.
 */
function fakeWidgets({ ready = true }: { ready?: boolean } = {}) {
  const mounts: Mounted[] = [];
  const teardown = vi.fn();
  const api: PtWidgetsApi = {
    mount: vi.fn((container: HTMLElement, options: Mounted['options']) => {
      mounts.push({ container, options });
      const button = document.createElement('button');
      button.textContent = options.widget === 'booking' ? 'Book 10:00 with Jonas' : 'Buy 5 sessions';
      container.append(button);
      if (ready) queueMicrotask(() => container.dispatchEvent(new CustomEvent(PT_EVENTS.ready)));
      return teardown;
    }),
  };
  return { api, mounts, teardown };
}

function sessionRequests(requests: FakeRequest[]) {
  return requests.filter((r) => r.method === 'POST' && r.url === '/api/v1/pt/widget_session');
}

function events(requests: FakeRequest[]) {
  return requests.filter((r) => r.url === '/api/v1/membership/event').map((r) => r.body);
}

function renderOffers(
  routes: Parameters<typeof renderMemberPage>[1]['routes'] = {},
  operator: 'de' | 'at' = 'de',
) {
  return renderMemberPage(
    <PtGuard>
      <OffersPage />
    </PtGuard>,
    {
      path: '/offers',
      operator,
      routes: { 'POST /api/v1/pt/widget_session': sessions(), ...routes },
    },
  );
}

describe('/offers: the package buy widget', () => {
  it('shows a loading state, then the provider widget mounted with a fresh widget token (not the session token)', async () => {
    const widgets = fakeWidgets();
    let resolveScript: (api: PtWidgetsApi) => void = () => {};
    loader.mockReturnValue(new Promise((resolve) => (resolveScript = resolve)));
    const { requests } = renderOffers();

    expect(screen.getByRole('heading', { name: 'Personal training packages' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the personal training packages…');
    await waitFor(() => expect(loader).toHaveBeenCalledWith(SCRIPT));
    expect(sessionRequests(requests).map((r) => r.body)).toEqual([{ widget: 'package_buy' }]);

    resolveScript(widgets.api);
    expect(await screen.findByRole('button', { name: 'Buy 5 sessions' })).toBeVisible();
    expect(screen.queryByRole('status')).toBeNull();
    expect(widgets.mounts).toHaveLength(1);
    expect(widgets.mounts[0]!.options).toEqual({
      widget: 'package_buy',
      token: 'widget-token-1',
      locale: 'en-DE',
    });
    const region = screen.getByRole('region', { name: 'Personal training packages' });
    expect(within(region).getByRole('button', { name: 'Buy 5 sessions' })).toBeInTheDocument();
    expect(events(requests)).toContainEqual({
      action: 'pt_offers_view',
      status: 'in_progress',
      details: { widget: 'package_buy' },
    });
  });

  it('says so when the script does not load, logs the failure, and a retry asks for a new token and loads it again', async () => {
    const user = userEvent.setup();
    const widgets = fakeWidgets();
    loader.mockRejectedValueOnce(new PtWidgetError('script_timeout')).mockResolvedValue(widgets.api);
    const { requests } = renderOffers();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The personal training packages could not be loaded');
    expect(alert).toHaveTextContent('The rest of the portal works as usual. Please try again.');
    // The page around it is intact.
    expect(screen.getByRole('heading', { name: 'Personal training packages' })).toBeInTheDocument();
    await waitFor(() =>
      expect(events(requests)).toContainEqual({
        action: 'pt_offers_view',
        status: 'failure',
        details: { widget: 'package_buy', reason: 'script_timeout' },
      }),
    );

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Buy 5 sessions' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(sessionRequests(requests)).toHaveLength(2);
    expect(loader).toHaveBeenCalledTimes(2);
    expect(widgets.mounts[0]!.options.token).toBe('widget-token-2');
    // The focus stays in the widget's place, not on the page's body.
    expect(screen.getByRole('region', { name: 'Personal training packages' })).toContainElement(
      document.activeElement as HTMLElement,
    );
    expect(document.activeElement).not.toBe(document.body);
  });

  it('shows the failed state, not a broken page, when the widget throws while mounting', async () => {
    loader.mockResolvedValue({
      mount: () => {
        throw new TypeError('widget exploded');
      },
    });
    renderOffers();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The personal training packages could not be loaded',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows the failed state when the widget reports an error of its own, and tears it down', async () => {
    const widgets = fakeWidgets();
    loader.mockResolvedValue(widgets.api);
    const { requests } = renderOffers();
    await screen.findByRole('button', { name: 'Buy 5 sessions' });

    act(() => {
      widgets.mounts[0]!.container.dispatchEvent(
        new CustomEvent(PT_EVENTS.error, { detail: { reason: 'token_expired' } }),
      );
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be loaded');
    expect(widgets.teardown).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Buy 5 sessions' })).toBeNull();
    await waitFor(() =>
      expect(events(requests)).toContainEqual({
        action: 'pt_offers_view',
        status: 'failure',
        details: { widget: 'package_buy', reason: 'widget_token_expired' },
      }),
    );
  });

  it('shows why the portal refuses PT, in the language on screen, without a retry that could not help', async () => {
    const { requests } = renderOffers({
      // The server writes its message in the member's stored language, here not the one on screen.
      'POST /api/v1/pt/widget_session': refusal(
        'pt_before_membership_start',
        { begin_date: '2027-01-01' },
        'Personal Training steht Ihnen ab Beginn Ihrer Mitgliedschaft am 1. Januar 2027 zur Verfügung.',
      ),
    });
    expect(
      await screen.findByText(
        'Personal training is available once your membership starts on 1 January 2027.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(loader).not.toHaveBeenCalled();
    expect(sessionRequests(requests)).toHaveLength(1);
  });

  it("shows the server's message for a refusal the portal has no text of its own for", async () => {
    renderOffers({
      'POST /api/v1/pt/widget_session': refusal(
        'pt_new_rule',
        {},
        'Personal training cannot be bought while an invoice is unpaid.',
      ),
    });
    expect(
      await screen.findByText('Personal training cannot be bought while an invoice is unpaid.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('offers a retry with its own text when the provider is not available (503)', async () => {
    renderOffers({
      'POST /api/v1/pt/widget_session': {
        status: 503,
        body: { status: 503, errors: [{ type: 'pt_provider_unavailable' }] },
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Personal training is not available right now. Please try again later.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('reloads the invoices and the next payment after a purchase, and offers the ways on', async () => {
    const widgets = fakeWidgets();
    loader.mockResolvedValue(widgets.api);
    const queryClient = testQueryClient();
    queryClient.setQueryData(queryKeys.invoices, []);
    queryClient.setQueryData(paymentKeys.next, null);
    renderMemberPage(<OffersPage />, {
      path: '/offers',
      queryClient,
      routes: { 'POST /api/v1/pt/widget_session': sessions() },
    });
    await screen.findByRole('button', { name: 'Buy 5 sessions' });
    expect(queryClient.getQueryState(queryKeys.invoices)?.isInvalidated).toBe(false);
    expect(screen.queryByRole('link', { name: 'Go to Payment' })).toBeNull();

    act(() => {
      widgets.mounts[0]!.container.dispatchEvent(
        new CustomEvent(PT_EVENTS.purchased, { detail: { package_id: 'pk-5', invoice_id: 'inv-9' } }),
      );
    });
    expect(await screen.findByText('Your package has been bought.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to Payment' })).toHaveAttribute('href', '/payment');
    expect(screen.getByRole('link', { name: 'Book a session' })).toHaveAttribute('href', '/pt');
    expect(queryClient.getQueryState(queryKeys.invoices)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(paymentKeys.next)?.isInvalidated).toBe(true);
    // The widget stays for another purchase.
    expect(screen.getByRole('button', { name: 'Buy 5 sessions' })).toBeVisible();
  });

  it('mounts the widget again in the new language after a language change, with a new token', async () => {
    const widgets = fakeWidgets();
    loader.mockResolvedValue(widgets.api);
    renderOffers();
    await screen.findByRole('button', { name: 'Buy 5 sessions' });

    await act(() => changeLocale('de-DE', false));
    await waitFor(() => expect(widgets.mounts).toHaveLength(2));
    expect(widgets.teardown).toHaveBeenCalledTimes(1);
    expect(widgets.mounts[1]!.options).toEqual({
      widget: 'package_buy',
      token: 'widget-token-2',
      locale: 'de-DE',
    });
    expect(await screen.findByRole('heading', { name: 'Personal-Training-Pakete' })).toBeInTheDocument();
  });

  it('tears the widget down when the member leaves the page', async () => {
    const widgets = fakeWidgets();
    loader.mockResolvedValue(widgets.api);
    const { unmount } = renderOffers();
    await screen.findByRole('button', { name: 'Buy 5 sessions' });
    unmount();
    expect(widgets.teardown).toHaveBeenCalledTimes(1);
  });

  it('sends an operator without PT home, without asking for a session', async () => {
    const { requests } = renderOffers({}, 'at');
    expect(await screen.findByTestId('location')).toHaveTextContent('/');
    expect(sessionRequests(requests)).toHaveLength(0);
  });
});

describe('/pt: the booking widget', () => {
  it('mounts the booking widget and logs the view', async () => {
    const widgets = fakeWidgets();
    loader.mockResolvedValue(widgets.api);
    const { requests } = renderMemberPage(<PtPage />, {
      path: '/pt',
      operator: 'no',
      routes: { 'POST /api/v1/pt/widget_session': sessions() },
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading the booking calendar…');
    expect(await screen.findByRole('button', { name: 'Book 10:00 with Jonas' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Personal training sessions' })).toBeInTheDocument();
    expect(sessionRequests(requests).map((r) => r.body)).toEqual([{ widget: 'booking' }]);
    expect(events(requests)).toContainEqual({
      action: 'pt_booking_view',
      status: 'in_progress',
      details: { widget: 'booking' },
    });
  });

  it('says the booking calendar failed when the script cannot be loaded', async () => {
    loader.mockRejectedValue(new PtWidgetError('script_error'));
    renderMemberPage(<PtPage />, {
      path: '/pt',
      routes: { 'POST /api/v1/pt/widget_session': sessions() },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The booking calendar could not be loaded');
  });
});

describe('home', () => {
  const home = (operator: 'de' | 'at', routes: Parameters<typeof renderMemberPage>[1]['routes'] = {}) =>
    renderMemberPage(<HomePage />, {
      path: '/',
      operator,
      membership: membershipFixture({ keys: [] }),
      routes: {
        'GET /api/v2/workouts': { body: { months: [], total: 0 } },
        'POST /api/v1/pt/widget_session': sessions(),
        ...routes,
      },
    });

  it('shows the package buy widget where the operator has PT', async () => {
    const widgets = fakeWidgets();
    loader.mockResolvedValue(widgets.api);
    const { requests } = home('de');
    const section = await screen.findByRole('region', { name: 'Personal training' });
    expect(await within(section).findByRole('button', { name: 'Buy 5 sessions' })).toBeVisible();
    expect(events(requests)).toContainEqual({
      action: 'pt_offers_view',
      status: 'in_progress',
      details: { widget: 'package_buy', placement: 'home' },
    });
  });

  it('has no PT widget where the operator has no PT', async () => {
    const { requests } = home('at');
    expect(await screen.findByRole('heading', { name: 'Welcome back, Anna!' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Personal training' })).toBeNull();
    expect(sessionRequests(requests)).toHaveLength(0);
    expect(loader).not.toHaveBeenCalled();
  });

  it('leaves the PT section out when the portal refuses PT to the member', async () => {
    const { requests } = home('de', {
      'POST /api/v1/pt/widget_session': refusal('pt_not_allowed', {}, 'Not with your membership status.'),
    });
    await waitFor(() => expect(sessionRequests(requests)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Personal training' })).toBeNull());
    expect(screen.queryByText('Not with your membership status.')).toBeNull();
  });
});
