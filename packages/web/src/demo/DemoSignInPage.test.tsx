import type { DemoStep } from '@portal/demo';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '../lib/session.ts';
import { fakeFetch } from '../test/fakeFetch.ts';
import { renderWith, setupI18n } from '../test/render.tsx';
import { DemoSignInPage } from './DemoSignInPage.tsx';

// Switching operators (theme, language) is the browser tests' (e2e/tests/demo); here: the list and the sign-in.
vi.mock('./chooseOperator.ts', () => ({ chooseOperator: vi.fn(async () => {}) }));
// The tab's demo without its database (a Worker jsdom has not): only how far its start is.
const database = vi.hoisted(() => {
  let step: DemoStep = 'ready';
  const listeners = new Set<() => void>();
  return {
    at(next: DemoStep) {
      step = next;
      for (const listener of listeners) listener();
    },
    demoApi: {
      step: () => step,
      subscribe(listener: () => void) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
  };
});
vi.mock('./state.ts', () => ({ demoApi: database.demoApi }));

beforeAll(() => setupI18n('en-NO'));
afterEach(() => {
  session.clear();
  database.at('ready');
});

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

  it('shows how far the database’s start is while it is not ready, and nothing once it is', () => {
    database.at('tables');
    renderWith(<DemoSignInPage />, { operator: 'no' });
    const progress = screen.getByRole('progressbar', { name: 'Starting the demo' });
    expect(progress).toHaveAttribute('value', '1');
    expect(progress).toHaveAttribute('max', '3');
    expect(screen.getByRole('status')).toHaveTextContent('Creating the tables…');
    // The members can be picked meanwhile: their sign-in waits for the database.
    expect(within(screen.getByRole('list', { name: 'Members' })).getAllByRole('button')).toHaveLength(16);

    act(() => database.at('members'));
    expect(screen.getByRole('progressbar', { name: 'Starting the demo' })).toHaveAttribute('value', '2');
    expect(screen.getByRole('status')).toHaveTextContent('Adding the sample members…');

    act(() => database.at('ready'));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('shows no progress when the database is ready before the page', () => {
    renderWith(<DemoSignInPage />, { operator: 'no' });
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
