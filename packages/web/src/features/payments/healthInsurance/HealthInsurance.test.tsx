import type { HealthInsuranceConfirmation } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { renderMemberPage } from '../../../test/memberPage.tsx';
import { setupI18n } from '../../../test/render.tsx';
import { HealthInsurancePage } from './HealthInsurancePage.tsx';
import { HealthInsuranceSection } from './HealthInsuranceSection.tsx';

beforeAll(async () => {
  await setupI18n('en-DE');
});

beforeEach(() => {
  session.signIn('tok');
});

const ENDPOINT = 'GET /api/v1/membership/health_insurance_confirmation';

function confirmation(overrides: Partial<HealthInsuranceConfirmation> = {}): HealthInsuranceConfirmation {
  return {
    year: 2025,
    years: [2025, 2024],
    eligible: true,
    member_since: '2024-05-15',
    months_member: 22,
    required_months: 6,
    reimbursement_percent: 90,
    paid_total: 26700,
    currency: 'CHF',
    payments: [
      {
        invoice_number: 'CH-2025-000101',
        invoice_date: '2025-01-01',
        period: { from: '2025-01-01', to: '2025-01-31' },
        amount: 8900,
      },
      {
        invoice_number: 'CH-2025-000102',
        invoice_date: '2025-02-01',
        period: { from: '2025-02-01', to: '2025-02-28' },
        amount: 8900,
      },
      {
        invoice_number: 'CH-2025-000103',
        invoice_date: '2025-03-01',
        period: { from: '2025-03-01', to: '2025-03-31' },
        amount: 8900,
      },
    ],
    member: {
      name: 'Lea Meier',
      address_lines: ['Seestrasse 4', '8002 Zürich'],
      identifiers: [{ label: 'Mitgliedernummer', value: '300111' }],
    },
    operator: {
      name: 'Stride Fitness Schweiz AG',
      address_lines: ['Bahnhofstrasse 10', '8001 Zürich', 'Schweiz'],
      identifiers: [{ label: 'MWST-Nr.', value: 'CHE-123.456.789 MWST' }],
    },
    issued_on: '2026-03-15',
    ...overrides,
  };
}

describe('health-insurance section on /payment', () => {
  it('renders nothing, and asks nothing, for an operator without the reimbursement', () => {
    const { container, requests } = renderMemberPage(<HealthInsuranceSection />, {
      path: '/payment',
      operator: 'de',
    });
    expect(container).toHaveTextContent(/^\/payment$/); // only the location probe
    expect(requests.filter((r) => r.url.includes('health_insurance'))).toEqual([]);
  });

  it('explains the rule and from when the member qualifies when not yet eligible', async () => {
    renderMemberPage(<HealthInsuranceSection />, {
      path: '/payment',
      operator: 'ch',
      routes: {
        [ENDPOINT]: {
          body: confirmation({ eligible: false, member_since: '2026-01-31', months_member: 1, years: [] }),
        },
      },
    });
    expect(
      await screen.findByText(/From 31 July 2026 you will have been a member for 6 months/),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/reimburse up to 90 % of the yearly fee to members of at least 6 months/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('links the confirmation of each year when eligible', async () => {
    renderMemberPage(<HealthInsuranceSection />, {
      path: '/payment',
      operator: 'ch',
      routes: { [ENDPOINT]: { body: confirmation() } },
    });
    const section = await screen.findByRole('region', { name: 'Health insurance' });
    expect(await within(section).findByRole('link', { name: 'Confirmation 2025' })).toHaveAttribute(
      'href',
      '/payment/health-insurance/2025',
    );
    expect(within(section).getByRole('link', { name: 'Confirmation 2024' })).toHaveAttribute(
      'href',
      '/payment/health-insurance/2024',
    );
  });
});

describe('health-insurance confirmation page', () => {
  it('confirms the membership and lists the fees paid in the year with their total', async () => {
    const { requests } = renderMemberPage(<HealthInsurancePage />, {
      path: '/payment/health-insurance/:year',
      route: '/payment/health-insurance/2025',
      operator: 'ch',
      routes: { [ENDPOINT]: { body: confirmation() } },
    });
    const sheet = await screen.findByRole('article', { name: 'Confirmation of membership 2025' });
    expect(requests.find((r) => r.url.includes('health_insurance'))?.url).toContain('year=2025');
    expect(within(sheet).getByText('MWST-Nr.: CHE-123.456.789 MWST')).toBeInTheDocument();
    expect(within(sheet).getByText('Mitgliedernummer: 300111')).toBeInTheDocument();
    expect(
      within(sheet).getByText(
        'We confirm that Lea Meier has been a member of Stride Fitness Schweiz AG since 15 May 2024.',
      ),
    ).toBeInTheDocument();
    const table = within(sheet).getByRole('table', { name: 'Membership fees paid in 2025' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell');
    // The number's cell also holds the date, shown there instead of its own column on a phone.
    expect(cells.map((cell) => cell.textContent?.replace(/\s/g, ' '))).toEqual([
      'CH-2025-0001011 Jan 2025',
      '1 Jan 2025',
      '1 Jan 2025 – 31 Jan 2025',
      'CHF 89.00',
    ]);
    const totalLabel = within(sheet).getByText('Total paid in 2025');
    expect(totalLabel.nextElementSibling?.textContent).toMatch(/^CHF\s267\.00$/);
    expect(
      within(sheet).getByText('Issued on 15 March 2026 by Stride Fitness Schweiz AG.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
  });

  it.each([
    ['an operator without the reimbursement', 'de', '2025'],
    ['a year that is not one', 'ch', 'last'],
  ] as const)('sends %s back to /payment', async (_case, operator, year) => {
    const { requests } = renderMemberPage(<HealthInsurancePage />, {
      path: '/payment/health-insurance/:year',
      route: `/payment/health-insurance/${year}`,
      operator,
    });
    expect(await screen.findByText('Other page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/payment');
    expect(requests.filter((r) => r.url.includes('health_insurance'))).toEqual([]);
  });
});
