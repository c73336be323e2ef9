#!/usr/bin/env node
// The production build holds nothing of the demo (docs/demo.md): no MSW service worker,
// no MSW, no @portal/demo, no PGlite, no demo texts. Looks for traces of each in every file of
// packages/web/dist, and, when the demo build is there too, makes sure the same traces
// are found in packages/web/dist-demo: a marker that stopped matching anything would
// otherwise pass for a clean build. Exits 1 on either failure. Run after both builds
// (npm test does: scripts/test-all.mjs).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const web = path.resolve(import.meta.dirname, '..');
const LANGUAGES = ['en', 'de', 'fr', 'nb', 'fi'];

/** Texts only the demo has, in source and in a build alike. */
const CODE_MARKERS = [
  // MSW's worker client: its messages to mockServiceWorker.js.
  { what: 'MSW', text: 'MOCKING_ENABLED' },
  { what: 'the MSW worker script', text: 'mockServiceWorker' },
  // @portal/demo's host of the server's code (host.ts): its sandboxes' key.
  { what: '@portal/demo', text: 'portal-demo-sandbox-key' },
  // The web app's demo code (src/demo/state.ts): the tab's id.
  { what: 'src/demo', text: 'portal.demo.tab' },
  // The demo's database: PostgreSQL in WebAssembly (its loader names its data files).
  { what: 'PGlite', text: 'pglite.data' },
];

/**
 * Every text of the catalogues' `demo` section long enough to be the demo's own and not
 * part of a text of the portal (a persona named like a status is the status's name too).
 */
function demoTexts() {
  const texts = new Set();
  const strings = (value) =>
    typeof value === 'string' ? [value] : Object.values(value ?? {}).flatMap((inner) => strings(inner));
  for (const language of LANGUAGES) {
    const { demo, ...portal } = JSON.parse(
      readFileSync(path.join(web, `src/locales/${language}.json`), 'utf8'),
    );
    const others = strings(portal);
    for (const whole of strings(demo)) {
      // The bundler writes a no-break space in a string as an escape: the longest run without one.
      const text = whole.split(/[\u00a0\u202f]/).reduce((a, b) => (b.length > a.length ? b : a));
      if (text.length >= 16 && !others.some((other) => other.includes(text))) texts.add(text);
    }
  }
  return [...texts].map((text) => ({ what: 'a demo text', text }));
}

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (/\.(?:js|mjs|css|html|json|txt)$/.test(entry.name)) yield full;
  }
}

/** The markers found in a build, each with the first file it is in. */
export function demoTraces(dir, markers = [...CODE_MARKERS, ...demoTexts()]) {
  const found = new Map();
  if (existsSync(path.join(dir, 'mockServiceWorker.js')))
    found.set('mockServiceWorker.js', 'the file itself');
  for (const file of files(dir)) {
    const content = readFileSync(file, 'utf8');
    for (const { what, text } of markers) {
      if (!found.has(text) && content.includes(text))
        found.set(text, `${what} in ${path.relative(dir, file)}`);
    }
  }
  return found;
}

const dist = path.join(web, 'dist');
const distDemo = path.join(web, 'dist-demo');
if (!existsSync(dist)) {
  console.error('No packages/web/dist: run `npm run build -w packages/web` first.');
  process.exit(1);
}
let failed = false;
const traces = demoTraces(dist);
for (const [text, where] of traces) console.error(`production build: "${text}" (${where})`);
if (traces.size > 0) failed = true;
else console.log('The production build holds no demo code, no MSW and no demo texts.');

if (existsSync(distDemo)) {
  const markers = [...CODE_MARKERS, ...demoTexts()];
  const inDemo = demoTraces(distDemo, markers);
  const missing = markers.filter(({ text }) => !inDemo.has(text));
  for (const { what, text } of missing)
    console.error(`demo build: no "${text}" (${what}): is the marker stale?`);
  if (!inDemo.has('mockServiceWorker.js')) console.error('demo build: no mockServiceWorker.js');
  if (missing.length > 0 || !inDemo.has('mockServiceWorker.js')) failed = true;
  else console.log(`Every marker is found in the demo build (${markers.length} and the worker script).`);
}
process.exit(failed ? 1 : 0);
