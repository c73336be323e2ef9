import { act, render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { setupI18n } from '../test/render.tsx';
import { DemoRoot } from './DemoRoot.tsx';

vi.mock('./state.ts', () => ({
  demoApi: { messages: () => [], reset: vi.fn(), subscribe: () => () => {}, version: () => 0 },
  demoOperator: { get: () => 'fi', set: vi.fn(), subscribe: () => () => {} },
}));
// An extension as D5's card sandbox adds one: a page of another site, at its #/ path.
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
afterEach(() => {
  window.location.hash = '';
});

describe('DemoRoot', () => {
  it("shows the portal of the tab's operator, with the ribbon", async () => {
    render(<DemoRoot />);
    expect(await screen.findByRole('img', { name: 'Stride Kunto' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Demo' })).toBeInTheDocument();
  });

  it('shows an extension page instead of the portal at its path, and the portal again after it', async () => {
    window.location.hash = '#/demo/provider/pay?session=1';
    render(<DemoRoot />);
    expect(await screen.findByRole('heading', { name: 'Provider page' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Demo' })).toBeInTheDocument();
    act(() => {
      window.location.hash = '#/';
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(screen.queryByRole('heading', { name: 'Provider page' })).not.toBeInTheDocument();
  });
});
