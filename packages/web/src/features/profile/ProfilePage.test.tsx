import type { Membership, PhonePrefix, Profile } from '@portal/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/queryClient.ts';
import { session } from '../../lib/session.ts';
import { membershipFixture } from '../../test/fixtures.ts';
import { refusal, renderMemberPage } from '../../test/memberPage.tsx';
import { setupI18n } from '../../test/render.tsx';
import { ProfilePage } from './ProfilePage.tsx';

const prefixes: PhonePrefix[] = [
  {
    prefix: '+49',
    whitelisted: true,
    validator: '1(?:6[023]|7\\d)\\d{7,8}|15(?:[0-25-9]\\d\\d|3(?:10|33)|410)\\d{6}',
    length: 11,
    min_length: 10,
    countries: ['DE'],
  },
  {
    prefix: '+47',
    whitelisted: true,
    validator: '45(?:[0-24-9]\\d|3[0-57-9])\\d{4}|(?:4[016-8]|9\\d)\\d{6}',
    length: 8,
    min_length: 8,
    countries: ['NO', 'SJ'],
  },
  { prefix: '+44', whitelisted: false, validator: '7\\d{9}', length: 10, min_length: 10, countries: ['GB'] },
];

const germanProfile: Profile = {
  first_name: 'Anna',
  last_name: 'Schmidt',
  gender: 'female',
  birthdate: '1988-04-12',
  email: 'anna@example.com',
  address: { street: 'Hauptstr. 1', postal_code: '10115', postal_location: 'Berlin', country: 'DE' },
  mobile: { prefix: '+49', number: '15123456710' },
  gdpr_opt_in: false,
};
const norwegianProfile: Profile = {
  ...germanProfile,
  first_name: 'Ingrid',
  last_name: 'Berg',
  address: { street: 'Storgata 1', postal_code: '0155', postal_location: 'Oslo', country: 'NO' },
  mobile: { prefix: '+47', number: '41234510' },
};
const norwegian = membershipFixture({
  profile: norwegianProfile,
  operator: { id: 'no', name: 'Stride Norge AS', country: 'NO', timezone: 'Europe/Oslo', currency: 'NOK' },
  product: {
    presentation: { name: 'Stride', description: '' },
    locations: [],
    schedule: { monthly_fee: 49900, binding_months: 0 },
    require_phone_verification: true,
  },
});

beforeAll(async () => {
  await setupI18n('en-DE');
});
beforeEach(() => session.signIn('tok'));
afterEach(async () => {
  // The screen goes first: a language change under it would render it again after the test.
  cleanup();
  await setupI18n('en-DE');
});

type Options = Partial<Parameters<typeof renderMemberPage>[1]>;
function renderProfile({ routes = {}, ...rest }: Options = {}) {
  return renderMemberPage(<ProfilePage />, {
    path: '/membership/profile',
    membership: membershipFixture({ profile: germanProfile }),
    ...rest,
    routes: {
      'GET /api/v1/prefix/list': { body: prefixes },
      'PATCH /api/v1/membership/profile': (req) => ({ body: savedProfile(req.body) }),
      ...routes,
    },
  });
}
/** What the server answers: the profile with the sent changes. */
function savedProfile(body: unknown, base: Profile = germanProfile): Profile {
  const b = body as { email: string; address: Profile['address']; mobile: Profile['mobile'] };
  return { ...base, email: b.email, address: { ...base.address, ...b.address }, mobile: b.mobile };
}
const field = (name: string) => screen.getByRole('textbox', { name });
const patchBody = (requests: { method: string; url: string; body: unknown }[]) =>
  requests.find((r) => r.method === 'PATCH' && r.url === '/api/v1/membership/profile')?.body;

describe('profile page', () => {
  it('shows name, birthdate and gender as text and the contact details in a form', async () => {
    renderProfile();
    expect(await screen.findByRole('heading', { name: 'Contact details' })).toBeInTheDocument();
    const about = screen.getByRole('region', { name: 'About you' });
    expect(within(about).getByText('Anna Schmidt')).toBeInTheDocument();
    expect(within(about).getByText('12 April 1988')).toBeInTheDocument();
    expect(within(about).getByText('Female')).toBeInTheDocument();
    expect(within(about).queryByRole('textbox')).toBeNull();
    expect(within(about).getByRole('link', { name: 'kundenservice@de.stride.example' })).toHaveAttribute(
      'href',
      'mailto:kundenservice@de.stride.example',
    );
    expect(field('E-mail')).toHaveValue('anna@example.com');
    expect(field('Street and house number')).toHaveValue('Hauptstr. 1');
    expect(screen.getByRole('combobox', { name: 'Country code' })).toHaveValue('+49');
    expect(field('Number')).toHaveValue('15123456710');
    expect(
      screen.getByText('10 to 11 digits, without the country code and without a leading 0.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  });

  it('lowercases the e-mail when the field is left, removes spaces from the number and saves without name, birthdate or gender', async () => {
    const { requests } = renderProfile();
    const email = await screen.findByRole('textbox', { name: 'E-mail' });
    await userEvent.clear(email);
    await userEvent.type(email, ' Anna.Neu@Example.COM ');
    await userEvent.tab();
    expect(email).toHaveValue('anna.neu@example.com');
    const number = field('Number');
    await userEvent.clear(number);
    await userEvent.type(number, '170 123 4567');
    await userEvent.tab();
    expect(number).toHaveValue('1701234567');
    await userEvent.clear(field('Town or city'));
    await userEvent.type(field('Town or city'), 'Hamburg');

    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByRole('heading', { name: 'Your personal information is saved' }),
    ).toBeInTheDocument();
    expect(screen.getByText('We have sent a confirmation to anna.neu@example.com.')).toBeInTheDocument();
    expect(screen.getByText('Your mobile number is now +49 1701234567.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to membership' })).toHaveAttribute('href', '/membership');
    expect(patchBody(requests)).toEqual({
      email: 'anna.neu@example.com',
      address: { street: 'Hauptstr. 1', postal_code: '10115', postal_location: 'Hamburg' },
      mobile: { prefix: '+49', number: '1701234567' },
    });
    // No SMS step where the product does not verify numbers.
    expect(requests.some((r) => r.url.endsWith('/phone_verify'))).toBe(false);
  });

  it('names every required field and explains a number that is not a mobile number', async () => {
    const { requests } = renderProfile();
    await userEvent.clear(await screen.findByRole('textbox', { name: 'Street and house number' }));
    await userEvent.clear(field('E-mail'));
    const number = field('Number');
    await userEvent.clear(number);
    await userEvent.type(number, '30123456');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(field('Street and house number')).toHaveAccessibleDescription('Please fill in this field.');
    expect(field('E-mail')).toHaveAccessibleDescription('Please fill in this field.');
    expect(number).toHaveAccessibleDescription(
      expect.stringContaining('The number must have 10 to 11 digits and be a valid mobile number.'),
    );
    expect(patchBody(requests)).toBeUndefined();
  });

  it('asks a member whose mobile on file is invalid to correct it', async () => {
    renderProfile({
      membership: membershipFixture({
        profile: { ...germanProfile, mobile: { prefix: '0049', number: '15123456710' } },
      }),
    });
    expect(
      await screen.findByText(
        'The mobile number we have on file is not valid. Please correct it and save your details.',
      ),
    ).toBeInTheDocument();
    const prefix = screen.getByRole('combobox', { name: 'Country code' });
    expect(prefix).toHaveValue('');
    await waitFor(() => expect(prefix).toHaveAccessibleDescription('Please fill in this field.'));
  });

  it('shows a loading state, then an error with retry when the prefixes do not load', async () => {
    renderProfile({
      routes: { 'GET /api/v1/prefix/list': { status: 500, body: { status: 500, errors: [] } } },
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading your personal information…');
    expect(await screen.findByRole('alert')).toHaveTextContent('This page could not be loaded');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('reloads the membership after saving', async () => {
    const { requests } = renderProfile({ queryClient: createQueryClient() });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Street and house number' }), 'a');
    const before = requests.filter((r) => r.url.startsWith('/api/v2/membership')).length;
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByRole('heading', { name: 'Your personal information is saved' });
    await waitFor(() =>
      expect(requests.filter((r) => r.url.startsWith('/api/v2/membership')).length).toBeGreaterThan(before),
    );
  });
});

describe('changing a verified mobile number', () => {
  const sent = { body: { code: '', code_expiry: '2026-11-22T10:00:00Z' } };
  const renderNorway = (routes: Options['routes'] = {}) =>
    renderProfile({
      operator: 'no',
      membership: norwegian,
      routes: {
        'POST /api/v1/membership/phone_verify': sent,
        'PATCH /api/v1/membership/profile': (req) => ({ body: savedProfile(req.body, norwegianProfile) }),
        ...routes,
      },
    });
  async function changeNumber(number = '41299001') {
    const input = await screen.findByRole('textbox', { name: 'Number' });
    await userEvent.clear(input);
    await userEvent.type(input, number);
    await userEvent.click(screen.getByRole('button', { name: 'Send code by SMS' }));
    return screen.findByRole('heading', { name: 'Confirm your new mobile number' });
  }

  it('offers only whitelisted prefixes, sorted by country', async () => {
    renderNorway();
    const select = await screen.findByRole('combobox', { name: 'Country code' });
    const options = within(select)
      .getAllByRole('option')
      .filter((o) => !(o as HTMLOptionElement).disabled)
      .map((o) => o.textContent);
    expect(options).toEqual(['Germany (+49)', 'Norway (+47)']);
  });

  it('sends a code, then saves the new number with the code typed in', async () => {
    const { requests } = renderNorway();
    expect(screen.queryByText(/We will send a code by SMS/)).toBeNull();
    const heading = await changeNumber();
    await waitFor(() => expect(heading).toHaveFocus());
    expect(requests.find((r) => r.url.endsWith('/phone_verify'))?.body).toEqual({
      domain: 'localhost',
      mobile: '+4741299001',
    });
    expect(screen.getByText('We have sent a six-digit code by SMS to +47 41299001.')).toBeInTheDocument();
    expect(screen.getByText('The code is valid until 22 November 2026 at 11:00.')).toBeInTheDocument();
    expect(
      screen.getByText('No SMS? You can ask for a new code. We send at most 3 codes an hour to one number.'),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Confirm and save' }));
    expect(field('Verification code')).toHaveAccessibleDescription(
      'Please enter the six digits from the SMS.',
    );
    await userEvent.type(field('Verification code'), '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm and save' }));
    expect(await screen.findByText('Your new mobile number +47 41299001 is confirmed.')).toBeInTheDocument();
    expect(patchBody(requests)).toMatchObject({
      mobile: { prefix: '+47', number: '41299001' },
      verification_code: '123456',
    });
  });

  it('shows a wrong and an expired code at the code field, keeping the step, and a new code clears it', async () => {
    let answer = refusal('invalid_verification_code', { attempts_left: 4 });
    renderNorway({ 'PATCH /api/v1/membership/profile': () => answer });
    await changeNumber();
    await userEvent.type(field('Verification code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm and save' }));
    await waitFor(() =>
      expect(field('Verification code')).toHaveAccessibleDescription(
        'Invalid verification code. You have 4 more tries.',
      ),
    );
    // The step stays, the member is back in the field; no error page.
    expect(field('Verification code')).toHaveFocus();
    expect(field('Verification code')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('heading', { name: 'Confirm your new mobile number' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Back to membership' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();

    answer = refusal('verification_code_expired');
    await userEvent.clear(field('Verification code'));
    await userEvent.type(field('Verification code'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm and save' }));
    await waitFor(() =>
      expect(field('Verification code')).toHaveAccessibleDescription(
        'The verification code is expired. Please request a new code.',
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(
      await screen.findByText('We have sent you a new code. Only the newest code is valid.'),
    ).toBeInTheDocument();
    expect(field('Verification code')).not.toHaveAttribute('aria-invalid');
  });

  it('sends a new code, and explains the limit when it is reached', async () => {
    let answer: { status?: number; body: unknown } = sent;
    const { requests } = renderNorway({ 'POST /api/v1/membership/phone_verify': () => answer });
    await changeNumber();
    await userEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(
      await screen.findByText('We have sent you a new code. Only the newest code is valid.'),
    ).toBeInTheDocument();
    answer = {
      status: 429,
      body: { status: 429, errors: [{ type: 'rate_limited', context: { retry_after: 2500 } }] },
    };
    await userEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(
      await screen.findByText('You have asked for too many codes. Please try again in 42 minutes.'),
    ).toBeInTheDocument();
    expect(requests.filter((r) => r.url.endsWith('/phone_verify'))).toHaveLength(3);
    // Back to the form, with what was typed.
    await userEvent.click(screen.getByRole('button', { name: 'Change details' }));
    expect(field('Number')).toHaveValue('41299001');
  });
});

describe('where support changes the mobile', () => {
  const swiss: Membership = membershipFixture({
    profile: { ...germanProfile, mobile: { prefix: '+41', number: '791234510' } },
    operator: {
      id: 'ch',
      name: 'Stride Schweiz AG',
      country: 'CH',
      timezone: 'Europe/Zurich',
      currency: 'CHF',
    },
  });

  it('shows the number as text with the support address, and saves the rest unchanged', async () => {
    const { requests } = renderProfile({ operator: 'ch', membership: swiss });
    expect(await screen.findByText('+41 79 123 45 10')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Country code' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Number' })).toBeNull();
    const contact = screen.getByRole('region', { name: 'Contact details' });
    expect(
      within(contact).getByText(/Only our support team can change your mobile number/),
    ).toBeInTheDocument();
    expect(within(contact).getByRole('link', { name: 'service@ch.stride.example' })).toHaveAttribute(
      'href',
      'mailto:service@ch.stride.example',
    );
    expect(requests.some((r) => r.url.startsWith('/api/v1/prefix/list'))).toBe(false);
    await userEvent.type(field('Street and house number'), 'a');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByRole('heading', { name: 'Your personal information is saved' });
    expect(patchBody(requests)).toMatchObject({ mobile: { prefix: '+41', number: '791234510' } });
  });

  it('speaks German to a Swiss member', async () => {
    await setupI18n('de-CH');
    renderProfile({ operator: 'ch', membership: swiss, locale: 'de-CH' });
    expect(await screen.findByRole('heading', { name: 'Kontaktdaten' })).toBeInTheDocument();
    expect(screen.getByText(/Ihre Mobilnummer kann nur unser Kundenservice ändern/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Strasse und Hausnummer' })).toBeInTheDocument(); // de-CH writes ss
    expect(screen.getByText('weiblich')).toBeInTheDocument();
  });
});
