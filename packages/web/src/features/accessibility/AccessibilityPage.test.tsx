import type { OperatorId } from '@portal/contract';
import { getOperator } from '@portal/domain';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../app/App.tsx';
import { i18n } from '../../lib/i18n.ts';
import { session } from '../../lib/session.ts';
import { fakeFetch } from '../../test/fakeFetch.ts';
import { invoiceFixture, membershipFixture } from '../../test/fixtures.ts';
import { setupI18n, testQueryClient } from '../../test/render.tsx';

beforeAll(async () => {
  await setupI18n('en-DE');
});

beforeEach(async () => {
  session.clear();
  await i18n.changeLanguage('en-DE');
});

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

function start(path: string, operator: OperatorId = 'de') {
  window.history.replaceState(null, '', path);
  return render(<App operator={getOperator(operator)} queryClient={testQueryClient()} />);
}

function signedIn(locale = 'en-DE') {
  session.signIn('tok');
  fakeFetch({
    'GET /api/v2/membership': { body: membershipFixture({ locale }) },
    'GET /api/v1/membership/invoices': { body: [invoiceFixture()] },
  });
}

const footer = () => screen.getByRole('contentinfo');
// The shell is a lazy chunk: its first import in a test file takes longer than a second.
const SHELL_LOAD = { timeout: 10_000 };

describe('footer on every page', () => {
  it('logged out in Germany: "Cancel contracts here" (§ 312k) and the accessibility statement', async () => {
    start('/');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(within(footer()).getByRole('link', { name: 'Cancel contracts here' })).toHaveAttribute(
      'href',
      '/cancel-contract',
    );
    expect(within(footer()).getByRole('link', { name: 'Accessibility' })).toHaveAttribute(
      'href',
      '/accessibility',
    );
  });

  it.each(['at', 'no'] as const)('logged out in %s: only the accessibility statement', async (operator) => {
    start('/password/reset', operator);
    await screen.findByRole('button', { name: 'Send reset link' });
    expect(
      within(footer())
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Accessibility']);
  });

  it('in the shell, in the language of the page', async () => {
    signedIn('de-DE');
    await setupI18n('de-DE');
    start('/membership');
    await screen.findByRole('region', { name: 'Status der Mitgliedschaft' }, SHELL_LOAD);
    expect(
      within(footer())
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Verträge hier kündigen', 'Barrierefreiheit']);
  });
});

describe('accessibility statement', () => {
  it('is public: the standard, the status, how it was checked, known gaps, contact, complaint body, date', async () => {
    start('/accessibility');
    const title = await screen.findByRole('heading', { level: 1, name: 'Accessibility statement' });
    expect(document.title).toBe('Accessibility statement · Stride Fitness');
    const main = screen.getByRole('main');
    expect(
      within(main)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual([
      'The service',
      'Standard',
      'Conformance status',
      'How we checked',
      'Known barriers',
      'Report a barrier',
      'If our answer does not help',
    ]);
    expect(main).toHaveTextContent('WCAG) 2.2 at level AA');
    expect(main).toHaveTextContent('EN 301 549');
    expect(main).toHaveTextContent('partially conformant');
    expect(main).toHaveTextContent('axe-core');
    expect(main).toHaveTextContent('320, 390 and 1280 pixels');
    expect(main).toHaveTextContent('payment provider');
    const email = getOperator('de').supportEmail;
    expect(within(main).getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
    expect(main).toHaveTextContent(/\(MLBF\)/);
    expect(main).toHaveTextContent('without signing in, through “Cancel contracts here”');
    expect(main).toHaveTextContent('This statement was prepared on 27 November 2026.');
    expect(title).toBeInTheDocument();
  });

  // Each market's own law and body; none of another market's (the sources: docs/operators.md).
  const MARKET: Record<OperatorId, [law: string, body: string]> = {
    de: ['BFSG', 'MLBF'],
    at: ['BaFG', 'Sozialministeriumservice'],
    ch: ['BehiG', 'no authority supervises'],
    no: ['likestillings- og diskrimineringsloven', 'Uu-tilsynet'],
    fi: ['laki digitaalisten palvelujen tarjoamisesta', 'Traficom'],
  };
  it.each(Object.keys(MARKET) as OperatorId[])(
    'in %s names its own law and body, no other market’s',
    async (operator) => {
      start('/accessibility', operator);
      await screen.findByRole('heading', { level: 1, name: 'Accessibility statement' });
      const main = screen.getByRole('main');
      const [law, body] = MARKET[operator];
      expect(main).toHaveTextContent(law);
      expect(main).toHaveTextContent(body);
      for (const [other, [otherLaw, otherBody]] of Object.entries(MARKET)) {
        if (other === operator) continue;
        expect(main).not.toHaveTextContent(otherLaw);
        expect(main).not.toHaveTextContent(otherBody);
      }
      expect(main).not.toHaveTextContent('in Germany');
    },
  );

  it('words Switzerland honestly: the BehiG sets no website duties for private firms', async () => {
    start('/accessibility', 'ch');
    const main = await screen.findByRole('main');
    await screen.findByRole('heading', { level: 1, name: 'Accessibility statement' });
    expect(main).toHaveTextContent('Switzerland has not adopted the European Accessibility Act');
    expect(main).toHaveTextContent('sets no technical requirements for their websites');
    expect(main).toHaveTextContent('before a civil court');
  });

  it('names no cancellation without sign-in where it does not apply', async () => {
    start('/accessibility', 'no');
    await screen.findByRole('heading', { level: 1, name: 'Accessibility statement' });
    const main = screen.getByRole('main');
    expect(main).not.toHaveTextContent('Cancel contracts here');
    const email = getOperator('no').supportEmail;
    expect(within(main).getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
  });

  it('is linked from the login footer as a page of its own, which the server sends prerendered', async () => {
    start('/', 'fi');
    expect(await screen.findByRole('link', { name: 'Accessibility' })).toHaveAttribute(
      'href',
      '/accessibility',
    );
    cleanup();
    start('/accessibility', 'fi');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Accessibility statement' }),
    ).toBeInTheDocument();
  });

  it('shows inside the shell for a signed-in member, titled by the top bar', async () => {
    signedIn();
    start('/accessibility');
    await screen.findByRole('region', { name: 'Membership status' }, SHELL_LOAD);
    // The top bar names it as short as the footer link does (a phone has little room there).
    expect(screen.getByRole('heading', { level: 1, name: 'Accessibility' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Known barriers' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(window.location.pathname).toBe('/accessibility');
  });

  it.each([
    ['de-DE', 'Erklärung zur Barrierefreiheit', 'Bekannte Barrieren'],
    ['fr-CH', 'Déclaration d’accessibilité', 'Obstacles connus'],
    ['nb-NO', 'Tilgjengelighetserklæring', 'Kjente barrierer'],
    ['fi-FI', 'Saavutettavuusseloste', 'Tunnetut puutteet'],
  ])('is written in %s', async (locale, title, gaps) => {
    await setupI18n(locale);
    start('/accessibility', 'ch');
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: gaps })).toBeInTheDocument();
  });
});
