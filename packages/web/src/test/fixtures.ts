import type { CancellationPolicy, FreezePolicy, Invoice, Membership } from '@portal/contract';

export function membershipFixture(overrides: Partial<Membership> = {}): Membership {
  return {
    id: 'm-1',
    membership_number: '100234',
    status: 'active',
    begin_date: '2025-03-01',
    end_date: null,
    activates_on: null,
    referral_code: 'ANNA42',
    gdpr_opt_in: false,
    gdpr_updated_at: null,
    sheltered: false,
    locale: 'en-DE',
    freeze_periods: [],
    scheduled_freeze: null,
    operator: {
      id: 'de',
      name: 'Stride Fitness Deutschland GmbH',
      country: 'DE',
      timezone: 'Europe/Berlin',
      currency: 'EUR',
    },
    profile: {
      first_name: 'Anna',
      last_name: 'Schmidt',
      gender: null,
      birthdate: null,
      email: 'anna@example.com',
      address: { street: 'Hauptstr. 1', postal_code: '10115', postal_location: 'Berlin', country: 'DE' },
      mobile: { prefix: '+49', number: '1512345678' },
      gdpr_opt_in: false,
    },
    location: { id: 'loc-1', name: 'Berlin Mitte', opening_date: '2020-01-01', closing_date: null },
    product: {
      presentation: { name: 'Stride Flex', description: 'All clubs' },
      locations: ['loc-1'],
      schedule: { monthly_fee: 2990, binding_months: 12 },
      require_phone_verification: false,
    },
    current_payment_method: null,
    keys: [],
    referral: null,
    ...overrides,
  };
}

export function invoiceFixture(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: 'inv-1',
    invoice_number: '2025-0001',
    status: 'charged',
    invoice_date: '2025-04-01',
    amount: 2990,
    currency: 'EUR',
    period: { from: '2025-04-01', to: '2025-04-30' },
    lines: [],
    payments: [],
    payment_method: null,
    vat_rate: 19,
    member: { name: 'Anna Schmidt', address_lines: [], identifiers: [] },
    operator: { name: 'Stride Fitness Deutschland GmbH', address_lines: [], identifiers: [] },
    ...overrides,
  };
}

export function freezePolicyFixture(membership: Partial<FreezePolicy['membership']> = {}): FreezePolicy {
  return {
    monthly_fee: 4900,
    max_months: 3,
    required_membership_status: ['active'],
    membership: {
      id: 'm-1',
      status: 'active',
      available_months: 3,
      used_months: 0,
      scheduled_freeze: null,
      eligible_to_freeze: true,
      current_freeze: null,
      ...membership,
    },
  };
}

export function cancellationPolicyFixture(
  membership: Partial<CancellationPolicy['membership']> = {},
): CancellationPolicy {
  return {
    cancellation_months: 1,
    membership: { calculated_end_date: '2026-04-30', errors: [], ...membership },
  };
}
