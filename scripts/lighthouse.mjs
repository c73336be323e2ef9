#!/usr/bin/env node
// `npm run lighthouse`: Lighthouse's mobile performance score of the login, home, membership
// and payment pages, in Debian's Chromium (/usr/bin/chromium, or CHROMIUM_PATH) against the
// portal built where out of date and started as `npm start` does, on a fresh embedded
// database at a fixed clock. The signed-in pages get a demo member's session the way the app keeps it
// (localStorage), signed in through the API. A measurement, not a test: it prints the scores
// and their main metrics; docs/performance.md keeps them. Options: LIGHTHOUSE_PORT,
// LIGHTHOUSE_OPERATOR (de), LIGHTHOUSE_PERSONA (active), LIGHTHOUSE_RUNS (5; the median is kept,
// and the lowest and highest score are shown: single runs scatter by several points),
// LIGHTHOUSE_REPORTS (a folder for each run's full JSON report), LIGHTHOUSE_PAGES (e.g.
// "home,payment").
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { startDemoPortal } from './demo-portal.mjs';

const port = Number(process.env.LIGHTHOUSE_PORT ?? 8197);
const operator = process.env.LIGHTHOUSE_OPERATOR ?? 'de';
const persona = process.env.LIGHTHOUSE_PERSONA ?? 'active';
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const reports = process.env.LIGHTHOUSE_REPORTS;
if (reports) mkdirSync(reports, { recursive: true });
const origin = `http://${operator}.localhost:${port}`;
const allPages = [
  { name: 'login', path: '/', signedIn: false },
  { name: 'home', path: '/', signedIn: true },
  { name: 'membership', path: '/membership', signedIn: true },
  { name: 'payment', path: '/payment', signedIn: true },
];

const only = process.env.LIGHTHOUSE_PAGES?.split(',');
const pages = only ? allPages.filter((page) => only.includes(page.name)) : allPages;

const portal = await startDemoPortal({ port, name: 'lighthouse' });
let chrome;
try {
  const token = await portal.signIn(persona, operator);
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const results = [];
  for (const page of pages) {
    const scores = [];
    for (let run = 0; run < runs; run++) {
      // Lighthouse now and then loses its trace on a busy machine (NO_NAVSTART): run again.
      let result;
      for (let attempt = 0; attempt < 3; attempt++) {
        await setSession(browser, page.signedIn ? token : null);
        result = await lighthouse(`${origin}${page.path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          disableStorageReset: true,
        });
        if (!result.lhr.runtimeError) break;
        console.log(`${page.name}: ${result.lhr.runtimeError.code}, again`);
      }
      scores.push(summary(result.lhr));
      if (reports) writeFileSync(join(reports, `${page.name}-${run + 1}.json`), String(result.report));
    }
    scores.sort((a, b) => a.score - b.score);
    const range = `${scores[0].score}–${scores[scores.length - 1].score}`;
    results.push({ name: page.name, ...scores[Math.floor(scores.length / 2)], range });
  }
  await browser.disconnect();
  console.log(
    `\nLighthouse ${results[0]?.version} mobile performance (${origin}, median of ${runs} run(s)):`,
  );
  console.log(
    `${'page'.padEnd(12)}${'score'.padStart(6)}${'runs'.padStart(9)}${'FCP s'.padStart(8)}${'LCP s'.padStart(8)}${'TBT ms'.padStart(8)}${'CLS'.padStart(7)}${'SI s'.padStart(7)}`,
  );
  for (const r of results) {
    console.log(
      `${r.name.padEnd(12)}${String(r.score).padStart(6)}${r.range.padStart(9)}${r.fcp.padStart(8)}${r.lcp.padStart(8)}${r.tbt.padStart(8)}${r.cls.padStart(7)}${r.si.padStart(7)}`,
    );
  }
} finally {
  await chrome?.kill();
  portal.stop();
}

function summary(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    version: lhr.lighthouseVersion,
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcp: (audit('first-contentful-paint') / 1000).toFixed(1),
    lcp: (audit('largest-contentful-paint') / 1000).toFixed(1),
    tbt: audit('total-blocking-time').toFixed(0),
    cls: audit('cumulative-layout-shift').toFixed(3),
    si: (audit('speed-index') / 1000).toFixed(1),
  };
}

/** Sets (or clears) the portal's session in the browser, as signing in on the page would. */
async function setSession(browser, token) {
  const tab = await browser.newPage();
  await tab.goto(`${origin}/api/health`);
  await tab.evaluate((value) => {
    localStorage.clear();
    if (value) localStorage.setItem('portal.token', value);
  }, token);
  await tab.close();
}
