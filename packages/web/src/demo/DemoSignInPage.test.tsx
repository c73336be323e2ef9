import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '../lib/session.ts';
import { fakeFetch } from '../test/fakeFetch.ts';
import { renderWith, setupI18n } from '../test/render.tsx';
import { DemoSignInPage } from './DemoSignInPage.tsx';

// Switching operators (theme, language) is the browser tests' (e2e/tests/demo); here: the list and the sign-in.
vi.mock('./chooseOperator.ts', () => ({ chooseOperator: vi.fn(async () => {}) }));

beforeAll(() => setupI18n('en-NO'));
afterEach(() => session.clear());

describe('DemoSignInPage', () => {
  it('lists the operators by country and brand, and every persona with what it shows', () => {
    renderWith(<DemoSignInPage />, { operator: 'no' });
    const operators = screen.getByRole('group', { name: 'Country' });
    expect(within(operators).getAllByRole('radio')).toHaveLength(5);
    expect(within(operators).getByRole('radio', { name: 'Norway' })).toBeChecked();
    expect(within(operators).getByText('Stride Trening')).toBeInTheDocument();
    const members = within(screen.getByRole('list', { name: 'Members' })).getAllByRole('button');
    expect(members).toHaveLength(16);
    expect(members[13]).toHaveTextContent('No freeze leftActiveEvery freeze month of this year used');
  });

  it("signs in as the persona with its demo username and password, and says so when it can't", async () => {
    const user = userEvent.setup();
    const { requests } = fakeFetch({
      'POST /api/auth/authenticate': (request) =>
        (request.body as { username: string }).username === 'in_freeze@no.example'
          ? { body: { token: 'demo-token', expires_at: '2027-01-01T00:00:00Z' } }
          : { status: 401, body: { status: 401, reason: 'password check failed', errors: [] } },
    });
    renderWith(<DemoSignInPage />, { operator: 'no' });

    await user.click(screen.getByRole('button', { name: /^Stopped/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The demo could not sign in this member.');
    expect(session.token).toBeNull();

    await user.click(screen.getByRole('button', { name: /^Frozen/ }));
    await vi.waitFor(() => expect(session.token).toBe('demo-token'));
    expect(requests.at(-1)?.body).toEqual({
      username: 'in_freeze@no.example',
      password: 'demo',
      operator_id: 'no',
    });
  });
});
