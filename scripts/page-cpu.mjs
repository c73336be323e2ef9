#!/usr/bin/env node
// `npm run page-cpu`: what a page load costs the browser's main thread, unthrottled, summed
// over several loads: a steadier figure than Lighthouse's Total Blocking Time on a shared
// machine, because it counts the main thread's CPU time (a trace's thread durations), not
// wall-clock time. For each page it prints the script time (Chrome's ScriptDuration), the
// main thread's busy time, the longest task, and "TBT×4": what the tasks would block at
// Lighthouse's four-fold CPU slowdown (Σ max(0, 4·task − 50 ms)), all summed over the
// loads. Same portal, member and pages as `npm run lighthouse`. A measurement, not a test.
// Options: PAGE_CPU_PORT (8196), PAGE_CPU_LOADS (5), PAGE_CPU_PAGES ("home,payment"),
// PAGE_CPU_OPERATOR (de), PAGE_CPU_PERSONA (active), PAGE_CPU_NO_BUILD=1.
import puppeteer from 'puppeteer-core';
import { startDemoPortal } from './demo-portal.mjs';

const port = Number(process.env.PAGE_CPU_PORT ?? 8196);
const loads = Number(process.env.PAGE_CPU_LOADS ?? 5);
const operator = process.env.PAGE_CPU_OPERATOR ?? 'de';
const persona = process.env.PAGE_CPU_PERSONA ?? 'active';
const origin = `http://${operator}.localhost:${port}`;
const allPages = [
  { name: 'login', path: '/', signedIn: false, ready: 'form' },
  { name: 'home', path: '/', signedIn: true, ready: '#home-welcome' },
  { name: 'membership', path: '/membership', signedIn: true, ready: 'main h2' },
  { name: 'payment', path: '/payment', signedIn: true, ready: 'main h2' },
];
const only = process.env.PAGE_CPU_PAGES?.split(',');
const pages = only ? allPages.filter((page) => only.includes(page.name)) : allPages;

const portal = await startDemoPortal({
  port,
  name: 'page-cpu',
  buildWeb: process.env.PAGE_CPU_NO_BUILD !== '1',
});
let browser;
try {
  const token = await portal.signIn(persona, operator);
  browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  // One warm-up load, so the first page measured does not pay for the browser starting.
  await measure(browser, allPages[1], token);
  console.log(`\nMain thread per page, unthrottled, summed over ${loads} loads (${origin}):`);
  console.log(
    `${'page'.padEnd(12)}${'script ms'.padStart(11)}${'busy ms'.padStart(10)}${'longest ms'.padStart(12)}${'TBT×4 ms'.padStart(10)}`,
  );
  for (const page of pages) {
    const sum = { script: 0, busy: 0, longest: 0, tbt: 0 };
    for (let i = 0; i < loads; i++) {
      const m = await measure(browser, page, token);
      sum.script += m.script;
      sum.busy += m.busy;
      sum.longest = Math.max(sum.longest, m.longest);
      sum.tbt += m.tbt;
    }
    const f = (n) => n.toFixed(0);
    console.log(
      `${page.name.padEnd(12)}${f(sum.script).padStart(11)}${f(sum.busy).padStart(10)}${f(sum.longest).padStart(12)}${f(sum.tbt).padStart(10)}`,
    );
  }
} finally {
  await browser?.close();
  portal.stop();
}

/** One cold load of a page in a fresh profile (no cache), with the session as the app keeps it. */
async function measure(browser, page, token) {
  const context = await browser.createBrowserContext();
  try {
    const tab = await context.newPage();
    await tab.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true });
    await tab.goto(`${origin}/api/health`);
    await tab.evaluate(
      (value) => {
        if (value) localStorage.setItem('portal.token', value);
      },
      page.signedIn ? token : null,
    );
    const cdp = await tab.createCDPSession();
    await cdp.send('Performance.enable');
    const before = await scriptSeconds(cdp);
    await tab.tracing.start({ categories: ['disabled-by-default-devtools.timeline', 'toplevel'] });
    await tab.goto(`${origin}${page.path}`, { waitUntil: 'networkidle0' });
    await tab.waitForSelector(page.ready);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const trace = JSON.parse(Buffer.from(await tab.tracing.stop()).toString());
    const script = ((await scriptSeconds(cdp)) - before) * 1000;
    return { script, ...mainThreadTasks(trace.traceEvents) };
  } finally {
    await context.close();
  }
}

async function scriptSeconds(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0;
}

/** The renderer main thread's top-level tasks, by thread (CPU) time where the trace has it. */
function mainThreadTasks(events) {
  const mains = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const byThread = new Map();
  for (const e of events) {
    if (e.ph !== 'X' || e.name !== 'RunTask' || !mains.has(`${e.pid}:${e.tid}`)) continue;
    const ms = (e.tdur ?? e.dur ?? 0) / 1000;
    const list = byThread.get(`${e.pid}:${e.tid}`) ?? [];
    list.push(ms);
    byThread.set(`${e.pid}:${e.tid}`, list);
  }
  // The page's renderer is the busiest main thread of the trace.
  let tasks = [];
  for (const list of byThread.values()) if (sum(list) > sum(tasks)) tasks = list;
  return {
    busy: sum(tasks),
    longest: Math.max(0, ...tasks),
    tbt: sum(tasks.map((ms) => Math.max(0, 4 * ms - 50))),
  };
}

function sum(list) {
  return list.reduce((a, b) => a + b, 0);
}
