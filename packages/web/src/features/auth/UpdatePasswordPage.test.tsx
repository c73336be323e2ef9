import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/fakeFetch.ts';
import { renderWith, setupI18n } from '../../test/render.tsx';
import { UpdatePasswordPage } from './UpdatePasswordPage.tsx';

beforeAll(async () => {
  await setupI18n('en-DE');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const refused = (type: string, context: object = {}) => ({
  status: 422,
  body: { status: 422, errors: [{ type, context }] },
});

function setup(answer: Parameters<typeof fakeFetch>[0][string], route = '/password/update?token=abc') {
  const { requests } = fakeFetch({ 'POST /api/auth/update': answer });
  renderWith(<UpdatePasswordPage />, { route });
  return {
    requests,
    field: () => screen.getByLabelText('New password'),
    save: () => userEvent.click(screen.getByRole('button', { name: 'Save password' })),
  };
}

describe('update password page', () => {
  it('asks for a password, focuses the field and clears the error once the member types', async () => {
    const { requests, field, save } = setup({ status: 204 });
    await save();
    expect(field()).toHaveAccessibleDescription(/^Please enter your password\./);
    expect(field()).toHaveFocus();
    await userEvent.type(field(), 'a');
    expect(field()).toHaveAccessibleDescription(/^Use 12 to 128 characters/);
    expect(requests).toHaveLength(0);
  });

  it('counts code points as the server does: 12 emoji are long enough, 129 characters too long', async () => {
    const { requests, field, save } = setup({ status: 204 });
    await userEvent.type(field(), 'x'.repeat(129));
    await save();
    expect(field()).toHaveAccessibleDescription(/^The password can have at most 128 characters\./);
    expect(requests).toHaveLength(0);
    await userEvent.clear(field());
    await userEvent.type(field(), '🧗'.repeat(12));
    await save();
    expect(await screen.findByText(/Your new password has been saved/)).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toHaveTextContent(/Your new password has been saved/));
    expect(requests[0]!.body).toEqual({ operator_id: 'de', token: 'abc', password: '🧗'.repeat(12) });
  });

  it('shows a refusal of the password rule at the field, with the focus there', async () => {
    const { field, save } = setup(refused('password_breached', { field: 'password' }));
    await userEvent.type(field(), 'password1234');
    await save();
    await waitFor(() => expect(field()).toHaveFocus());
    expect(field()).toHaveAccessibleDescription(/^This password is one of the most common ones/);
    expect(screen.queryByRole('alert')).toBeNull();
    // The server's refusal stays while the member types a new one.
    await userEvent.type(field(), 'x');
    expect(field()).toHaveAccessibleDescription(/^This password is one of the most common ones/);
  });

  it('shows a link that is no longer valid in place of the form', async () => {
    const { field, save } = setup(refused('invalid_reset_token'));
    await userEvent.type(field(), 'climbing wall');
    await save();
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is no longer valid');
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('shows the busy state while the password is saved', async () => {
    let release = () => {};
    const { field, save } = setup(() => ({ status: 204 }));
    vi.mocked(fetch).mockImplementationOnce(
      () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(new Response(null, { status: 204 }));
        }),
    );
    await userEvent.type(field(), 'climbing wall');
    await save();
    expect(screen.getByRole('button', { name: 'Save password' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('Saving…')).toBeInTheDocument();
    release();
    expect(await screen.findByText(/Your new password has been saved/)).toBeInTheDocument();
  });
});
