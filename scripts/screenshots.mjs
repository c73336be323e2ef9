#!/usr/bin/env node
// `npm run screenshots`: the README's screenshots, taken from the running portal so they
// stay current (PNG, reduced to a palette so they stay small). Builds what is out of date,
// starts the portal as `npm start` does (fresh embedded database, fixed PORTAL_CLOCK, its
// own port), and photographs login, home and membership of two operators on a phone
// (390 × 844) and a desktop (1280 × 800) in Debian's Chromium (/usr/bin/chromium, or
// CHROMIUM_PATH) into docs/screenshots/<operator>-<page>-<device>.png.
// Options: SCREENSHOTS_PORT (8198), SCREENSHOTS_OUT (docs/screenshots), SCREENSHOTS_OPERATORS
// ("de,no"), SCREENSHOTS_PAGES ("login,home,membership"; also freeze, payment, referral),
// SCREENSHOTS_PERSONA (active), SCREENSHOTS_WIDTHS ("390,1280"), SCREENSHOTS_FULL=1 (the
// whole page, for a design review), SCREENSHOTS_NO_BUILD=1 (use the web build that is there).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import sharp from 'sharp';
import { startDemoPortal } from './demo-portal.mjs';

const root = new URL('..', import.meta.url).pathname;
const port = Number(process.env.SCREENSHOTS_PORT ?? 8198);
const out = process.env.SCREENSHOTS_OUT ?? join(root, 'docs/screenshots');
const operators = (process.env.SCREENSHOTS_OPERATORS ?? 'de,no').split(',');
const pageNames = (process.env.SCREENSHOTS_PAGES ?? 'login,home,membership').split(',');
const widths = (process.env.SCREENSHOTS_WIDTHS ?? '390,1280').split(',').map(Number);
const fullPage = process.env.SCREENSHOTS_FULL === '1';
// Each operator in its own language (Germany's default locale is English, docs/operators.md), as
// if the member had picked it with the language switcher.
const LOCAL_LANGUAGE = { de: 'de-DE', at: 'de-AT', ch: 'de-CH', no: 'nb-NO', fi: 'fi-FI' };
const persona = process.env.SCREENSHOTS_PERSONA ?? 'active';
const PAGES = {
  login: { path: '/', signedIn: false },
  home: { path: '/', signedIn: true },
  membership: { path: '/membership', signedIn: true },
  freeze: { path: '/membership/freeze', signedIn: true },
  payment: { path: '/payment', signedIn: true },
  referral: { path: '/referral', signedIn: true },
};
/** A phone is 844 px high, anything wider a 800 px high desktop window. */
const viewport = (width) => ({ width, height: width < 600 ? 844 : 800, deviceScaleFactor: 1 });
const device = (width) => (width === 390 ? 'phone' : width === 1280 ? 'desktop' : String(width));

mkdirSync(out, { recursive: true });
const portal = await startDemoPortal({
  port,
  name: 'screenshots',
  buildWeb: process.env.SCREENSHOTS_NO_BUILD !== '1',
});
let browser;
try {
  browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--hide-scrollbars'],
  });
  for (const operator of operators) {
    const origin = `http://${operator}.localhost:${port}`;
    const token = await portal.signIn(persona, operator);
    for (const name of pageNames) {
      const page = PAGES[name];
      if (!page) throw new Error(`unknown page ${name} (known: ${Object.keys(PAGES).join(', ')})`);
      for (const width of widths) {
        const tab = await browser.newPage();
        await tab.setViewport(viewport(width));
        await tab.goto(`${origin}/api/health`);
        await tab.evaluate(
          (value, locale) => {
            localStorage.clear();
            localStorage.setItem('portal.locale', locale);
            if (value) localStorage.setItem('portal.token', value);
          },
          page.signedIn ? token : null,
          LOCAL_LANGUAGE[operator],
        );
        await tab.goto(`${origin}${page.path}`, { waitUntil: 'networkidle0' });
        await tab.evaluate(() => document.fonts.ready);
        // Skeletons gone: the page shows what a member reads.
        await tab
          .waitForFunction(() => !document.querySelector('[aria-busy="true"]'), { timeout: 10_000 })
          .catch(() => {});
        const file = join(out, `${operator}-${name}-${device(width)}.png`);
        // A 256-colour palette: the README's pictures at a fifth of their size, text still crisp.
        const shot = await tab.screenshot({ fullPage });
        await sharp(shot).png({ palette: true, quality: 85, effort: 10, compressionLevel: 9 }).toFile(file);
        console.log(file.replace(`${root}`, ''));
        await tab.close();
      }
    }
  }
} finally {
  await browser?.close();
  portal.stop();
}
