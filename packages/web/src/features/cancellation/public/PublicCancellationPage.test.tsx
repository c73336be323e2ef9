import type { OperatorId } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoggedOutApp } from '../../../app/LoggedOutApp.tsx';
import { pageTitleKey } from '../../../app/shell/shellText.ts';
import { type FakeRequest, fakeFetch } from '../../../test/fakeFetch.ts';
import { renderWith, setupI18n } from '../../../test/render.tsx';
import { session } from '../../../lib/session.ts';
import { renderMemberPage } from '../../../test/memberPage.tsx';
import { MemberPublicCancellationPage } from './MemberPublicCancellationPage.tsx';
import { PublicCancellationPage } from './PublicCancellationPage.tsx';

const PATH = 'POST /api/v1/public/cancellations';

const receipt = (body: Record<string, unknown>) => ({
  reference: 'K-2026-000123',
  received_at: '2026-03-15T10:00:00Z',
  kind: body.kind,
  reason: body.reason ?? null,
  first_name: body.first_name,
  last_name: body.last_name,
  membership_number: body.membership_number ?? null,
  email: body.email ?? null,
  contract: 'membership',
  effective_date: body.effective_date ?? null,
  confirmation_email: body.confirmation_email,
});

function renderPage({
  operator = 'de',
  answer,
}: {
  operator?: OperatorId;
  answer?: Parameters<typeof fakeFetch>[0][string];
} = {}) {
  const api = fakeFetch({
    [PATH]: answer ?? ((req) => ({ body: receipt(req.body as Record<string, unknown>) })),
  });
  renderWith(
    <Routes>
      <Route path="/cancel-contract" element={<PublicCancellationPage />} />
    </Routes>,
    { route: '/cancel-contract', operator },
  );
  return api;
}

const user = () => userEvent.setup();
const posts = (requests: FakeRequest[]) =>
  requests.filter((r) => r.method === 'POST' && r.url === '/api/v1/public/cancellations');

async function fillIdentity(u: ReturnType<typeof user>) {
  await u.type(screen.getByRole('textbox', { name: 'First name' }), 'Anna');
  await u.type(screen.getByRole('textbox', { name: 'Last name' }), 'Schmidt');
  await u.type(screen.getByRole('textbox', { name: 'Membership number' }), '100234');
  await u.type(
    screen.getByRole('textbox', { name: 'E-mail address for the confirmation' }),
    'Anna@Example.com ',
  );
}

beforeAll(async () => {
  await setupI18n('en-DE');
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-15T10:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('public cancellation page (§ 312k BGB)', () => {
  it('asks what the law lists, in its order, and ends with the one button', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Cancel contracts here' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Ordinary cancellation' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Ordinary cancellation' })).toHaveAccessibleDescription(
      'With the notice period of your contract',
    );
    expect(screen.getByRole('radio', { name: 'Membership number' })).toBeChecked();
    expect(screen.getByText('Membership at Stride Fitness')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'At the earliest possible date' })).toBeChecked();
    expect(screen.queryByLabelText('Date')).toBeNull();
    expect(screen.queryByRole('textbox', { name: /Reason/ })).toBeNull();

    // The controls a person reaches, in page order: the button comes last and nothing blocks it.
    const form = screen.getByRole('button', { name: 'Cancel now' }).closest('form')!;
    const names = [...form.querySelectorAll<HTMLInputElement>('input, textarea, select, button')]
      .filter((el) => !el.closest('[aria-hidden="true"]'))
      .map((el) => (el.type === 'radio' ? el.value : el.name || el.textContent));
    expect(names).toEqual([
      'ordinary',
      'extraordinary',
      'first_name',
      'last_name',
      'membership_number',
      'email',
      'membership_number',
      'earliest',
      'date',
      'confirmation_email',
      'Cancel now',
    ]);
  });

  it('requires name, the chosen identification and the confirmation address, and sends nothing', async () => {
    const u = user();
    const { requests } = renderPage();
    await u.click(screen.getByRole('button', { name: 'Cancel now' }));
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveAccessibleDescription(
      'Please enter your first name.',
    );
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Last name' })).toHaveAccessibleDescription(
      'Please enter your last name.',
    );
    expect(screen.getByRole('textbox', { name: 'Membership number' })).toHaveAccessibleDescription(
      /Please enter your membership number./,
    );
    expect(
      screen.getByRole('textbox', { name: 'E-mail address for the confirmation' }),
    ).toHaveAccessibleDescription(/Please enter the e-mail address for the confirmation./);

    // The member may identify by e-mail instead: then that one is required, and checked.
    await u.click(screen.getByRole('radio', { name: 'E-mail address' }));
    expect(screen.queryByRole('textbox', { name: 'Membership number' })).toBeNull();
    const email = screen.getByRole('textbox', { name: 'E-mail address of your membership' });
    await u.click(screen.getByRole('button', { name: 'Cancel now' }));
    expect(email).toHaveAccessibleDescription('Please enter the e-mail address of your membership.');
    await u.type(email, 'not-an-address');
    await u.click(screen.getByRole('button', { name: 'Cancel now' }));
    expect(email).toHaveAccessibleDescription('Please enter a valid e-mail address, e.g. name@example.com.');
    expect(posts(requests)).toEqual([]);
  });

  it('sums up a failed send in its live region, each entry leading into its field', async () => {
    const u = user();
    renderPage();
    // The live region is there, empty, before anything failed.
    const live = document.querySelector<HTMLElement>('[aria-live="assertive"]')!;
    expect(live).toBeEmptyDOMElement();
    await u.click(screen.getByRole('button', { name: 'Cancel now' }));
    expect(live).toHaveTextContent('Please correct these 4 entries:');
    const links = within(live).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual([
      'Please enter your first name.',
      'Please enter your last name.',
      'Please enter your membership number.',
      'Please enter the e-mail address for the confirmation.',
    ]);
    await u.click(within(live).getByRole('link', { name: 'Please enter your membership number.' }));
    expect(screen.getByRole('textbox', { name: 'Membership number' })).toHaveFocus();

    // Corrected and sent: the summary goes.
    await fillIdentity(u);
    await u.click(screen.getByRole('button', { name: 'Cancel now' }));
    expect(await screen.findByRole('heading', { name: 'We have received your cancellation' })).toBeVisible();
  });

  it('is linked from the login’s footer, as a page of its own', async () => {
    fakeFetch({});
    renderWith(<LoggedOutApp path="/" />, { operator: 'de' });
    expect(await screen.findByRole('link', { name: 'Cancel contracts here' })).toHaveAttribute(
      'href',
      '/cancel-contract',
    );
  });

  it('extraordinary cancellation needs its reason', async () => {
    const u = user();
    const { requests } = renderPage();
    await fillIdentity(u);
    await u.click(screen.getByRole('radio', { name: 'Extraordinary cancellation' }));
    const reason = screen.getByRole('textbox', { name: 'Reason for the extraordinary cancellation' });
    await u.click(screen.getByRole('button', { name: 'Cancel now' }));
    expect(reason).toHaveAccessibleDescription('Please give the reason for the extraordinary cancellation.');
    expect(reason).toHaveFocus();
    expect(posts(requests)).toEqual([]);

    await u.type(reason, 'I am moving abroad for good.');
    await u.click(screen.getByRole('button', { name: 'Cancel now' }));
    await screen.findByRole('heading', { name: 'We have received your cancellation' });
    expect(posts(requests)[0]?.body).toMatchObject({
      kind: 'extraordinary',
      reason: 'I am moving abroad for good.',
    });
  });

  it('keeps the honeypot away from people, keyboards and assistive technology', async () => {
    const u = user();
    const { container } = renderWith(<PublicCancellationPage />, { route: '/cancel-contract' });
    const trap = container.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap).toHaveAttribute('autocomplete', 'off');
    const wrapper = trap.parentElement!;
    expect(wrapper).toHaveAttribute('aria-hidden', 'true');
    expect(wrapper).toHaveAttribute('inert');
    expect(screen.queryByRole('textbox', { name: 'Website' })).toBeNull();
    for (let i = 0; i < 20; i += 1) {
      await u.tab();
      expect(document.activeElement).not.toBe(trap);
    }
  });

  it('posts the declaration and shows exactly what was received, printable', async () => {
    const u = user();
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { requests } = renderPage();
    await fillIdentity(u);
    await u.click(screen.getByRole('radio', { name: 'On a date of my choice' }));
    await u.type(screen.getByLabelText('Date'), '2026-05-31');
    await u.click(screen.getByRole('button', { name: 'Cancel now' }));

    // Focus moves in an effect after the receipt renders: a moment later on a loaded machine.
    const heading = await screen.findByRole('heading', { name: 'We have received your cancellation' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(posts(requests)[0]?.body).toEqual({
      operator_id: 'de',
      locale: 'en-DE',
      kind: 'ordinary',
      first_name: 'Anna',
      last_name: 'Schmidt',
      membership_number: '100234',
      contract: 'membership',
      effective_date: '2026-05-31',
      confirmation_email: 'anna@example.com',
    });
    // Berlin time, with its zone: 10:00 UTC is 11:00 CET.
    expect(screen.getByText('Received on 15 March 2026 at 11:00 CET')).toBeInTheDocument();
    const facts = Object.fromEntries(
      screen.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    expect(facts).toEqual({
      Reference: 'K-2026-000123',
      'Type of cancellation': 'Ordinary cancellation',
      Name: 'Anna Schmidt',
      'Membership number': '100234',
      Contract: 'Membership at Stride Fitness',
      'Effective date': '31 May 2026',
      'E-mail address for the confirmation': 'anna@example.com',
    });
    expect(
      screen.getByText('We have sent a confirmation with these details in text form to anna@example.com.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Your contract ends on 31 May 2026 as you chose, or at the earliest possible date if that is later.',
      ),
    ).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Print or save as PDF' }));
    expect(print).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: 'Go to sign-in' })).toHaveAttribute('href', '/');
    vi.unstubAllGlobals();
  });

  it('does not take a date in the past', async () => {
    const u = user();
    const { requests } = renderPage();
    await fillIdentity(u);
    await u.click(screen.getByRole('radio', { name: 'On a date of my choice' }));
    const date = screen.getByLabelText('Date');
    expect(date).toHaveAttribute('min', '2026-03-15');
    await u.type(date, '2026-03-14');
    await u.click(screen.getByRole('button', { name: 'Cancel now' }));
    expect(date).toHaveAccessibleDescription('Please choose today or a later date.');
    expect(posts(requests)).toEqual([]);
  });

  it('says when to try again after too many attempts (Retry-After), keeping what was typed', async () => {
    const u = user();
    renderPage({
      answer: {
        status: 429,
        body: { status: 429, errors: [{ type: 'rate_limited', context: { retry_after: 290 } }] },
      },
    });
    await fillIdentity(u);
    await u.click(screen.getByRole('button', { name: 'Cancel now' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many attempts. Please try again in 5 minutes.');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue('Anna');
  });

  it('puts a 400 at the field it names', async () => {
    const u = user();
    renderPage({
      answer: {
        status: 400,
        body: {
          status: 400,
          errors: [{ type: 'invalid_request', message: 'Too long', context: { field: 'body.last_name' } }],
        },
      },
    });
    await fillIdentity(u);
    await u.click(screen.getByRole('button', { name: 'Cancel now' }));
    const last = screen.getByRole('textbox', { name: 'Last name' });
    await vi.waitFor(() => expect(last).toHaveAccessibleDescription('Please check this entry.'));
    expect(last).toHaveFocus();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('on any other failure says so and sends again on the next press, with what was typed', async () => {
    const u = user();
    let calls = 0;
    const { requests } = renderPage({
      answer: (req) => {
        calls += 1;
        return calls === 1
          ? { status: 503, body: { status: 503, errors: [] } }
          : { body: receipt(req.body as Record<string, unknown>) };
      },
    });
    await fillIdentity(u);
    await u.click(screen.getByRole('button', { name: 'Cancel now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your cancellation could not be sent.');
    expect(screen.getByRole('textbox', { name: 'Membership number' })).toHaveValue('100234');
    await u.click(screen.getByRole('button', { name: 'Cancel now' }));
    await screen.findByRole('heading', { name: 'We have received your cancellation' });
    expect(posts(requests)).toHaveLength(2);
    expect(posts(requests)[1]?.body).toEqual(posts(requests)[0]?.body);
  });
});

describe('signed in', () => {
  it('is the same page under the shell title, with what the portal knows filled in', async () => {
    const u = user();
    session.signIn('tok');
    const { requests } = renderMemberPage(<MemberPublicCancellationPage />, {
      path: '/cancel-contract',
      routes: { [PATH]: (req) => ({ body: receipt(req.body as Record<string, unknown>) }) },
    });
    expect(screen.getByRole('heading', { level: 2, name: 'Cancel contracts here' })).toBeInTheDocument();
    expect(screen.getByText(/^Cancel your membership here\./)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue('Anna');
    expect(screen.getByRole('textbox', { name: 'Last name' })).toHaveValue('Schmidt');
    expect(screen.getByRole('textbox', { name: 'Membership number' })).toHaveValue('100234');
    await u.click(screen.getByRole('button', { name: 'Cancel now' }));
    await screen.findByRole('heading', { level: 2, name: 'We have received your cancellation' });
    expect(posts(requests)[0]?.body).toMatchObject({
      first_name: 'Anna',
      last_name: 'Schmidt',
      membership_number: '100234',
      confirmation_email: 'anna@example.com',
    });
    expect(screen.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/');
  });
});

describe('the public route', () => {
  it('is reachable without signing in where the operator has it', async () => {
    renderWith(<LoggedOutApp path="/cancel-contract" />, { operator: 'de' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cancel contracts here' }),
    ).toBeInTheDocument();
  });

  it('redirects to / like any unknown path elsewhere', async () => {
    window.history.replaceState(null, '', '/cancel-contract');
    renderWith(<LoggedOutApp path="/cancel-contract" />, { operator: 'at' });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Cancel contracts here' })).toBeNull();
    await waitFor(() => expect(window.location.pathname).toBe('/'));
  });

  it('is titled in the shell too', () => {
    expect(pageTitleKey('/cancel-contract')).toBe('pages.cancel-contract');
  });
});

describe('in German', () => {
  beforeAll(async () => {
    await setupI18n('de-DE');
  });
  afterAll(async () => {
    await setupI18n('en-DE');
  });

  it('uses the legal wording', () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'Verträge hier kündigen' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Ordentliche Kündigung' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Außerordentliche Kündigung' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'jetzt kündigen' })).toHaveAttribute('type', 'submit');
  });
});
