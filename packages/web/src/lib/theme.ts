import type { OperatorId } from '@portal/contract';

/**
 * A file of public/ (or the build) by its path from the web app's root: `/themes/…` in
 * the portal, `./themes/…` in the demo build, which runs under any path (docs/demo.md).
 */
export function publicUrl(path: string): string {
  return `${import.meta.env.BASE_URL}${path.replace(/^\//, '')}`;
}

export function themeUrl(operator: OperatorId): string {
  return publicUrl(`/themes/${operator}/theme.css`);
}

export function logoUrl(operator: OperatorId): string {
  return publicUrl(`/themes/${operator}/logo.svg`);
}

/** The operator's drawn pictures (scripts/illustrations.mjs): login hero, home welcome, empty lists. */
export function illustrationUrl(operator: OperatorId, name: 'hero' | 'home' | 'empty'): string {
  return publicUrl(`/themes/${operator}/${name}.svg`);
}

/**
 * Starts fetching a picture the page will show once its data is in (home's hero drawing, its
 * largest paint): it then paints with the page instead of being asked for only after it.
 */
export function preloadImage(url: string, doc: Document = document): void {
  const link = doc.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = url;
  doc.head.appendChild(link);
}

/** The operator's body font (latin subset), named by vite/operator-fonts.ts. */
export function bodyFontUrl(operator: OperatorId): string {
  return publicUrl(`/themes/${operator}/fonts/body-latin.woff2`);
}

/**
 * Loads the operator's colour tokens, type pairing and icon. Resolves once the stylesheet is in (or
 * failed, or after a short wait), so the first paint already has the brand colours.
 */
export function applyTheme(operator: OperatorId, doc: Document = document, waitMs = 1500): Promise<void> {
  doc.documentElement.dataset.operator = operator;
  // The server puts the theme and the font preload into index.html (plugins/web.ts); the
  // Vite dev server does not, so they are added here when missing.
  const existing = doc.getElementById('portal-theme') as HTMLLinkElement | null;
  if (!doc.querySelector(`link[rel="preload"][href="${bodyFontUrl(operator)}"]`)) {
    // The body font is fetched beside theme.css instead of after it: text swaps to it sooner
    // (font-display: swap keeps it from blocking the first paint). Only this operator's font.
    const preload = doc.createElement('link');
    preload.rel = 'preload';
    preload.as = 'font';
    preload.type = 'font/woff2';
    preload.crossOrigin = 'anonymous';
    preload.href = bodyFontUrl(operator);
    doc.head.appendChild(preload);
  }

  const icon = doc.createElement('link');
  icon.rel = 'icon';
  icon.type = 'image/svg+xml';
  icon.href = logoUrl(operator);
  doc.head.appendChild(icon);

  return new Promise((resolve) => {
    const done = () => resolve();
    if (existing?.getAttribute('href') === themeUrl(operator)) {
      // In the page's head: already applied (sheet), or still on its way.
      if (existing.sheet) return done();
      existing.addEventListener('load', done, { once: true });
      existing.addEventListener('error', done, { once: true });
      setTimeout(done, waitMs);
      return;
    }
    const stylesheet = existing ?? doc.createElement('link');
    stylesheet.id = 'portal-theme';
    stylesheet.rel = 'stylesheet';
    stylesheet.addEventListener('load', done, { once: true });
    stylesheet.addEventListener('error', done, { once: true });
    setTimeout(done, waitMs);
    stylesheet.href = themeUrl(operator);
    if (!existing) doc.head.appendChild(stylesheet);
  });
}
