import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { operatorIds, WALLET_COLOURS } from '@portal/domain';
import { describe, expect, it } from 'vitest';

/** A custom property's value in an operator's theme.css (public/themes/<op>/theme.css). */
function themeColour(operator: string, property: string): string | undefined {
  const web = join(dirname(fileURLToPath(import.meta.url)), '../..');
  const css = readFileSync(join(web, 'public/themes', operator, 'theme.css'), 'utf8');
  return new RegExp(`${property}:\\s*(#[0-9a-fA-F]{6})\\s*;`).exec(css)?.[1]?.toLowerCase();
}

describe('the wallet pass colours', () => {
  it.each(operatorIds)('%s: are its theme’s brand colours, so the pass looks like its portal', (operator) => {
    expect(WALLET_COLOURS[operator]).toEqual({
      background: themeColour(operator, '--color-brand'),
      foreground: themeColour(operator, '--color-brand-contrast'),
      label: themeColour(operator, '--color-brand-soft'),
    });
  });
});
