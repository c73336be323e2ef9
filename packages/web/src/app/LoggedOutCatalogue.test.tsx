import { getOperator } from '@portal/domain';
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import english from '../locales/en.json';
import { initI18n } from '../lib/i18n.ts';
import { App } from './App.tsx';

// A key the catalogue part lacks shows as the key itself, e.g. "pages.accessibility" (a
// section, a dot, a lower-case name: a sentence's end before the next text has a capital;
// no word boundary before it, as texts of neighbouring elements run together).
const rawKey = new RegExp(`(?:${Object.keys(english).join('|')})\\.[a-z][a-zA-Z]*`);

beforeAll(async () => {
  // What the login page loads: the signed-out sections of the catalogue only.
  await initI18n('en-DE', undefined, 'public');
});

describe('the signed-out pages with their part of the catalogue', () => {
  for (const [path, heading] of [
    ['/', 'Sign in'],
    ['/password/reset', 'Reset your password'],
    ['/password/update?token=abc', 'Choose a new password'],
    ['/accessibility', 'Accessibility statement'],
  ] as const) {
    it(`shows ${path} with every text translated`, async () => {
      window.history.replaceState(null, '', path);
      render(<App operator={getOperator('de')} />);
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      expect(document.body.textContent?.match(rawKey)?.[0] ?? null).toBeNull();
      for (const element of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
        for (const name of ['aria-label', 'title', 'placeholder']) {
          expect(element.getAttribute(name) ?? '').not.toMatch(rawKey);
        }
      }
    });
  }
});
