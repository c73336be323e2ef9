import type { HomeContent } from '@portal/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../lib/i18n.ts';
import { session } from '../../lib/session.ts';
import { renderMemberPage } from '../../test/memberPage.tsx';
import { setupI18n } from '../../test/render.tsx';
import { ArticleTeasers } from './ArticleTeasers.tsx';
import { HomeHighlights } from './HomeHighlights.tsx';

beforeAll(async () => {
  await setupI18n('en-DE');
});

beforeEach(() => {
  session.signIn('tok');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const CONTENT: HomeContent = {
  highlights: [
    {
      type: 'news',
      title: 'Stride München Schwabing opens on 1 January 2027',
      content: 'Our new club at Leopoldstraße 82 in München opens its doors on 1 January 2027.',
      external_url: 'https://de.stride.example/en/clubs/muenchen-schwabing',
    },
    {
      type: 'opening_hours',
      title: 'Opening hours',
      content: 'All our clubs are open Mon–Fri 06:00–23:00 and Sat–Sun 08:00–22:00.',
      internal_url: '/contact',
    },
    { type: 'tip', title: 'Bring a towel', content: 'Towels are not for hire.' },
  ],
  articles: [
    {
      imageURL: '/content/mobility.svg',
      title: 'Mobility in 10 minutes',
      body: 'Five exercises for your hips, shoulders and back.',
      link: 'https://de.stride.example/en/magazine/mobility-in-10-minutes',
    },
    {
      imageURL: '/content/first-week.svg',
      title: 'Your first week at the club',
      body: 'How to find your way around.',
      link: '/contact',
    },
  ],
};

type Routes = Parameters<typeof renderMemberPage>[1]['routes'];

/** The two parts as home places them, with something between that must survive their failures. */
function renderHome(routes: Routes = { 'GET /api/v1/content': { body: CONTENT } }) {
  return renderMemberPage(
    <>
      <HomeHighlights />
      <p>Workout counter stand-in</p>
      <ArticleTeasers />
    </>,
    { path: '/', routes },
  );
}

const section = (name: string) => screen.getByRole('region', { name });

describe('home highlights', () => {
  it("shows a skeleton while loading, then the highlights in the page's language", async () => {
    const { requests } = renderHome();
    expect(screen.getByRole('status')).toHaveTextContent('Loading news and tips…');
    const highlights = await screen.findByRole('region', { name: 'News for you' });
    const titles = within(highlights).getAllByRole('heading', { level: 3 });
    expect(titles.map((h) => h.textContent?.replace(/\s+/g, ' ').trim())).toEqual([
      'Stride München Schwabing opens on 1 January 2027 (opens in a new tab)',
      'Opening hours',
      'Bring a towel',
    ]);
    expect(within(highlights).getByText('Towels are not for hire.')).toBeInTheDocument();
    expect(requests.find((r) => r.url.startsWith('/api/v1/content'))?.url).toBe(
      '/api/v1/content?locale=en-DE',
    );
  });

  it('opens a portal route in the portal and an https address in a new tab that cannot reach back', async () => {
    renderHome();
    const highlights = await screen.findByRole('region', { name: 'News for you' });
    const external = within(highlights).getByRole('link', { name: /opens on 1 January 2027/ });
    expect(external).toHaveAccessibleName(
      'Stride München Schwabing opens on 1 January 2027 (opens in a new tab)',
    );
    expect(external).toHaveAttribute('href', 'https://de.stride.example/en/clubs/muenchen-schwabing');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    // A highlight without a link is no link.
    expect(within(highlights).queryByRole('link', { name: 'Bring a towel' })).toBeNull();

    const internal = within(highlights).getByRole('link', { name: 'Opening hours' });
    expect(internal).not.toHaveAttribute('target');
    await userEvent.click(internal);
    expect(screen.getByTestId('location')).toHaveTextContent('/contact');
  });

  it('makes no link of an address that is neither a portal route nor https', async () => {
    renderHome({
      'GET /api/v1/content': {
        body: {
          highlights: [
            { type: 'news', title: 'Sneaky', content: 'Click me.', internal_url: 'javascript:alert(1)' },
            { type: 'news', title: 'Elsewhere', content: 'Off site.', internal_url: '//evil.example/x' },
          ],
          articles: [],
        },
      },
    });
    await screen.findByText('Sneaky');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('says in one line that loading failed, keeps the rest of home, and loads again on retry', async () => {
    let calls = 0;
    renderHome({
      'GET /api/v1/content': () =>
        ++calls === 1
          ? { status: 500, body: { status: 500, errors: [{ type: 'internal_error' }] } }
          : { body: CONTENT },
    });
    expect(await screen.findByText('News and tips could not be loaded just now.')).toBeInTheDocument();
    expect(screen.getByText('Workout counter stand-in')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Tips and articles' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'News for you' })).toBeInTheDocument();
    expect(section('Tips and articles')).toBeInTheDocument();
    expect(screen.queryByText('News and tips could not be loaded just now.')).toBeNull();
  });

  it('shows nothing when there is nothing for this member', async () => {
    const { requests } = renderHome({ 'GET /api/v1/content': { body: { highlights: [], articles: [] } } });
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(requests.some((r) => r.url.startsWith('/api/v1/content'))).toBe(true);
    expect(screen.queryByRole('heading', { name: 'News for you' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Tips and articles' })).toBeNull();
    expect(screen.getByText('Workout counter stand-in')).toBeInTheDocument();
  });

  it('loads again in the new language when the member switches', async () => {
    const { requests } = renderHome({
      'GET /api/v1/content': (req) =>
        req.url.endsWith('de-DE')
          ? {
              body: {
                highlights: [{ type: 'opening_hours', title: 'Öffnungszeiten', content: 'Mo–Fr.' }],
                articles: [],
              },
            }
          : { body: CONTENT },
    });
    await screen.findByRole('region', { name: 'News for you' });
    await act(() => changeLocale('de-DE', false));
    try {
      const german = await screen.findByRole('region', { name: 'Aktuelles für Sie' });
      // The heading changes language at once; the German content follows with its answer.
      expect(await within(german).findByRole('heading', { name: 'Öffnungszeiten' })).toBeInTheDocument();
      expect(requests.map((r) => r.url).filter((u) => u.startsWith('/api/v1/content'))).toEqual([
        '/api/v1/content?locale=en-DE',
        '/api/v1/content?locale=de-DE',
      ]);
    } finally {
      await act(() => changeLocale('en-DE', false));
    }
  });
});

describe('article teasers', () => {
  it('shows each teaser with its picture loaded lazily at a fixed size, and its title as the link', async () => {
    const { container } = renderHome();
    const articles = await screen.findByRole('region', { name: 'Tips and articles' });
    const images = [...container.querySelectorAll('img')];
    expect(images.map((img) => img.getAttribute('src'))).toEqual([
      '/content/mobility.svg',
      '/content/first-week.svg',
    ]);
    for (const img of images) {
      expect(img).toHaveAttribute('loading', 'lazy');
      expect(img).toHaveAttribute('decoding', 'async');
      expect(img).toHaveAttribute('width', '640');
      expect(img).toHaveAttribute('height', '360');
      // Decoration: the title says what the picture shows.
      expect(img).toHaveAttribute('alt', '');
    }
    expect(
      within(articles).getByRole('link', { name: 'Mobility in 10 minutes (opens in a new tab)' }),
    ).toHaveAttribute('href', 'https://de.stride.example/en/magazine/mobility-in-10-minutes');
    await userEvent.click(within(articles).getByRole('link', { name: 'Your first week at the club' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/contact');
  });

  it('can be reached and followed with the keyboard', async () => {
    renderHome();
    await screen.findByRole('region', { name: 'Tips and articles' });
    const links = screen.getAllByRole('link');
    for (let k = 0; k < links.length; k++) await userEvent.tab();
    expect(links.at(-1)).toHaveFocus();
    expect(links.at(-1)).toHaveAccessibleName('Your first week at the club');
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/contact');
  });
});
