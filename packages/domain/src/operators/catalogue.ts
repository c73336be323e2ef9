import type { OperatorId } from '@portal/contract';
import type { OperatorSettings } from './types.ts';

/**
 * Three frozen months a calendar year everywhere; the monthly freeze fee is set per operator
 * beside its monthly fees (docs/operators.md), a fraction of the cheapest of them.
 */
const freezePolicy = (monthlyFee: number) => ({ maxMonthsPerYear: 3, monthlyFee });

/** Group classes as most operators run them (docs/classes.md); an operator may differ. */
const classPolicy = {
  bookingOpensDaysAhead: 7,
  maxFutureBookings: 5,
  lateCancellationMinutes: 120,
  waitlistClosesMinutes: 30,
  lateCancellationFee: null,
} as const;

const weekdays = (opens: string, closes: string) => ({ days: [1, 2, 3, 4, 5], opens, closes });
const saturday = (opens: string, closes: string) => ({ days: [6], opens, closes });

/** The five markets, whose numbers every operator verifies. */
const MARKETS = ['+49', '+43', '+41', '+47', '+358'] as const;
/** The neighbours a DACH member may well have a number from. */
const DACH_NEIGHBOURS = ['+31', '+32', '+33', '+39', '+352', '+420', '+423', '+45', '+48'] as const;
/** The Nordic and Baltic neighbours of a Norwegian or Finnish member. */
const NORDIC_NEIGHBOURS = ['+45', '+46', '+354', '+372', '+371', '+370'] as const;

/** The five operators (docs/operators.md). Changing an assignment is a change here only. */
export const operatorCatalogue: Record<OperatorId, OperatorSettings> = {
  de: {
    id: 'de',
    name: 'Stride Fitness Deutschland GmbH',
    brand: 'Stride Fitness',
    country: 'DE',
    timezone: 'Europe/Berlin',
    currency: 'EUR',
    locales: ['en-DE', 'de-DE'],
    cardProvider: 'verifone',
    paymentMethods: ['sepa_direct_debit', 'card'],
    supportEmail: 'kundenservice@de.stride.example',
    supportPhone: '+49 30 2092 4410',
    supportHours: [weekdays('08:00', '20:00'), saturday('10:00', '16:00')],
    addressLines: ['Friedrichstraße 68', '10117 Berlin', 'Deutschland'],
    ptEnabled: true,
    classes: { ...classPolicy, lateCancellationFee: { amount: 500, currency: 'EUR' } },
    cancellationFlow: 'single_page',
    publicCancellation: true,
    withdrawalButton: true,
    freezeRequestBeforeFirstOfMonth: false,
    freezeExtendsContract: true,
    freezeOneMonthOrOnceText: true,
    phoneChangeViaSupport: false,
    mobilePrefixWhitelist: [...MARKETS, ...DACH_NEIGHBOURS],
    temporaryPinContactClubManager: true,
    temporaryPinValidity: { months: 1 },
    replacementChipFee: { amount: 2000, currency: 'EUR' },
    forgottenChipSmsFee: null,
    signupFeeOnReturn: { amount: 4900, currency: 'EUR' },
    healthInsuranceReimbursement: false,
    referralPromotion: 'free_month_per_new_member',
    vatRates: [
      { from: '2000-01-01', rate: 10 },
      { from: '2001-01-01', rate: 19 },
    ],
    freezePolicy: freezePolicy(990),
    cancellationNoticeMonths: 1,
  },
  at: {
    id: 'at',
    name: 'Stride Fitness Österreich GmbH',
    brand: 'Stride Fitness',
    country: 'AT',
    timezone: 'Europe/Vienna',
    currency: 'EUR',
    locales: ['de-AT', 'en-AT'],
    cardProvider: 'verifone',
    paymentMethods: ['sepa_direct_debit', 'card'],
    supportEmail: 'service@at.stride.example',
    supportPhone: '+43 1 253 0410',
    supportHours: [weekdays('08:00', '18:00')],
    addressLines: ['Kärntner Ring 5–7', '1010 Wien', 'Österreich'],
    ptEnabled: false,
    classes: classPolicy,
    cancellationFlow: 'multi_step',
    publicCancellation: false,
    withdrawalButton: true,
    freezeRequestBeforeFirstOfMonth: true,
    freezeExtendsContract: false,
    freezeOneMonthOrOnceText: false,
    phoneChangeViaSupport: false,
    mobilePrefixWhitelist: [...MARKETS, ...DACH_NEIGHBOURS, '+36', '+386'],
    temporaryPinContactClubManager: false,
    temporaryPinValidity: { days: 21 },
    replacementChipFee: { amount: 1000, currency: 'EUR' },
    forgottenChipSmsFee: { amount: 300, currency: 'EUR' },
    signupFeeOnReturn: null,
    healthInsuranceReimbursement: false,
    referralPromotion: null,
    vatRates: [{ from: '2000-01-01', rate: 20 }],
    freezePolicy: freezePolicy(990),
    cancellationNoticeMonths: 1,
  },
  ch: {
    id: 'ch',
    name: 'Stride Fitness Schweiz AG',
    brand: 'Stride Fitness',
    country: 'CH',
    timezone: 'Europe/Zurich',
    currency: 'CHF',
    locales: ['de-CH', 'fr-CH', 'en-CH'],
    cardProvider: 'verifone',
    paymentMethods: ['card'],
    supportEmail: 'service@ch.stride.example',
    supportPhone: '+41 44 552 18 70',
    supportHours: [weekdays('08:00', '18:00'), saturday('09:00', '13:00')],
    addressLines: ['Bahnhofstrasse 10', '8001 Zürich', 'Schweiz'],
    ptEnabled: true,
    classes: null,
    cancellationFlow: 'email',
    publicCancellation: false,
    withdrawalButton: false,
    freezeRequestBeforeFirstOfMonth: false,
    freezeExtendsContract: false,
    freezeOneMonthOrOnceText: false,
    phoneChangeViaSupport: true,
    mobilePrefixWhitelist: [...MARKETS, ...DACH_NEIGHBOURS],
    temporaryPinContactClubManager: false,
    temporaryPinValidity: { days: 21 },
    replacementChipFee: { amount: 1500, currency: 'CHF' },
    forgottenChipSmsFee: { amount: 300, currency: 'CHF' },
    signupFeeOnReturn: { amount: 6900, currency: 'CHF' },
    healthInsuranceReimbursement: true,
    referralPromotion: null,
    vatRates: [
      { from: '2000-01-01', rate: 7.6 },
      { from: '2011-01-01', rate: 8.0 },
      { from: '2018-01-01', rate: 7.7 },
      { from: '2024-01-01', rate: 8.1 },
    ],
    freezePolicy: freezePolicy(1900),
    cancellationNoticeMonths: 1,
  },
  no: {
    id: 'no',
    name: 'Stride Trening Norge AS',
    brand: 'Stride Trening',
    country: 'NO',
    timezone: 'Europe/Oslo',
    currency: 'NOK',
    locales: ['nb-NO', 'en-NO'],
    cardProvider: 'dibs',
    paymentMethods: ['card'],
    supportEmail: 'medlem@no.stride.example',
    supportPhone: '+47 21 09 38 40',
    supportHours: [weekdays('08:00', '16:00')],
    addressLines: ['Karl Johans gate 16', '0154 Oslo', 'Norge'],
    ptEnabled: true,
    classes: { ...classPolicy, lateCancellationFee: { amount: 5000, currency: 'NOK' } },
    cancellationFlow: 'multi_step',
    publicCancellation: false,
    withdrawalButton: false,
    freezeRequestBeforeFirstOfMonth: false,
    freezeExtendsContract: false,
    freezeOneMonthOrOnceText: false,
    phoneChangeViaSupport: false,
    mobilePrefixWhitelist: [...MARKETS, ...NORDIC_NEIGHBOURS],
    temporaryPinContactClubManager: false,
    temporaryPinValidity: { days: 21 },
    replacementChipFee: { amount: 20000, currency: 'NOK' },
    forgottenChipSmsFee: null,
    signupFeeOnReturn: null,
    healthInsuranceReimbursement: false,
    referralPromotion: 'two_months_half_price',
    vatRates: [{ from: '2000-01-01', rate: 0 }],
    freezePolicy: freezePolicy(9900),
    cancellationNoticeMonths: 1,
  },
  fi: {
    id: 'fi',
    name: 'Stride Kuntokeskukset Oy',
    brand: 'Stride Kunto',
    country: 'FI',
    timezone: 'Europe/Helsinki',
    currency: 'EUR',
    locales: ['fi-FI', 'en-FI'],
    cardProvider: 'dibs',
    paymentMethods: ['card'],
    supportEmail: 'asiakaspalvelu@fi.stride.example',
    supportPhone: '+358 9 4245 1800',
    supportHours: [weekdays('09:00', '17:00')],
    addressLines: ['Mannerheimintie 5', '00100 Helsinki', 'Suomi'],
    ptEnabled: false,
    classes: classPolicy,
    cancellationFlow: 'multi_step',
    publicCancellation: false,
    withdrawalButton: true,
    freezeRequestBeforeFirstOfMonth: false,
    freezeExtendsContract: false,
    freezeOneMonthOrOnceText: false,
    phoneChangeViaSupport: false,
    mobilePrefixWhitelist: [...MARKETS, ...NORDIC_NEIGHBOURS],
    temporaryPinContactClubManager: false,
    temporaryPinValidity: { days: 21 },
    replacementChipFee: null,
    forgottenChipSmsFee: null,
    signupFeeOnReturn: null,
    healthInsuranceReimbursement: false,
    referralPromotion: null,
    // 14 % is Finland's reduced rate for sports services from 2025.
    vatRates: [
      { from: '2000-01-01', rate: 10 },
      { from: '2025-01-01', rate: 14 },
    ],
    freezePolicy: freezePolicy(990),
    cancellationNoticeMonths: 1,
  },
};

export const operatorIds = Object.keys(operatorCatalogue) as OperatorId[];

export function getOperator(id: OperatorId): OperatorSettings {
  return operatorCatalogue[id];
}

export function isOperatorId(value: string): value is OperatorId {
  return Object.hasOwn(operatorCatalogue, value);
}
