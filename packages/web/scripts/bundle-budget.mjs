#!/usr/bin/env node
// The JavaScript each screen downloads, from the build's manifest (dist/.vite/manifest.json),
// in brotli as the server sends it to a browser (the .br the build writes; gzip beside it for
// clients without brotli). A screen's JavaScript is the chunks it cannot show without: the
// entry with its static imports, the catalogue of its language (the largest of the five)
// and, signed in, the shell, the contract's schemas (every answer is checked before it is
// shown) and the page's own chunk. Exits 1 when a screen exceeds its limit
// (docs/performance.md) or when the build does not run on React's own runtime (ADR 035).
// Run after `vite build` (npm test does: scripts/test-all.mjs).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const dist = path.resolve(import.meta.dirname, '../dist');
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!existsSync(manifestFile)) {
  console.error(
    `No ${path.relative(process.cwd(), manifestFile)}: run \`npm run build -w packages/web\` first.`,
  );
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const KB = 1000;

/** Enforced limits in kB of brotli (docs/performance.md); screens without one are printed only. */
const LIMITS = { login: 100, home: 175 };
const LANGUAGES = ['en', 'de', 'fr', 'nb', 'fi'];

function chunk(key) {
  const entry = manifest[key];
  if (!entry)
    throw new Error(`the manifest has no ${key}: was it renamed? (packages/web/scripts/bundle-budget.mjs)`);
  return entry;
}

/** The chunk's file and those of its static imports, transitively. */
function closure(key, files = new Set()) {
  const entry = chunk(key);
  if (files.has(entry.file)) return files;
  files.add(entry.file);
  for (const imported of entry.imports ?? []) closure(imported, files);
  return files;
}

const size = (file, ext) => {
  const compressed = path.join(dist, `${file}${ext}`);
  return existsSync(compressed) ? statSync(compressed).size : statSync(path.join(dist, file)).size;
};
const total = (files, ext) => [...files].reduce((sum, file) => sum + size(file, ext), 0);

/** The union of some chunk sets, with the largest of the catalogues of the five languages. */
function screen(keys, catalogue) {
  let worst = null;
  for (const language of LANGUAGES) {
    const files = new Set();
    for (const key of [...keys, ...catalogue(language)]) closure(key, files);
    if (!worst || total(files, '.br') > total(worst, '.br')) worst = files;
  }
  return worst;
}

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const signedIn = [entry, 'src/app/shell/LoggedInApp.tsx', 'src/lib/schemas.ts'];
// Signed in, the catalogue without the sections only later pages use; a page other than
// home loads those too (vite/catalogue-parts.ts).
const app = (language) => [`src/locales/${language}.json?app`];
const later = (language) => [...app(language), `src/locales/${language}.json?later`];
const screens = {
  login: screen([entry], (language) => [`src/locales/${language}.json?public`]),
  home: screen(signedIn, app),
  membership: screen([...signedIn, 'src/features/membership/MembershipPage.tsx'], later),
  payment: screen([...signedIn, 'src/features/payments/PaymentPage.tsx'], later),
};

let over = 0;
console.log(
  `${'screen'.padEnd(12)}${'gzip kB'.padStart(9)}${'brotli kB'.padStart(11)}${'limit'.padStart(8)}  chunks`,
);
for (const [name, files] of Object.entries(screens)) {
  const br = total(files, '.br') / KB;
  const limit = LIMITS[name];
  const exceeded = limit !== undefined && br > limit;
  if (exceeded) over += 1;
  console.log(
    `${name.padEnd(12)}${(total(files, '.gz') / KB).toFixed(1).padStart(9)}${br.toFixed(1).padStart(11)}` +
      `${String(limit ?? '–').padStart(8)}  ${files.size}${exceeded ? '  OVER THE LIMIT' : ''}`,
  );
}

// React's own runtime, not a stand-in (ADR 035): react-dom's client is in the entry's chunks,
// and nothing of Preact (or another replacement of react-dom) anywhere in the build.
const shipped = readdirSync(path.join(dist, 'assets'))
  .filter((file) => file.endsWith('.js'))
  .map((file) => [file, readFileSync(path.join(dist, 'assets', file), 'utf8')]);
const entryCode = [...closure(entry)].map((file) => readFileSync(path.join(dist, file), 'utf8')).join('\n');
// Texts react-dom's production client has and a replacement would not: its error decoder's
// address and the key under which it keeps a DOM node's fiber.
const runsReact = entryCode.includes('https://react.dev/errors/') && entryCode.includes('__reactFiber$');
const standIns = [
  { what: 'Preact', pattern: /preact|__PREACT_DEVTOOLS__|__preactattr_/ },
  { what: 'Inferno or Nerv', pattern: /inferno-compat|nervjs/ },
];
const replaced = shipped.flatMap(([file, code]) =>
  standIns.filter(({ pattern }) => pattern.test(code)).map(({ what }) => `${what} in ${file}`),
);
if (!runsReact)
  console.error("The entry does not carry react-dom's client: the app must run on React (ADR 035).");
for (const found of replaced) console.error(`${found}: the app must run on react-dom (ADR 035).`);
process.exit(over || !runsReact || replaced.length ? 1 : 0);
