#!/usr/bin/env node
// `npm run demo-start [-- --runs 5]`: how fast the static demo starts in Debian's Chromium,
// each run a fresh browser profile (a first visit: nothing cached, no saved database):
//   - sign-in page: from the navigation until the persona buttons can be used;
//   - database ready: until the worker's PostgreSQL has started (engine), run the migrations
//     and the seed, each step's end as the sign-in page shows it;
//   - sign-in: from a persona's click (once the database is ready) to its home;
//   - build size: the demo's files, and the part that is the database engine.
// A measurement printed for the reader (docs/demo.md), not a pass/fail test.
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import puppeteer from 'puppeteer-core';
import { buildAll, builds, ROOT } from './builds.mjs';
import { serveStatic } from './static-server.mjs';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Number(values.runs);

await buildAll({ only: ['demo'] });
const dir = path.join(ROOT, builds.demo.out);

async function sizes(folder) {
  let total = 0;
  let engine = 0;
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const { size } = await stat(path.join(entry.parentPath, entry.name));
    total += size;
    if (/^(pglite|initdb)-.*\.(wasm|data)$/.test(entry.name)) engine += size;
  }
  return { total, engine };
}

const server = await serveStatic({ dir, base: '/demo/' });
const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const results = { page: [], ready: [], signIn: [] };
try {
  for (let run = 0; run < runs; run++) {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    const start = Date.now();
    await page.goto(`${server.url}`);
    await page.waitForSelector('button[aria-busy], ul button', { visible: true });
    const interactive = Date.now() - start;
    // The steps (DemoSignInPage's progress: 1 tables, 2 members, gone when ready).
    const reached = async (value) => {
      await page.waitForFunction(
        (v) => {
          const bar = document.querySelector('progress');
          return !bar || bar.value >= v;
        },
        { timeout: 60_000, polling: 20 },
        value,
      );
      return Date.now() - start;
    };
    const tables = await reached(1);
    const members = await reached(2);
    await page.waitForFunction(() => !document.querySelector('progress'), { timeout: 60_000, polling: 20 });
    const ready = Date.now() - start;
    const clicked = Date.now();
    await page.click('ul button');
    await page.waitForSelector('section[aria-label="Membership status"], [aria-label="Membership status"]', {
      timeout: 30_000,
    });
    const signIn = Date.now() - clicked;
    results.page.push(interactive);
    results.ready.push(ready);
    results.signIn.push(signIn);
    console.log(
      `run ${run + 1}: sign-in page ${interactive} ms; database: engine until ${tables} ms, ` +
        `migrations until ${members} ms, seed until ${ready} ms (ready); sign-in ${signIn} ms`,
    );
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
const { total, engine } = await sizes(dir);
const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
console.log(
  `median of ${runs}: sign-in page ${median(results.page)} ms, database ready ${median(results.ready)} ms, ` +
    `sign-in ${median(results.signIn)} ms; build ${mb(total)}, of it the database engine ${mb(engine)}`,
);
