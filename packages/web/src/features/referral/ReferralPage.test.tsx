import type { ReferralPromotion } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReferralGuard } from '../../app/shell/guards.tsx';
import { notices } from '../../lib/notices.ts';
import { session } from '../../lib/session.ts';
import type { fakeFetch } from '../../test/fakeFetch.ts';
import { membershipFixture } from '../../test/fixtures.ts';
import { renderMemberPage } from '../../test/memberPage.tsx';
import { setupI18n } from '../../test/render.tsx';
import { ReferralPage } from './ReferralPage.tsx';

beforeAll(async () => {
  await setupI18n('en-DE');
});

beforeEach(() => {
  session.signIn('tok');
  notices.dismiss();
});

afterEach(() => {
  vi.unstubAllGlobals();
  // An own property set by a test; the prototype's (if any) shows again.
  Reflect.deleteProperty(document, 'execCommand');
});

const NORWAY: ReferralPromotion = {
  name: 'Verv en venn',
  promotion_type: 'two_months_half_price',
  referrer_discount_months: 2,
  referrer_discount_percentage: 50,
  referrer_pt_hours: 0,
  signup_fee: 0,
  status: 'active',
};

const norwegian = membershipFixture({
  referral_code: 'ANNA1234',
  operator: {
    id: 'no',
    name: 'Stride Trening Norge AS',
    country: 'NO',
    timezone: 'Europe/Oslo',
    currency: 'NOK',
  },
  referral: {
    name: 'Verv en venn',
    discount_months: 2,
    discount_percentage: 50,
    pt_hours: 0,
    presentation:
      'Share your referral code with your friends.\nWhen a friend becomes a member, you get 2 months at half price.',
  },
});

const NOT_FOUND = {
  status: 404,
  body: { status: 404, errors: [{ type: 'not_found', message: 'No referral promotion.' }] },
};

function renderReferral(answer: Parameters<typeof fakeFetch>[0][string], membership = norwegian) {
  return renderMemberPage(
    <ReferralGuard>
      <ReferralPage />
    </ReferralGuard>,
    { path: '/referral', operator: 'no', membership, routes: { 'GET /api/v1/current_referral': answer } },
  );
}

describe('referral page', () => {
  it("shows Norway's offer, its presentation with line breaks, the terms and the member's code", async () => {
    renderReferral({ body: NORWAY });
    expect(screen.getByRole('status')).toHaveTextContent('Loading the current offer…');
    expect(await screen.findByRole('heading', { name: 'Verv en venn' })).toBeInTheDocument();
    const presentation = screen.getByText(/Share your referral code with your friends\./);
    expect(presentation.querySelectorAll('br')).toHaveLength(1);
    expect(presentation).toHaveTextContent(
      'Share your referral code with your friends.When a friend becomes a member, you get 2 months at half price.',
    );
    const terms = screen.getByRole('region', { name: 'What you get for every friend who joins' });
    expect(within(terms).getByRole('listitem')).toHaveTextContent(/^2 months at 50\s?% off$/);
    const code = screen.getByRole('region', { name: 'Your referral code' });
    expect(within(code).getByText('ANNA1234')).toBeInTheDocument();
  });

  it('copies the code with one tap and confirms it visibly and to screen readers', async () => {
    const user = userEvent.setup();
    renderReferral({ body: NORWAY });
    await user.click(await screen.findByRole('button', { name: 'Copy code' }));
    const confirmation = await screen.findByText('Code copied');
    expect(confirmation.closest('[aria-live="polite"]')).not.toBeNull();
    expect(await navigator.clipboard.readText()).toBe('ANNA1234');
  });

  it('copies an invitation with the code where the device cannot share', async () => {
    const user = userEvent.setup();
    renderReferral({ body: NORWAY });
    await user.click(await screen.findByRole('button', { name: 'Copy invitation' }));
    expect(await screen.findByText('Invitation copied – paste it into a message')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(
      'Come and train with me at Stride Trening! Use my referral code ANNA1234 when you sign up.',
    );
  });

  it("opens the phone's share sheet with the invitation where there is one", async () => {
    const share = vi.fn(async () => {});
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { share, canShare: () => true }));
    renderReferral({ body: NORWAY });
    await userEvent.click(await screen.findByRole('button', { name: 'Share invitation' }));
    expect(share).toHaveBeenCalledWith({
      title: 'Verv en venn',
      text: 'Come and train with me at Stride Trening! Use my referral code ANNA1234 when you sign up.',
    });
    expect(screen.queryByRole('button', { name: 'Copy invitation' })).toBeNull();
  });

  it('says so when copying does not work at all', async () => {
    // The Clipboard API refuses, and the selection fallback cannot copy either.
    vi.stubGlobal(
      'navigator',
      Object.create(navigator, {
        clipboard: { value: { writeText: () => Promise.reject(new Error('denied')) } },
      }),
    );
    document.execCommand = () => false;
    renderReferral({ body: NORWAY });
    await userEvent.click(await screen.findByRole('button', { name: 'Copy code' }));
    expect(
      await screen.findByText('Copying did not work. Please select the text and copy it yourself.'),
    ).toBeInTheDocument();
  });

  it('shows a clear no-offer page on a 404, not the not-implemented banner', async () => {
    const { requests } = renderReferral(NOT_FOUND, membershipFixture({ referral: null }));
    expect(await screen.findByRole('heading', { name: 'No current offer' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/');
    expect(screen.queryByText('ANNA42')).toBeNull();
    expect(notices.snapshot()).toBeNull();
    expect(requests.some((r) => r.url === '/api/v1/current_referral')).toBe(true);
  });

  it('shows an error with a retry when the offer does not load', async () => {
    renderReferral({ status: 500, body: { status: 500, errors: [] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('This page could not be loaded');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows the terms from the promotion when the membership has no referral entity, and no code yet', async () => {
    renderReferral(
      {
        body: {
          ...NORWAY,
          name: 'Freunde werben Freunde',
          referrer_discount_months: 1,
          referrer_discount_percentage: 100,
          referrer_pt_hours: 2,
        },
      },
      membershipFixture({ referral: null, referral_code: null }),
    );
    expect(await screen.findByRole('heading', { name: 'Freunde werben Freunde' })).toBeInTheDocument();
    const terms = screen.getByRole('region', { name: 'What you get for every friend who joins' });
    expect(
      within(terms)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['One month free', '2 hours of personal training']);
    expect(screen.getByText(/You do not have a referral code yet\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy code' })).toBeNull();
  });

  it.each(['in_trial', 'presale', 'cancelled', 'stopped'] as const)('sends %s home', async (status) => {
    renderReferral({ body: NORWAY }, membershipFixture({ status }));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
    expect(screen.queryByRole('heading', { name: 'Verv en venn' })).toBeNull();
  });
});
