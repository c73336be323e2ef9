import type { PtWidgetKind } from '@portal/contract';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
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
import { OffersPage, PtPage } from './PtPages.tsx';

// The provider's frame page is not loaded in jsdom: the tests speak its side of the
// postMessage protocol (docs/personal-training.md, "The frame") to the portal's page.
const PROVIDER = 'https://widgets.pt-provider.example';
const FRAME = `${PROVIDER}/stride/frame.html`;

beforeAll(async () => {
  await setupI18n('en-DE');
});

beforeEach(() => {
  session.signIn('session-token');
  notices.dismiss();
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  // The screen goes first: a language change under it would render it again after the test.
  cleanup();
  await changeLocale('en-DE', false);
});

/** Answers every session request with a new token, as the server does. */
function sessions(frameUrl = FRAME) {
  let issued = 0;
  return (req: FakeRequest) => {
    issued += 1;
    const { widget } = req.body as { widget: PtWidgetKind };
    return {
      body: {
        widget,
        frame_url: frameUrl,
        token: `widget-token-${issued}`,
        expires_at: '2026-03-15T10:10:00Z',
      },
    };
  };
}

/** The provider's frame in the page, once it is there. */
async function findFrame(): Promise<HTMLIFrameElement> {
  return waitFor(() => {
    const frame = document.querySelector('iframe');
    expect(frame).not.toBeNull();
    return frame!;
  });
}

/** A message as the frame (or whoever `source` and `origin` say) posts it to the portal. */
function post(
  frame: HTMLIFrameElement,
  data: unknown,
  { origin = PROVIDER, source = frame.contentWindow }: { origin?: string; source?: Window | null } = {},
) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
  });
}

const widgetEvent = (name: string, detail: Record<string, unknown> = {}) => ({
  type: 'pt-frame:event',
  name,
  detail,
});

/**
 * The frame as the provider's page behaves: says it is ready, is mounted by the portal's
 * message, then its widget says it is ready. Returns what the portal posted to it.
 */
async function openFrame() {
  const frame = await findFrame();
  const posted = vi.spyOn(frame.contentWindow!, 'postMessage');
  post(frame, { type: 'pt-frame:ready' });
  post(frame, widgetEvent('ready', { widget: 'package_buy' }));
  return { frame, posted };
}

/** Everything the page holds as text and markup, to look for a token in. */
const pageText = () => document.documentElement.outerHTML;

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
  it('frames the provider’s page and hands the widget token to its origin only when it is ready', async () => {
    const { requests } = renderOffers();

    expect(screen.getByRole('heading', { name: 'Personal training packages' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the personal training packages…');
    const frame = await findFrame();
    expect(sessionRequests(requests).map((r) => r.body)).toEqual([{ widget: 'package_buy' }]);
    expect(frame.src).toBe(FRAME);
    // Its own origin, sandboxed; the token neither in its address nor anywhere in the page.
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-forms allow-same-origin');
    expect(frame.title).toBe('Personal training packages');
    expect(frame.referrerPolicy).toBe('no-referrer');
    expect(pageText()).not.toContain('widget-token-1');
    expect(document.querySelector('script[src*="pt-provider"]')).toBeNull();

    const posted = vi.spyOn(frame.contentWindow!, 'postMessage');
    post(frame, { type: 'pt-frame:ready' });
    expect(posted).toHaveBeenCalledTimes(1);
    expect(posted).toHaveBeenCalledWith(
      {
        type: 'pt-frame:mount',
        widget: 'package_buy',
        token: 'widget-token-1',
        locale: 'en-DE',
        headingLevel: 3,
        theme: expect.any(Object),
      },
      PROVIDER,
    );
    // Said ready twice: mounted once.
    post(frame, { type: 'pt-frame:ready' });
    expect(posted).toHaveBeenCalledTimes(1);
    // The session token is never posted.
    expect(JSON.stringify(posted.mock.calls)).not.toContain('session-token');
    expect(screen.getByRole('status')).toBeInTheDocument();

    post(frame, widgetEvent('ready', { widget: 'package_buy' }));
    expect(screen.queryByRole('status')).toBeNull();
    expect(frame).toBeVisible();
    const region = screen.getByRole('region', { name: 'Personal training packages' });
    expect(region).toContainElement(frame);
    expect(pageText()).not.toContain('widget-token-1');
    expect(events(requests)).toContainEqual({
      action: 'pt_offers_view',
      status: 'in_progress',
      details: { widget: 'package_buy' },
    });
  });

  it('ignores messages from another origin or another window, and the frame’s when they are not the protocol’s', async () => {
    renderOffers();
    const frame = await findFrame();
    const posted = vi.spyOn(frame.contentWindow!, 'postMessage');

    // Another origin (a frame the provider's page opened elsewhere, an ad, a browser extension).
    post(frame, { type: 'pt-frame:ready' }, { origin: 'https://evil.example' });
    post(frame, { type: 'pt-frame:ready' }, { origin: 'null' });
    // The provider's origin, but not this frame's window.
    post(frame, { type: 'pt-frame:ready' }, { source: window });
    post(frame, { type: 'pt-frame:ready' }, { source: null });
    expect(posted).not.toHaveBeenCalled();
    post(frame, widgetEvent('ready'), { origin: 'https://evil.example' });
    post(frame, widgetEvent('error', { reason: 'token_expired' }), { origin: 'https://evil.example' });
    post(frame, { type: 'pt-frame:height', height: 900 }, { origin: 'https://evil.example' });
    post(frame, 'pt-frame:ready');
    post(frame, { type: 'pt-frame:height', height: 'tall' });
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(frame.style.height).toBe('');

    post(frame, { type: 'pt-frame:ready' });
    expect(posted).toHaveBeenCalledWith(expect.objectContaining({ token: 'widget-token-1' }), PROVIDER);
  });

  it('sizes the frame to the height its content reports, within bounds', async () => {
    renderOffers();
    const { frame } = await openFrame();
    post(frame, { type: 'pt-frame:height', height: 612.5 });
    expect(frame.style.height).toBe('612.5px');
    post(frame, { type: 'pt-frame:height', height: 1e9 });
    expect(frame.style.height).toBe('20000px');
    post(frame, { type: 'pt-frame:height', height: -4 });
    expect(frame.style.height).toBe('0px');
  });

  it('frames a page on the portal’s own origin (the sandbox) without its origin, posting only to that frame', async () => {
    renderOffers({ 'POST /api/v1/pt/widget_session': sessions('/api/dev/pt/frame.html') });
    const frame = await findFrame();
    expect(frame.src).toBe(`${window.location.origin}/api/dev/pt/frame.html`);
    // With scripts and the portal's origin it could reach the page and its storage: opaque instead.
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-forms');
    const posted = vi.spyOn(frame.contentWindow!, 'postMessage');
    // Its messages come from the opaque origin "null"; the portal's own origin is not it.
    post(frame, { type: 'pt-frame:ready' }, { origin: window.location.origin });
    expect(posted).not.toHaveBeenCalled();
    post(frame, { type: 'pt-frame:ready' }, { origin: 'null' });
    expect(posted).toHaveBeenCalledWith(expect.objectContaining({ token: 'widget-token-1' }), '*');
  });

  it('says so when the widget cannot load in its frame, logs the failure, and a retry asks for a new token and a new frame', async () => {
    const user = userEvent.setup();
    const { requests } = renderOffers();
    const first = await findFrame();
    post(first, { type: 'pt-frame:ready' });
    post(first, widgetEvent('error', { widget: 'package_buy', reason: 'load_failed' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The personal training packages could not be loaded');
    expect(alert).toHaveTextContent('The rest of the portal works as usual. Please try again.');
    expect(document.querySelector('iframe')).toBeNull();
    // The page around it is intact.
    expect(screen.getByRole('heading', { name: 'Personal training packages' })).toBeInTheDocument();
    await waitFor(() =>
      expect(events(requests)).toContainEqual({
        action: 'pt_offers_view',
        status: 'failure',
        details: { widget: 'package_buy', reason: 'widget_load_failed' },
      }),
    );

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    const { frame, posted } = await openFrame();
    expect(frame).not.toBe(first);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(sessionRequests(requests)).toHaveLength(2);
    expect(posted).toHaveBeenCalledWith(expect.objectContaining({ token: 'widget-token-2' }), PROVIDER);
    // The focus stays in the widget's place, not on the page's body.
    expect(screen.getByRole('region', { name: 'Personal training packages' })).toContainElement(
      document.activeElement as HTMLElement,
    );
    expect(document.activeElement).not.toBe(document.body);
  });

  it('shows the failed state when the frame never says its widget is ready', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { requests } = renderOffers();
    await findFrame();
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be loaded');
    expect(document.querySelector('iframe')).toBeNull();
    await waitFor(() =>
      expect(events(requests)).toContainEqual({
        action: 'pt_offers_view',
        status: 'failure',
        details: { widget: 'package_buy', reason: 'ready_timeout' },
      }),
    );
  });

  it('shows the failed state when the widget reports an error of its own, and removes the frame', async () => {
    const { requests } = renderOffers();
    const { frame } = await openFrame();

    post(frame, widgetEvent('error', { widget: 'package_buy', reason: 'token_expired' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be loaded');
    expect(document.querySelector('iframe')).toBeNull();
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
    expect(document.querySelector('iframe')).toBeNull();
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
    const queryClient = testQueryClient();
    queryClient.setQueryData(queryKeys.invoices, []);
    queryClient.setQueryData(queryKeys.nextInvoice, null);
    renderMemberPage(<OffersPage />, {
      path: '/offers',
      queryClient,
      routes: { 'POST /api/v1/pt/widget_session': sessions() },
    });
    const { frame } = await openFrame();
    expect(queryClient.getQueryState(queryKeys.invoices)?.isInvalidated).toBe(false);
    expect(screen.queryByRole('link', { name: 'Go to Payment' })).toBeNull();

    // Another origin saying so buys nothing.
    post(frame, widgetEvent('purchased', { package_id: 'pk-5' }), { origin: 'https://evil.example' });
    expect(queryClient.getQueryState(queryKeys.invoices)?.isInvalidated).toBe(false);

    post(frame, widgetEvent('purchased', { package_id: 'pk-5', invoice_id: 'inv-9' }));
    expect(await screen.findByText('Your package has been bought.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to Payment' })).toHaveAttribute('href', '/payment');
    expect(screen.getByRole('link', { name: 'Book a session' })).toHaveAttribute('href', '/pt');
    expect(queryClient.getQueryState(queryKeys.invoices)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(queryKeys.nextInvoice)?.isInvalidated).toBe(true);
    // The widget stays for another purchase.
    expect(document.querySelector('iframe')).toBe(frame);
  });

  it('frames the widget again in the new language after a language change, with a new token', async () => {
    renderOffers();
    const { frame: first } = await openFrame();

    await act(() => changeLocale('de-DE', false));
    const frame = await waitFor(() => {
      const next = document.querySelector('iframe');
      expect(next).not.toBeNull();
      expect(next).not.toBe(first);
      return next!;
    });
    expect(first.isConnected).toBe(false);
    const posted = vi.spyOn(frame.contentWindow!, 'postMessage');
    post(frame, { type: 'pt-frame:ready' });
    expect(posted).toHaveBeenCalledWith(
      expect.objectContaining({ widget: 'package_buy', token: 'widget-token-2', locale: 'de-DE' }),
      PROVIDER,
    );
    expect(await screen.findByRole('heading', { name: 'Personal-Training-Pakete' })).toBeInTheDocument();
  });

  it('removes the frame and stops listening when the member leaves the page', async () => {
    const { unmount } = renderOffers();
    const { frame } = await openFrame();
    const removed = vi.spyOn(window, 'removeEventListener');
    unmount();
    expect(frame.isConnected).toBe(false);
    expect(removed).toHaveBeenCalledWith('message', expect.any(Function));
  });

  it('sends an operator without PT home, without asking for a session', async () => {
    const { requests } = renderOffers({}, 'at');
    expect(await screen.findByTestId('location')).toHaveTextContent('/');
    expect(sessionRequests(requests)).toHaveLength(0);
  });
});

describe('/pt: the booking widget', () => {
  it('frames the booking widget and logs the view', async () => {
    const { requests } = renderMemberPage(<PtPage />, {
      path: '/pt',
      operator: 'no',
      routes: { 'POST /api/v1/pt/widget_session': sessions() },
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading the booking calendar…');
    const frame = await findFrame();
    expect(frame.title).toBe('Personal training sessions');
    const posted = vi.spyOn(frame.contentWindow!, 'postMessage');
    post(frame, { type: 'pt-frame:ready' });
    expect(posted).toHaveBeenCalledWith(expect.objectContaining({ widget: 'booking' }), PROVIDER);
    post(frame, widgetEvent('ready', { widget: 'booking' }));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Personal training sessions' })).toBeInTheDocument();
    expect(sessionRequests(requests).map((r) => r.body)).toEqual([{ widget: 'booking' }]);
    expect(events(requests)).toContainEqual({
      action: 'pt_booking_view',
      status: 'in_progress',
      details: { widget: 'booking' },
    });
  });

  it('says the booking calendar failed when the widget cannot load', async () => {
    renderMemberPage(<PtPage />, {
      path: '/pt',
      routes: { 'POST /api/v1/pt/widget_session': sessions() },
    });
    const frame = await findFrame();
    post(frame, widgetEvent('error', { widget: 'booking', reason: 'load_failed' }));
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
    const { requests } = home('de');
    const section = await screen.findByRole('region', { name: 'Personal training' });
    const { frame } = await openFrame();
    expect(section).toContainElement(frame);
    expect(frame).toBeVisible();
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
    expect(document.querySelector('iframe')).toBeNull();
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
