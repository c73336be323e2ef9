import type { Mobile, PhonePrefix } from '@portal/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { operatorCatalogue } from '../src/operators/catalogue.ts';
import {
  canChangeMobile,
  checkMobileNumber,
  checkProfile,
  DEFAULT_MOBILE_LENGTH,
  mobileChanged,
  needsPhoneVerification,
  normalizeEmail,
  normalizeMobileNumber,
  normalizeProfile,
  offeredPrefixes,
  type ProfileInput,
  splitInternational,
  toE164,
} from '../src/profile.ts';

/** Mobile patterns of five markets as the server's list carries them (libphonenumber metadata). */
const real: PhonePrefix[] = [
  {
    prefix: '+49',
    whitelisted: true,
    validator: '1(?:6[023]|7\\d)\\d{7,8}|15(?:[0-25-9]\\d\\d|3(?:10|33)|410)\\d{6}',
    length: 11,
    min_length: 10,
  },
  {
    prefix: '+47',
    whitelisted: true,
    validator: '45(?:[0-24-9]\\d|3[0-57-9])\\d{4}|(?:4[016-8]|9\\d)\\d{6}',
    length: 8,
    min_length: 8,
  },
  { prefix: '+358', whitelisted: true, validator: '(?:4[0-8]|50)\\d{4,8}', length: 10, min_length: 6 },
  { prefix: '+41', whitelisted: true, validator: '(?:6[89]|7[235-9])\\d{7}', length: 9, min_length: 9 },
  { prefix: '+44', whitelisted: false, validator: '7[1-57-9]\\d{8}', length: 10, min_length: 10 },
];

const digits = (min: number, max: number) =>
  fc.array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max }).map((d) => d.join(''));

/** Inserts spaces at random places, as members type numbers ("912 34 567"). */
const withSpaces = (value: string) =>
  fc
    .array(fc.constantFrom(' ', '  ', '\t', ''), { minLength: value.length + 1, maxLength: value.length + 1 })
    .map((gaps) => gaps.map((gap, i) => gap + (value[i] ?? '')).join(''));

/** Prefix entries of every shape: a calling code, a leading digit and a range of lengths. */
const generatedEntry = fc
  .record({
    code: fc.integer({ min: 1, max: 999 }),
    lead: fc.integer({ min: 1, max: 9 }),
    min: fc.integer({ min: 4, max: 12 }),
    extra: fc.integer({ min: 0, max: 3 }),
    whitelisted: fc.boolean(),
  })
  .map(
    ({ code, lead, min, extra, whitelisted }): PhonePrefix => ({
      prefix: `+${code}`,
      whitelisted,
      validator: `${lead}\\d{${min - 1},${min - 1 + extra}}`,
      length: min + extra,
      min_length: min,
    }),
  );

const profile = (overrides: Partial<ProfileInput> = {}): ProfileInput => ({
  email: 'anna@example.com',
  address: { street: 'Hauptstraße 1', postal_code: '10115', postal_location: 'Berlin' },
  mobile: { prefix: '+49', number: '15123456710' },
  ...overrides,
});
const context = (overrides: Partial<Parameters<typeof checkProfile>[1]> = {}) => ({
  prefixes: real,
  requirePhoneVerification: false,
  current: { prefix: '+49', number: '15123456710' },
  phoneChangeViaSupport: false,
  ...overrides,
});

describe('mobile numbers', () => {
  it('accepts real mobile numbers and refuses landlines, with the digit count for the message', () => {
    expect(checkMobileNumber('15123456710', real[0])).toEqual({ valid: true, minLength: 10, maxLength: 11 });
    expect(checkMobileNumber('1701234567', real[0]).valid).toBe(true);
    expect(checkMobileNumber('3012345678', real[0])).toEqual({ valid: false, minLength: 10, maxLength: 11 });
    expect(checkMobileNumber('41234567', real[1]).valid).toBe(true);
    expect(checkMobileNumber('21234567', real[1])).toEqual({ valid: false, minLength: 8, maxLength: 8 });
    expect(checkMobileNumber('791234567', real[3]).valid).toBe(true);
    expect(checkMobileNumber('441234567', real[3]).valid).toBe(false);
  });

  it('treats an unknown prefix or an unusable validator as 7 to 12 digits', () => {
    expect(DEFAULT_MOBILE_LENGTH).toEqual({ min: 7, max: 12 });
    expect(checkMobileNumber('1234567', undefined)).toEqual({ valid: true, minLength: 7, maxLength: 12 });
    expect(checkMobileNumber('123456', undefined).valid).toBe(false);
    expect(checkMobileNumber('1234567890123', undefined).valid).toBe(false);
    const broken = { prefix: '+99', whitelisted: false, validator: '(', length: 9 };
    expect(checkMobileNumber('12345678', broken)).toEqual({ valid: true, minLength: 7, maxLength: 12 });
  });

  it('a number is valid exactly when it has the entry lengths and matches its pattern (property)', () => {
    fc.assert(
      fc.property(generatedEntry, digits(1, 16), (entry, number) => {
        const lead = entry.validator[0];
        const expected =
          number.startsWith(lead!) && number.length >= entry.min_length! && number.length <= entry.length;
        const check = checkMobileNumber(number, entry);
        expect(check.valid).toBe(expected);
        expect([check.minLength, check.maxLength]).toEqual([entry.min_length, entry.length]);
      }),
      { numRuns: 500 },
    );
  });

  it('spaces never change the verdict, anything but digits is never valid (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(generatedEntry, fc.constantFrom(...real), fc.constant(undefined)),
        digits(1, 14).chain((d) => withSpaces(d).map((spaced) => [d, spaced] as const)),
        fc.constantFrom('+', '-', '/', '(', 'a', '٣'),
        (entry, [plain, spaced], junk) => {
          expect(checkMobileNumber(spaced, entry).valid).toBe(checkMobileNumber(plain, entry).valid);
          expect(checkMobileNumber(`${plain}${junk}`, entry).valid).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('unknown prefixes: 7 to 12 digits are valid, others not (property)', () => {
    fc.assert(
      fc.property(digits(1, 20), (number) => {
        expect(checkMobileNumber(number, undefined).valid).toBe(number.length >= 7 && number.length <= 12);
      }),
    );
  });

  it('removes every space from the number and is idempotent (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (raw) => {
        const once = normalizeMobileNumber(raw);
        expect(once).not.toMatch(/\s/);
        expect(normalizeMobileNumber(once)).toBe(once);
        expect(once).toBe(raw.split(/\s/).join(''));
      }),
    );
  });

  it('splits an international number by the prefix list, and joins it back (property)', () => {
    expect(splitInternational('+47 412 34 510', real)).toEqual({ prefix: '+47', number: '41234510' });
    expect(splitInternational('+358401234510', real)).toEqual({ prefix: '+358', number: '401234510' });
    expect(splitInternational('0047412345', real)).toBeNull();
    expect(splitInternational('+99912345', real)).toBeNull();
    fc.assert(
      fc.property(fc.constantFrom(...real), digits(1, 12), (entry, number) => {
        const mobile = { prefix: entry.prefix, number };
        expect(splitInternational(toE164(mobile), real)).toEqual(mobile);
      }),
    );
  });
});

describe('prefixes offered and verification', () => {
  it('offers only whitelisted prefixes (and the current one) where the product verifies numbers', () => {
    const verified = offeredPrefixes(real, { requirePhoneVerification: true, currentPrefix: '+44' });
    expect(verified.map((p) => p.prefix)).toEqual(['+49', '+47', '+358', '+41', '+44']);
    const strict = offeredPrefixes(real, { requirePhoneVerification: true, currentPrefix: '+47' });
    expect(strict.map((p) => p.prefix)).not.toContain('+44');
    expect(offeredPrefixes(real, { requirePhoneVerification: false })).toHaveLength(real.length);
  });

  it('offers a subset that holds every whitelisted prefix (property)', () => {
    fc.assert(
      fc.property(fc.array(generatedEntry, { maxLength: 30 }), fc.boolean(), (list, required) => {
        const offered = offeredPrefixes(list, { requirePhoneVerification: required });
        for (const p of offered) expect(list).toContain(p);
        for (const p of list.filter((e) => e.whitelisted)) expect(offered).toContain(p);
        if (required) expect(offered.every((p) => p.whitelisted)).toBe(true);
        else expect(offered).toHaveLength(list.length);
      }),
    );
  });

  it('asks for an SMS code only when prefix or number changed and the product requires it (property)', () => {
    const mobile = fc.record({ prefix: fc.constantFrom('+47', '+358', '+49'), number: digits(6, 10) });
    fc.assert(
      fc.property(mobile, mobile, fc.boolean(), (current: Mobile, next: Mobile, required) => {
        const changed = current.prefix !== next.prefix || current.number !== next.number;
        expect(mobileChanged(current, next)).toBe(changed);
        expect(needsPhoneVerification(current, next, required)).toBe(required && changed);
      }),
    );
    // Typing the same number with spaces is no change.
    expect(
      mobileChanged({ prefix: '+47', number: '41234510' }, { prefix: '+47 ', number: '412 34 510' }),
    ).toBe(false);
  });

  it('lets the member change the mobile except in the market where support does it', () => {
    expect(canChangeMobile(operatorCatalogue.ch)).toBe(false);
    for (const op of ['de', 'at', 'no', 'fi'] as const)
      expect(canChangeMobile(operatorCatalogue[op])).toBe(true);
  });
});

describe('profile form rules', () => {
  it('accepts a complete profile and normalizes e-mail, texts and number', () => {
    const input = profile({
      email: '  Anna.Schmidt@Example.COM ',
      mobile: { prefix: '+49', number: '151 234 567 10' },
    });
    expect(checkProfile(input, context())).toEqual([]);
    expect(normalizeProfile(input)).toMatchObject({
      email: 'anna.schmidt@example.com',
      mobile: { prefix: '+49', number: '15123456710' },
    });
  });

  it('requires street, postal code, postal location, prefix, number and e-mail', () => {
    const empty = profile({
      email: ' ',
      address: { street: ' ', postal_code: '', postal_location: '' },
      mobile: { prefix: '', number: '  ' },
    });
    expect(checkProfile(empty, context()).map((i) => [i.field, i.type])).toEqual([
      ['email', 'required'],
      ['address.street', 'required'],
      ['address.postal_code', 'required'],
      ['address.postal_location', 'required'],
      ['mobile.prefix', 'required'],
      ['mobile.number', 'required'],
    ]);
  });

  it('refuses an invalid e-mail, over-long texts, a malformed prefix and a landline with its digit count', () => {
    const issues = checkProfile(
      profile({
        email: 'anna@example',
        address: { street: 'x'.repeat(201), postal_code: '10115', postal_location: 'Berlin' },
        mobile: { prefix: '0049', number: '30123' },
      }),
      context(),
    );
    expect(issues).toEqual([
      { field: 'email', type: 'invalid_email' },
      { field: 'address.street', type: 'too_long', maxLength: 200 },
      { field: 'mobile.prefix', type: 'invalid_prefix' },
      { field: 'mobile.number', type: 'invalid_mobile', minLength: 7, maxLength: 12 },
    ]);
    expect(checkProfile(profile({ mobile: { prefix: '+49', number: '3012345678' } }), context())).toEqual([
      { field: 'mobile.number', type: 'invalid_mobile', minLength: 10, maxLength: 11 },
    ]);
  });

  it('where numbers are verified, refuses a prefix that is not whitelisted unless it is on file', () => {
    const uk = profile({ mobile: { prefix: '+44', number: '7123456789' } });
    expect(checkProfile(uk, context({ requirePhoneVerification: true }))).toEqual([
      { field: 'mobile.prefix', type: 'invalid_prefix' },
    ]);
    expect(
      checkProfile(
        uk,
        context({ requirePhoneVerification: true, current: { prefix: '+44', number: '7000000000' } }),
      ),
    ).toEqual([]);
    // Unverified products accept any well-formed prefix; an unknown one has 7 to 12 digits.
    expect(checkProfile(uk, context())).toEqual([]);
    expect(checkProfile(profile({ mobile: { prefix: '+999', number: '1234567' } }), context())).toEqual([]);
  });

  it('skips the mobile where it goes through support (the member cannot fix it there)', () => {
    const input = profile({ mobile: { prefix: '0041', number: '79' } });
    expect(checkProfile(input, context({ phoneChangeViaSupport: true }))).toEqual([]);
  });

  it('lowercases and trims every e-mail, idempotently (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (raw) => {
        const once = normalizeEmail(raw);
        expect(once).toBe(once.toLowerCase());
        expect(once).toBe(once.trim());
        expect(normalizeEmail(once)).toBe(once);
      }),
    );
  });

  it('any real mobile number typed with spaces passes the whole form (property)', () => {
    const samples: Record<string, string[]> = {
      '+49': ['15123456710', '1701234567', '16012345678'],
      '+47': ['41234510', '91234567', '45012345'],
      '+358': ['401234510', '501234567'],
      '+41': ['791234510', '761234567'],
    };
    const pairs = Object.entries(samples).flatMap(([prefix, numbers]) =>
      numbers.map((n) => [prefix, n] as const),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...pairs).chain(([prefix, n]) => withSpaces(n).map((number) => ({ prefix, number }))),
        fc.boolean(),
        (mobile, required) => {
          expect(checkProfile(profile({ mobile }), context({ requirePhoneVerification: required }))).toEqual(
            [],
          );
        },
      ),
    );
  });
});
