import type { OperatorId } from '@portal/contract';
import type { DemoMessage } from '@portal/demo';
import { act, render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { setupI18n } from '../test/render.tsx';
import { DemoRoot } from './DemoRoot.tsx';

// The tab's demo without its database (a Worker jsdom has not): the operator picked and
// the messages the ribbon shows.
const fake = vi.hoisted(() => {
  let operator: OperatorId = 'fi';
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const messages: DemoMessage[] = [
    {
      id: 'message-1',
      channel: 'email',
      to: 'active@fi.example',
      subject: 'Welcome',
      body: 'Welcome to Stride Kunto.',
      createdAt: new Date('2026-03-15T10:00:00Z'),
    },
  ];
  return {
    demoApi: {
      messages: () => messages,
      reset: vi.fn(async () => {}),
      step: () => 'ready' as const,
      subscribe,
      version: () => 0,
    },
    demoOperator: {
      get: () => operator,
      set(next: OperatorId) {
        operator = next;
        for (const listener of listeners) listener();
      },
      subscribe,
    },
  };
});
vi.mock('./state.ts', () => ({ demoApi: fake.demoApi, demoOperator: fake.demoOperator }));
// An extension as the card sandbox adds one: a page of another site, at its #/ path.
vi.mock('./extensions.ts', () => ({
  demoMswHandlers: [],
  demoRoutes: [
    {
      path: '/demo/provider/:step',
      component: lazy(async () => ({ default: () => <h1>Provider page</h1> })),
    },
  ],
}));

beforeAll(() => setupI18n('en-FI'));
// Before the render, not after: a listener of the last test's page may still be there.
beforeEach(() => fake.demoOperator.set('fi'));
afterEach(() => {
  window.location.hash = '';
});

describe('DemoRoot', () => {
  it("shows the portal of the tab's operator, with the ribbon and its messages", async () => {
    render(<DemoRoot />);
    expect(await screen.findByRole('img', { name: 'Stride Kunto' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Demo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Messages 1' })).toBeInTheDocument();
  });

  it('shows the portal of another operator at once when one is picked', async () => {
    render(<DemoRoot />);
    expect(await screen.findByRole('img', { name: 'Stride Kunto' })).toBeInTheDocument();
    act(() => fake.demoOperator.set('no'));
    expect(await screen.findByRole('img', { name: 'Stride Trening' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Stride Kunto' })).not.toBeInTheDocument();
  });

  it('shows an extension page instead of the portal at its path, and the portal again after it', async () => {
    window.location.hash = '#/demo/provider/pay?session=1';
    render(<DemoRoot />);
    expect(await screen.findByRole('heading', { name: 'Provider page' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Demo' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Stride Kunto' })).not.toBeInTheDocument();
    act(() => {
      window.location.hash = '#/';
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(screen.queryByRole('heading', { name: 'Provider page' })).not.toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Stride Kunto' })).toBeInTheDocument();
  });
});
