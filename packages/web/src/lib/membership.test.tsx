import { act, cleanup, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { membershipFixture } from '../test/fixtures.ts';
import { renderWith, setupI18n, testQueryClient } from '../test/render.tsx';
import { changeLocale } from './i18n.ts';
import { queryKeys, useLoadedMembership } from './membership.ts';

function MemberName() {
  const membership = useLoadedMembership();
  return <p>{membership.profile.first_name}</p>;
}

/** A page the member opens while the membership of the new language is still loading. */
function LaterPage() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      {open && <MemberName />}
    </>
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
  // The screen goes first: a language change under it would render it again after the test.
  cleanup();
  await setupI18n('en-DE');
});

describe('the membership during a language change', () => {
  it('a page opened before the new language has loaded shows the membership it has', async () => {
    await setupI18n('en-DE');
    const queryClient = testQueryClient();
    queryClient.setQueryData(queryKeys.membership('en-DE'), membershipFixture());
    // The membership in German never arrives during this test.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    renderWith(<LaterPage />, { queryClient });
    await act(() => changeLocale('de-DE', false));
    act(() => screen.getByRole('button', { name: 'open' }).click());
    expect(screen.getByText('Anna')).toBeInTheDocument();
  });
});
