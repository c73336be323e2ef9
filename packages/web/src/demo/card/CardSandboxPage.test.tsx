import type { CardProvider } from '@portal/contract';
import { type SandboxCheckout, verifyReturn } from '@portal/demo';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CardSandboxPage } from './CardSandboxPage.tsx';
import { parseCardRoute } from './CardSandboxRoute.tsx';

const NOW = new Date('2026-11-22T10:00:00Z');
const open = (provider: CardProvider): SandboxCheckout => ({
  open: true,
  provider,
  checkoutId: 'c-1',
  merchant: 'Stride Fitness',
  amount: '€0.00',
  successUrl: 'https://example.org/demo/#/payment/payment-method-updated',
  cancelUrl: 'https://example.org/demo/#/payment/credit-card?cancelled=1',
});

function setup(provider: CardProvider = 'verifone', checkout = open(provider)) {
  const leave = vi.fn<(address: string) => void>();
  render(<CardSandboxPage provider={provider} checkout={checkout} now={NOW} leave={leave} />);
  return { leave, user: userEvent.setup() };
}

/** The return the page sent the member back with, checked as the portal's demo checks it. */
async function returned(leave: ReturnType<typeof setup>['leave'], provider: CardProvider) {
  await waitFor(() => expect(leave).toHaveBeenCalledTimes(1));
  const address = leave.mock.calls[0]![0];
  const [where, query = ''] = address.split('?cancelled=1').join('').split('?');
  const params = Object.fromEntries(new URLSearchParams(query.replace(/^&/, '')));
  return { where, verified: await verifyReturn(provider, params) };
}

async function enter(user: ReturnType<typeof setup>['user'], number: string, expiry = '12/29', cvc = '123') {
  if (number) await user.type(screen.getByLabelText('Card number'), number);
  if (expiry) await user.type(screen.getByLabelText('Expiry date (MM/YY)'), expiry);
  if (cvc) await user.type(screen.getByLabelText('Security code (CVC)'), cvc);
  await user.click(screen.getByRole('button', { name: 'Verify card' }));
}

describe('the demo’s sandbox card page', () => {
  it('registers a test card and returns to the success address with a signed return', async () => {
    const { leave, user } = setup('verifone');
    expect(screen.getByRole('heading', { name: 'Add a payment card' })).toBeInTheDocument();
    expect(screen.getByText('4111 1111 1111 1111')).toBeInTheDocument();
    await enter(user, '4111 1111 1111 1111');
    const { where, verified } = await returned(leave, 'verifone');
    expect(where).toBe('https://example.org/demo/#/payment/payment-method-updated');
    expect(verified).toMatchObject({
      outcome: 'registered',
      checkoutId: 'c-1',
      card: { brand: 'visa', expire: '2912' },
    });
  });

  it('shows what is wrong with the entry, on the fields, and sends nothing', async () => {
    const { leave, user } = setup('dibs');
    await enter(user, '4111 1111 1111 1112', '01/20', '');
    expect(screen.getByRole('alert')).toHaveTextContent('Please check the card details below.');
    expect(screen.getByLabelText('Card number')).toHaveAccessibleDescription('The card number is not valid.');
    expect(screen.getByLabelText('Expiry date (MM/YY)')).toHaveAccessibleDescription('The card has expired.');
    expect(screen.getByLabelText('Security code (CVC)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Card number')).toHaveFocus();
    // As at the provider: the texts stay while the member corrects, until the next try.
    await user.type(screen.getByLabelText('Security code (CVC)'), '123');
    expect(screen.getByLabelText('Security code (CVC)')).toHaveAttribute('aria-invalid', 'true');
    expect(leave).not.toHaveBeenCalled();
  });

  it('returns a declined card as error 121 (dibs’ own parameters)', async () => {
    const { leave, user } = setup('dibs');
    await enter(user, '4000000000000002');
    const { verified } = await returned(leave, 'dibs');
    expect(verified).toEqual({ outcome: 'failed', checkoutId: 'c-1', errorCode: 121 });
  });

  it('asks the 3-D Secure question: confirm registers, fail is error 140', async () => {
    const first = setup('verifone');
    await enter(first.user, '4000000000003220');
    // Focus moves in an effect after the render: under load, a moment later.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Confirm it is you' })).toHaveFocus());
    expect(screen.getByText('3220')).toBeInTheDocument();
    await first.user.click(screen.getByRole('button', { name: 'Fail authentication' }));
    expect((await returned(first.leave, 'verifone')).verified).toMatchObject({
      outcome: 'failed',
      errorCode: 140,
    });
  });

  it('cancels back to the cancel address', async () => {
    const { leave, user } = setup('verifone');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(leave).toHaveBeenCalledTimes(1));
    expect(leave.mock.calls[0]![0]).toMatch(
      /^https:\/\/example\.org\/demo\/#\/payment\/credit-card\?cancelled=1&checkout_id=c-1&status=cancelled&signature=[0-9a-f]{64}$/,
    );
  });

  it('says why a closed checkout takes no card', async () => {
    setup('verifone', {
      open: false,
      merchant: 'Stride Fitness',
      reason: 'This checkout is already completed (error 168).',
    });
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'This checkout is closed' })).toHaveFocus(),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('error 168');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('reads provider and checkout from its hash route', () => {
    expect(parseCardRoute('#/demo/card/dibs/c%2D1')).toEqual({ provider: 'dibs', checkoutId: 'c-1' });
    expect(parseCardRoute('#/demo/card/paypal/c-1')).toBeNull();
    expect(parseCardRoute('#/payment')).toBeNull();
  });
});
