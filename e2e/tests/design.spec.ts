import { expect, type Page, test } from '@playwright/test';
import { origin, signIn, useEnglish } from './support.ts';

/** The focus ring of the element that has focus: style, width and its contrast to the page. */
async function focusRing(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    const rgb = (value: string) => (value.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const f = (c: number) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    // The ring lies (offset) on what is behind the control: the nearest opaque background.
    let behind: Element | null = el.parentElement;
    let background = 'rgb(255, 255, 255)';
    while (behind) {
      const colour = getComputedStyle(behind).backgroundColor;
      if (colour !== 'rgba(0, 0, 0, 0)' && colour !== 'transparent') {
        background = colour;
        break;
      }
      behind = behind.parentElement;
    }
    const [a, b] = [luminance(rgb(style.outlineColor)), luminance(rgb(background))];
    return {
      tag: el.tagName.toLowerCase(),
      style: style.outlineStyle,
      width: Number.parseFloat(style.outlineWidth),
      contrast: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05),
    };
  });
}

test.describe('design system', () => {
  test('every control a keyboard reaches on the login shows a solid ring of at least 2 px at 3:1, the select included', async ({
    page,
  }) => {
    for (const operator of ['de', 'at', 'ch', 'no', 'fi']) {
      await page.goto(`${origin(operator)}/`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Tab only once the page has settled: a login that is still loading its catalogue moves
      // focus to its heading when it renders again (AuthCard), which no key press reached.
      await page.waitForLoadState('networkidle');
      const seen = new Set<string>();
      // Skip link, language select, username, password, sign-in button, the links …
      for (let i = 0; i < 6; i++) {
        await page.keyboard.press('Tab');
        const ring = await focusRing(page);
        seen.add(ring.tag);
        expect(ring.style, `${operator}: focused ${ring.tag}`).toBe('solid');
        expect(ring.width, `${operator}: focused ${ring.tag}`).toBeGreaterThanOrEqual(2);
        expect(ring.contrast, `${operator}: focused ${ring.tag}`).toBeGreaterThanOrEqual(3);
      }
      expect([...seen]).toEqual(expect.arrayContaining(['select', 'input', 'button']));
    }
  });

  test("an operator's page loads its own fonts from the portal and no other", async ({ page }) => {
    const fonts: string[] = [];
    const foreign: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (!url.hostname.endsWith('localhost')) foreign.push(url.href);
      if (url.pathname.includes('/fonts/')) fonts.push(url.pathname);
    });
    await page.goto(`${origin('no')}/`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => document.fonts.check('16px Figtree'))).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"?Figtree/);
    expect(fonts).toContain('/themes/no/fonts/body-latin.woff2');
    expect(fonts.every((path) => path.startsWith('/themes/no/fonts/'))).toBe(true);
    expect(foreign).toEqual([]);
  });

  test('login and home show the brand drawings: sized, the login one described, the home one decorative', async ({
    page,
  }) => {
    await useEnglish(page, 'de');
    const hero = page.getByRole('img', { name: 'Illustration of a runner in full stride' });
    await expect(hero).toBeVisible();
    await expect(hero).toHaveAttribute('src', '/themes/de/hero.svg');
    await expect(hero).toHaveAttribute('width', '800');
    await signIn(page, 'de', 'active');
    const welcome = page.locator('img[src="/themes/de/home.svg"]');
    await expect(welcome).toBeVisible();
    await expect(welcome).toHaveAttribute('alt', '');
    // The file is there and draws (an <img> of a missing file keeps its box but has no natural size).
    await expect.poll(() => welcome.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });

  test('with reduced motion asked for, buttons do not animate', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`${origin('de')}/`);
    const button = page.locator('button[type="submit"]');
    const duration = await button.evaluate((el) => getComputedStyle(el).transitionDuration);
    expect(duration.split(',').every((d) => Number.parseFloat(d) < 0.001)).toBe(true);
  });
});
