import { describe, expect, it } from 'vitest';
import { applyTheme, preloadImage } from './theme.ts';

const links = (doc: Document, selector: string) => [...doc.querySelectorAll<HTMLLinkElement>(selector)];

describe('applyTheme', () => {
  it("adds the operator's theme and body font preload where the page has none (the Vite dev server)", async () => {
    const doc = document.implementation.createHTMLDocument('');
    await applyTheme('no', doc, 10);
    expect(links(doc, 'link[rel="stylesheet"]').map((l) => l.getAttribute('href'))).toEqual([
      '/themes/no/theme.css',
    ]);
    const preload = links(doc, 'link[rel="preload"]');
    expect(preload.map((l) => [l.getAttribute('href'), l.as, l.crossOrigin])).toEqual([
      ['/themes/no/fonts/body-latin.woff2', 'font', 'anonymous'],
    ]);
  });

  it('reuses the theme and preload the server put into index.html instead of loading them twice', async () => {
    const doc = document.implementation.createHTMLDocument('');
    doc.head.innerHTML =
      '<link rel="preload" href="/themes/fi/fonts/body-latin.woff2" as="font" type="font/woff2" crossorigin>' +
      '<link id="portal-theme" rel="stylesheet" href="/themes/fi/theme.css">';
    await applyTheme('fi', doc, 10);
    expect(links(doc, 'link[rel="stylesheet"]')).toHaveLength(1);
    expect(links(doc, 'link[rel="preload"]')).toHaveLength(1);
    expect(doc.documentElement.dataset.operator).toBe('fi');
  });
});

describe('preloadImage', () => {
  it('asks for a picture before the page that shows it renders', () => {
    const doc = document.implementation.createHTMLDocument('');
    preloadImage('/themes/de/home.svg', doc);
    expect(links(doc, 'link[rel="preload"]').map((l) => [l.getAttribute('href'), l.as])).toEqual([
      ['/themes/de/home.svg', 'image'],
    ]);
  });
});
