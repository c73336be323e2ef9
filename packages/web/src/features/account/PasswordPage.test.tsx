import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../lib/session.ts';
import { refusal, renderMemberPage } from '../../test/memberPage.tsx';
import { setupI18n } from '../../test/render.tsx';
import { PasswordPage } from './PasswordPage.tsx';

beforeAll(async () => {
  await setupI18n('en-DE');
});

beforeEach(() => {
  session.signIn('tok');
});

type Answer = { status: number; body?: unknown };
const renderPassword = (answer: Answer = { status: 204 }) =>
  renderMemberPage(<PasswordPage />, {
    path: '/membership/password',
    routes: { 'POST /api/v1/membership/password': answer },
  });

const current = () => screen.getByLabelText('Current password');
const next = () => screen.getByLabelText('New password');
const confirm = () => screen.getByLabelText('Repeat new password');
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Save new password' }));

async function fill(currentPassword: string, newPassword: string, repeat = newPassword) {
  if (currentPassword) await userEvent.type(current(), currentPassword);
  if (newPassword) await userEvent.type(next(), newPassword);
  if (repeat) await userEvent.type(confirm(), repeat);
}

describe('create-new-password page', () => {
  it('checks the fields before sending anything', async () => {
    const { requests } = renderPassword();
    await submit();
    expect(current()).toHaveAccessibleDescription('Please enter your current password.');
    expect(next()).toHaveAccessibleDescription(/The new password must have at least 12 characters\./);
    expect(confirm()).toHaveAccessibleDescription('Please repeat the new password.');
    expect(current()).toHaveFocus();

    await fill('same-old-password', 'same-old-password');
    await submit();
    expect(next()).toHaveAccessibleDescription(/The new password must be different from your current one\./);
    await userEvent.clear(next());
    await userEvent.type(next(), 'a-new-one-here');
    await submit();
    expect(confirm()).toHaveAccessibleDescription('The passwords do not match.');
    expect(requests.some((r) => r.url === '/api/v1/membership/password')).toBe(false);
  });

  it('hints at the strength as the member types', async () => {
    renderPassword();
    expect(screen.getByText('Password strength: enter a new password')).toBeInTheDocument();
    await userEvent.type(next(), 'abc');
    expect(screen.getByText('Password strength: weak')).toBeInTheDocument();
    await userEvent.type(next(), 'def-GHI-jkl-mno');
    expect(screen.getByText('Password strength: strong')).toBeInTheDocument();
  });

  it('sends the current and the new password and shows the success page', async () => {
    const { requests } = renderPassword();
    await fill('demo', 'a-new-secret-2026');
    await submit();
    expect(await screen.findByRole('heading', { name: 'Your new password is saved' })).toBeInTheDocument();
    expect(screen.getByText(/signed out on your other devices/)).toBeInTheDocument();
    expect(requests.find((r) => r.url === '/api/v1/membership/password')?.body).toEqual({
      current_password: 'demo',
      new_password: 'a-new-secret-2026',
    });
  });

  it('shows a wrong current password at its field and keeps the form', async () => {
    renderPassword(refusal('invalid_current_password', { field: 'current_password' }, 'Falsch.'));
    await fill('wrong', 'a-new-secret-2026');
    await submit();
    expect(await screen.findByText('Your current password is not correct.')).toBeInTheDocument();
    expect(current()).toHaveAccessibleDescription('Your current password is not correct.');
    expect(current()).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Save new password' })).toBeInTheDocument();
  });

  it('tells the member how long to wait after too many wrong tries', async () => {
    renderPassword({
      status: 429,
      body: { status: 429, errors: [{ type: 'rate_limited', context: { retry_after: 540 } }] },
    });
    await fill('wrong', 'a-new-secret-2026');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many wrong attempts. Please try again in 9 minutes.',
    );
  });

  it('shows a refused breached password at the new password, as the server said it', async () => {
    renderPassword(refusal('password_breached', { field: 'new_password' }, 'Zu häufig.'));
    await fill('demo', 'Password1234');
    await submit();
    expect(await screen.findByText(/one of the most common ones/)).toBeInTheDocument();
    expect(next()).toHaveAccessibleDescription(
      /one of the most common ones and appears in known data breaches/,
    );
    expect(next()).toHaveFocus();
  });

  it('counts characters, not UTF-16 units: 11 emoji are too short, 12 are enough', async () => {
    const { requests } = renderPassword();
    await fill('demo', '🏋'.repeat(11));
    await submit();
    expect(next()).toHaveAccessibleDescription(/at least 12 characters/);
    await userEvent.type(next(), '🏋');
    await userEvent.type(confirm(), '🏋');
    await submit();
    expect(await screen.findByRole('heading', { name: 'Your new password is saved' })).toBeInTheDocument();
    expect(requests.find((r) => r.url === '/api/v1/membership/password')).toBeTruthy();
  });

  it('shows the error page for anything else', async () => {
    renderPassword({ status: 500, body: { status: 500, errors: [] } });
    await fill('demo', 'a-new-secret-2026');
    await submit();
    expect(await screen.findByRole('heading', { name: 'That did not work' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to membership' })).toBeInTheDocument();
  });
});
