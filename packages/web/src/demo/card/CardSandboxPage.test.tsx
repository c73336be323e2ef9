import type { CardProvider } from '@portal/contract';
import type { CardSandboxPage as Page } from '@portal/demo';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type Act, CardSandboxPage } from './CardSandboxPage.tsx';
import { parseCardRoute } from './CardSandboxRoute.tsx';

// The page draws the steps the server's card sandbox decides (in the demo's worker) and
// sends it what the member did; the sandbox's own rules (test cards, expiry, 3-D Secure,
// signed returns) are tested on the server and in packages/demo/test/host.test.ts.

const ctx = (provider: CardProvider = 'verifone', locale = 'en-DE') => ({
  provider,
  action: `/api/dev/cards/${provider}/c-1`,
  merchant: 'Stride Fitness',
  amount: '€0.00',
  purpose: 'verification' as const,
  locale,
});
const page = (step: Page['step']): Page => ({ portalOrigin: 'https://example.org', step });
const form = (provider?: CardProvider) => page({ kind: 'form', status: 200, ctx: ctx(provider) });
const SUCCESS = 'https://example.org/demo/#/payment/payment-method-updated?checkout_id=c-1&signature=ab';
const CANCEL = 'https://example.org/demo/#/payment/credit-card?cancelled=1&checkout_id=c-1&status=cancelled';
const back = (url: string, provider?: CardProvider) => page({ kind: 'return', ctx: ctx(provider), url });

/** The page as opened, with the sandbox's answers to come, in order. */
function setup(opened: Page, ...answers: Page[]) {
  const act = vi.fn<Act>();
  for (const answer of answers) act.mockResolvedValueOnce(answer);
  const leave = vi.fn<(address: string) => void>();
  render(<CardSandboxPage page={opened} act={act} leave={leave} />);
  return { act, leave, user: userEvent.setup() };
}

async function enter(user: ReturnType<typeof setup>['user'], number: string, expiry = '12/29', cvc = '123') {
  if (number) await user.type(screen.getByLabelText('Card number'), number);
  if (expiry) await user.type(screen.getByLabelText('Expiry date (MM/YY)'), expiry);
  if (cvc) await user.type(screen.getByLabelText('Security code (CVC)'), cvc);
  await user.click(screen.getByRole('button', { name: 'Verify card' }));
}

describe('the demo’s sandbox card page', () => {
  it('shows the provider’s form with the test cards, sends the entry and follows the return', async () => {
    const { act, leave, user } = setup(form('verifone'), back(SUCCESS));
    expect(screen.getByRole('heading', { name: 'Add a payment card' })).toBeInTheDocument();
    expect(screen.getByText('Verifone')).toBeInTheDocument();
    expect(screen.getByText('€0.00')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /4000 0000 0000 3220/ })).toHaveTextContent('3-D Secure step');
    // A fresh form leaves the focus where the page load put it.
    expect(screen.getByRole('heading', { name: 'Add a payment card' })).not.toHaveFocus();

    await enter(user, '4111 1111 1111 1111');
    expect(act).toHaveBeenCalledExactlyOnceWith('submit', {
      card_number: '4111 1111 1111 1111',
      expiry: '12/29',
      cvc: '123',
      locale: 'en-DE',
    });
    await waitFor(() => expect(leave).toHaveBeenCalledExactlyOnceWith(SUCCESS));
    expect(screen.getByRole('heading', { name: 'Returning to Stride Fitness' })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Continue to Stride Fitness' })).toHaveAttribute('href', SUCCESS);
  });

  it('shows the sandbox’s errors on their fields and in the alert, and sends the corrected entry', async () => {
    const refused = page({
      kind: 'form',
      status: 400,
      ctx: ctx('dibs'),
      errors: { number: 'The card number is not valid.', expiry: 'The card has expired.' },
    });
    const { act, leave, user } = setup(form('dibs'), refused, back(SUCCESS, 'dibs'));
    expect(screen.getByText('DIBS Payment')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();

    await enter(user, '4111 1111 1111 1112', '01/20');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please check the card details below.');
    const number = screen.getByLabelText('Card number');
    expect(number).toHaveAccessibleDescription('The card number is not valid.');
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Expiry date (MM/YY)')).toHaveAccessibleDescription('The card has expired.');
    const cvc = screen.getByLabelText('Security code (CVC)');
    expect(cvc).not.toHaveAttribute('aria-invalid');
    expect(cvc).not.toHaveAccessibleDescription();
    // A refused form is a new page at the provider: its heading takes the focus.
    expect(screen.getByRole('heading', { name: 'Add a payment card' })).toHaveFocus();
    expect(leave).not.toHaveBeenCalled();

    // The entry stays for the member to correct.
    expect(number).toHaveValue('4111 1111 1111 1112');
    await user.clear(number);
    await user.type(number, '4111111111111111');
    await user.clear(screen.getByLabelText('Expiry date (MM/YY)'));
    await user.type(screen.getByLabelText('Expiry date (MM/YY)'), '12/29');
    await user.click(screen.getByRole('button', { name: 'Verify card' }));
    expect(act).toHaveBeenLastCalledWith('submit', {
      card_number: '4111111111111111',
      expiry: '12/29',
      cvc: '123',
      locale: 'en-DE',
    });
    await waitFor(() => expect(leave).toHaveBeenCalledExactlyOnceWith(SUCCESS));
  });

  it.each([
    ['Confirm', 'confirm'],
    ['Fail authentication', 'fail'],
  ])('asks the 3-D Secure question and sends “%s” with the pending card', async (button, action) => {
    const question = page({ kind: 'three_d_secure', ctx: ctx(), pending: 'pending-token-1', last4: '3220' });
    const { act, leave, user } = setup(form(), question, back(SUCCESS));
    await enter(user, '4000000000003220');
    // Focus moves in an effect after the render: under load, a moment later.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Confirm it is you' })).toHaveFocus());
    expect(screen.getByText(/card ending in 3220/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    await user.click(screen.getByRole('button', { name: button }));
    expect(act).toHaveBeenLastCalledWith('confirm', { pending: 'pending-token-1', action, locale: 'en-DE' });
    expect(act).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(leave).toHaveBeenCalledExactlyOnceWith(SUCCESS));
  });

  it('cancels: sends only the cancel and goes back to the address the sandbox returns', async () => {
    const { act, leave, user } = setup(form(), back(CANCEL));
    await user.type(screen.getByLabelText('Card number'), '4111');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(act).toHaveBeenCalledExactlyOnceWith('submit', { action: 'cancel', locale: 'en-DE' });
    await waitFor(() => expect(leave).toHaveBeenCalledExactlyOnceWith(CANCEL));
  });

  it('sends nothing more while the sandbox decides', async () => {
    const act = vi.fn<Act>();
    let answer: (next: Page) => void = () => {};
    act.mockReturnValueOnce(
      new Promise<Page>((resolve) => {
        answer = resolve;
      }),
    );
    const user = userEvent.setup();
    render(<CardSandboxPage page={form()} act={act} leave={vi.fn()} />);
    await enter(user, '4111111111111111');
    expect(screen.getByRole('button', { name: 'Verify card' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Verify card' }));
    expect(act).toHaveBeenCalledOnce();
    answer(page({ kind: 'form', status: 400, ctx: ctx(), errors: { cvc: 'Enter the security code.' } }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Verify card' })).toBeEnabled());
    expect(screen.getByLabelText('Security code (CVC)')).toHaveAccessibleDescription(
      'Enter the security code.',
    );
  });

  it('says why a closed checkout takes no card', async () => {
    setup(
      page({
        kind: 'closed',
        status: 410,
        ctx: ctx('dibs'),
        reason: 'This checkout is already completed (error 168).',
      }),
    );
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'This checkout is closed' })).toHaveFocus(),
    );
    expect(screen.getByText('DIBS Payment')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This checkout is already completed (error 168).');
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('says so when the provider has no sandbox', () => {
    setup({ portalOrigin: null, step: { kind: 'no_sandbox' } });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('No sandbox for this provider.');
    expect(within(document.body).queryByRole('button')).toBeNull();
  });

  it('reads provider and checkout from its hash route', () => {
    expect(parseCardRoute('#/demo/card/dibs/c%2D1')).toEqual({ provider: 'dibs', checkoutId: 'c-1' });
    expect(parseCardRoute('#/demo/card/verifone/c-1?x=1')).toEqual({
      provider: 'verifone',
      checkoutId: 'c-1',
    });
    expect(parseCardRoute('#/demo/card/paypal/c-1')).toBeNull();
    expect(parseCardRoute('#/payment')).toBeNull();
  });

  it('speaks the language the portal put on its address, the field errors too', async () => {
    const refused = page({
      kind: 'form',
      status: 400,
      ctx: { ...ctx('dibs', 'nb-NO'), amount: '0,00 kr' },
      errors: { number: 'The card number is not valid.' },
    });
    const { act, user } = setup(
      page({ kind: 'form', status: 200, ctx: { ...ctx('dibs', 'nb-NO'), amount: '0,00 kr' } }),
      refused,
    );
    expect(screen.getByRole('heading', { name: 'Legg til betalingskort' })).toBeInTheDocument();
    expect(screen.getByText('0,00 kr')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Legg til betalingskort' }).closest('[lang]')).toHaveAttribute(
      'lang',
      'nb-NO',
    );
    await user.type(screen.getByLabelText('Kortnummer'), '4111 1111 1111 1112');
    await user.type(screen.getByLabelText('Utløpsdato (MM/ÅÅ)'), '12/29');
    await user.type(screen.getByLabelText('Sikkerhetskode (CVC)'), '123');
    await user.click(screen.getByRole('button', { name: 'Bekreft kortet' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sjekk kortopplysningene nedenfor.');
    expect(screen.getByLabelText('Kortnummer')).toHaveAccessibleDescription('Kortnummeret er ikke gyldig.');
    expect(act).toHaveBeenCalledWith('submit', expect.objectContaining({ locale: 'nb-NO' }));
  });
});
