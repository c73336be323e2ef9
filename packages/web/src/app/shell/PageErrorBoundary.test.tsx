import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../lib/membership.ts';
import { fakeFetch } from '../../test/fakeFetch.ts';
import { invoiceFixture, membershipFixture } from '../../test/fixtures.ts';
import { renderWith, setupI18n, testQueryClient } from '../../test/render.tsx';
import { Route, Routes } from 'react-router';
import { lazyPage } from './lazyPage.tsx';
import { Shell } from './Shell.tsx';

beforeAll(async () => {
  await setupI18n('en-DE');
});

function ContactStandIn() {
  return <h2>Contact stand-in</h2>;
}

describe('a page whose chunk does not arrive', () => {
  it('keeps the shell, shows the error in the page area and loads the page on retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // The server is gone for the first download, back for the second.
    let serverUp = false;
    const load = vi.fn(async () => {
      if (!serverUp) throw new TypeError('Failed to fetch dynamically imported module: /assets/Contact.js');
      return { ContactStandIn };
    });
    const Page = lazyPage(load, 'ContactStandIn');
    const membership = membershipFixture();
    const queryClient = testQueryClient();
    queryClient.setQueryData(queryKeys.membership('en-DE'), membership);
    fakeFetch({
      'GET /api/v2/membership': { body: membership },
      'GET /api/v1/membership/invoices': { body: [invoiceFixture()] },
      'POST /api/v1/membership/event': { status: 204 },
    });
    renderWith(
      <Routes>
        <Route element={<Shell />}>
          <Route path="contact" element={<Page />} />
        </Route>
      </Routes>,
      { route: '/contact', queryClient },
    );

    const main = screen.getByRole('main');
    const alert = await within(main).findByRole('alert');
    expect(alert).toHaveTextContent('This page could not be loaded');
    expect(alert).toHaveTextContent(
      'We could not reach the server. Please check your connection and try again.',
    );
    // The top bar and the menu are still there.
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: /main menu|menu/i })).toBeInTheDocument();

    serverUp = true;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(main).findByRole('heading', { name: 'Contact stand-in' })).toBeInTheDocument();
    await waitFor(() => expect(within(main).queryByRole('alert')).toBeNull());
    expect(load).toHaveBeenCalledTimes(2);
  });
});
