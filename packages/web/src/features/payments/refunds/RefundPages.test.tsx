import type { Membership, OperatorId, RefundReceipt } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import type { FakeRequest } from '../../../test/fakeFetch.ts';
import { refusal, renderMemberPage } from '../../../test/memberPage.tsx';
import { setupI18n } from '../../../test/render.tsx';
import { type FakeAnswer, norwegian, refundableItem, withCard } from '../testData.ts';
import { RefundToBankPage } from './RefundToBankPage.tsx';
import { RefundToCardPage } from './RefundToCardPage.tsx';

beforeAll(async () => {
  await setupI18n('en-DE');
});

beforeEach(() => {
  session.signIn('tok');
});

const REFUNDABLE = 'GET /api/v1/membership/invoices/refundable';
const receipt = (over: Partial<RefundReceipt> = {}): RefundReceipt => ({
  id: 'r-1',
  invoice_id: 'inv-03',
  method: 'card',
  status: 'completed',
  amount: 700,
  currency: 'EUR',
  bank_account: null,
  created_at: '2026-03-20T10:00:00Z',
  ...over,
});

describe('refund to the card', () => {
  const render = (answer: FakeAnswer) =>
    renderMemberPage(<RefundToCardPage />, {
      path: '/payment/refund/:id',
      route: '/payment/refund/inv-03',
      membership: withCard(),
      routes: {
        [REFUNDABLE]: { body: [refundableItem()] },
        'POST /api/v1/membership/invoices/inv-03/refund': answer,
      },
    });

  it('keeps the card together on one line, its brand capitalised', async () => {
    const item = refundableItem();
    renderMemberPage(<RefundToCardPage />, {
      path: '/payment/refund/:id',
      route: '/payment/refund/inv-03',
      membership: withCard(),
      routes: {
        [REFUNDABLE]: {
          body: [
            {
              ...item,
              invoice: { ...item.invoice, payment_method: { type: 'card', details: 'visa **** 4242' } },
            },
          ],
        },
      },
    });
    const text = await screen.findByText(/We pay €7\.00 back to the card/);
    expect(text.textContent).toContain('(Visa\u00a0****\u00a04242)');
  });

  it('confirms the amount and the card, refunds, and shows the success page with the way back', async () => {
    const { requests } = render({ body: receipt() });
    expect(
      await screen.findByText('We pay €7.00 back to the card this invoice was paid with (Visa •••• 4242).'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Refund €7.00 to my card' }));
    expect(await screen.findByRole('heading', { name: 'Your refund is on its way' })).toBeInTheDocument();
    expect(screen.getByText('€7.00 has been paid back to your card.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to payment' })).toHaveAttribute('href', '/payment');
    expect(requests.filter((r) => r.url.endsWith('/refund'))).toHaveLength(1);
    expect(requests.find((r) => r.url.endsWith('/refund'))?.body).toEqual({});
    expect(
      requests.filter((r) => r.url.endsWith('/event')).map((r) => (r.body as { status: string }).status),
    ).toEqual(['in_progress', 'success']);
  });

  it('shows a refusal on an error page with a retry and the way back', async () => {
    render(refusal('already_refunded'));
    await userEvent.click(await screen.findByRole('button', { name: 'Refund €7.00 to my card' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This refund has already been made.');
    expect(screen.getByRole('link', { name: 'Back to payment' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('button', { name: 'Refund €7.00 to my card' })).toBeInTheDocument();
  });

  it('says so when the item is not refundable (any more)', async () => {
    renderMemberPage(<RefundToCardPage />, {
      path: '/payment/refund/:id',
      route: '/payment/refund/someone-elses',
      membership: withCard(),
      routes: { [REFUNDABLE]: { body: [refundableItem()] } },
    });
    expect(await screen.findByRole('heading', { name: 'No refund available' })).toBeInTheDocument();
  });
});

describe('refund to a bank account', () => {
  const render = (operator: OperatorId, membership: Membership, answer: FakeAnswer = { body: receipt() }) =>
    renderMemberPage(<RefundToBankPage />, {
      path: '/payment/refund/:id/bank',
      route: '/payment/refund/inv-03/bank',
      operator,
      membership,
      routes: {
        [REFUNDABLE]: { body: [refundableItem()] },
        'POST /api/v1/membership/invoices/inv-03/manual_refund': answer,
      },
    });
  const manualRefunds = (requests: FakeRequest[]) => requests.filter((r) => r.url.endsWith('/manual_refund'));

  it('refuses an invalid IBAN with a message on the field, then sends a valid one without spaces', async () => {
    const { requests } = render('de', withCard(), {
      body: receipt({ method: 'bank_account', status: 'pending', bank_account: '•••• 3000' }),
    });
    const field = await screen.findByLabelText('Account number');
    expect(field).toHaveAccessibleDescription('Your IBAN, e.g. DE89 3704 0044 0532 0130 00.');
    expect(screen.getByText('A refund to a bank account can take up to 14 days.')).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Request a refund of €7.00' });

    await userEvent.click(submit);
    expect(
      await screen.findByText('Enter the account number the refund should be paid to.'),
    ).toBeInTheDocument();
    await userEvent.type(field, 'DE89 3704 0044 0532 0130 01');
    await userEvent.click(submit);
    expect(
      await screen.findByText(
        'This is not a valid IBAN. Please check the number, for example on your bank statement.',
      ),
    ).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    // A Norwegian account number is only taken from members in Norway.
    await userEvent.clear(field);
    await userEvent.type(field, '8601 11 17947');
    await userEvent.click(submit);
    expect(await screen.findByText(/This is not a valid IBAN/)).toBeInTheDocument();
    expect(manualRefunds(requests)).toHaveLength(0);

    await userEvent.clear(field);
    await userEvent.type(field, 'de89 3704 0044 0532 0130 00');
    await userEvent.click(submit);
    expect(
      await screen.findByRole('heading', { name: 'Your refund has been requested' }),
    ).toBeInTheDocument();
    expect(screen.getByText('We transfer €7.00 to the account •••• 3000.')).toBeInTheDocument();
    expect(screen.getByText('A refund to a bank account can take up to 14 days.')).toBeInTheDocument();
    expect(manualRefunds(requests)[0]?.body).toEqual({ bank_account_number: 'DE89370400440532013000' });
  });

  it('takes a valid Norwegian account number in Norway, and names both forms when one is wrong', async () => {
    const { requests } = render('no', norwegian(), {
      body: receipt({
        method: 'bank_account',
        currency: 'NOK',
        status: 'pending',
        bank_account: '•••• 7947',
      }),
    });
    const field = await screen.findByLabelText('Account number');
    expect(field).toHaveAccessibleDescription(
      'Your Norwegian account number (11 digits, e.g. 8601 11 17947) or an IBAN.',
    );
    const submit = screen.getByRole('button', { name: /Request a refund of/ });
    await userEvent.type(field, '8601 11 17948');
    await userEvent.click(submit);
    expect(
      await screen.findByText(
        'This is neither a valid Norwegian account number (11 digits) nor a valid IBAN. Please check the number.',
      ),
    ).toBeInTheDocument();

    await userEvent.clear(field);
    await userEvent.type(field, '8601.11.17947');
    await userEvent.click(submit);
    expect(
      await screen.findByRole('heading', { name: 'Your refund has been requested' }),
    ).toBeInTheDocument();
    expect(manualRefunds(requests)[0]?.body).toEqual({ bank_account_number: '86011117947' });
  });

  it('keeps what the member typed when trying again after a refusal', async () => {
    render('de', withCard(), refusal('already_refunded'));
    await userEvent.type(await screen.findByLabelText('Account number'), 'DE89370400440532013000');
    await userEvent.click(screen.getByRole('button', { name: 'Request a refund of €7.00' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('This refund has already been made.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByLabelText('Account number')).toHaveValue('DE89370400440532013000');
  });
});
