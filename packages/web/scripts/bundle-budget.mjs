#!/usr/bin/env node
// The JavaScript each screen downloads, from the build's manifest (dist/.vite/manifest.json),
// in brotli as the server sends it to a browser (the .br the build writes; gzip beside it for
// clients without brotli). A screen's JavaScript is the chunks it cannot show without: the
// entry with its static imports, the catalogue of its language (the largest of the five)
// and, signed in, the shell, the contract's schemas (every answer is checked before it is
// shown) and the page's own chunk. Exits 1 when a screen exceeds its limit
// (docs/performance.md) or when the build does not run on React's own runtime (ADR 035).
// Run after `vite build` (npm test does: scripts/test-all.mjs).
//
// `--by-package` also splits each screen's brotli bytes by where the code came from (a library,
// or the portal's own package and folder), in proportion to the bytes each source holds in a
// chunk: it needs a build with source maps, `npx vite build --sourcemap --outDir DIR`, named
// with `--dist DIR` (docs/performance.md, "Where the floor is").
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SourceMapConsumer } from 'source-map-js';

const { values: options } = parseArgs({
  options: { dist: { type: 'string' }, 'by-package': { type: 'boolean', default: false } },
});
const dist = path.resolve(options.dist ?? path.join(import.meta.dirname, '../dist'));
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
const signedIn = [
  entry,
  'src/app/SignedInApp.tsx',
  'src/app/shell/LoggedInApp.tsx',
  'virtual:portal-api-responses',
];
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
  // A source-map build's files also name their maps: its sizes are a little above the limits' build.
  const exceeded = !options['by-package'] && limit !== undefined && br > limit;
  if (exceeded) over += 1;
  console.log(
    `${name.padEnd(12)}${(total(files, '.gz') / KB).toFixed(1).padStart(9)}${br.toFixed(1).padStart(11)}` +
      `${String(limit ?? '–').padStart(8)}  ${files.size}${exceeded ? '  OVER THE LIMIT' : ''}`,
  );
}

const UNMAPPED = 'unmapped (imports between chunks, preload lists)';
const originsOf = new Map();

if (options['by-package']) {
  for (const [name, files] of Object.entries(screens)) {
    console.log(`\n${name}: brotli kB by origin`);
    const parts = new Map();
    for (const file of files) {
      for (const [origin, share] of origins(file))
        parts.set(origin, (parts.get(origin) ?? 0) + share * size(file, '.br'));
    }
    for (const [origin, bytes] of [...parts].sort((a, b) => b[1] - a[1]).filter(([, bytes]) => bytes >= 50))
      console.log(`${(bytes / KB).toFixed(1).padStart(7)}  ${origin}`);
  }
}

/**
 * The share of a chunk's bytes each origin holds, from its source map (UNMAPPED for the rest);
 * read once per chunk, as the screens share most of theirs.
 */
function origins(file) {
  if (!originsOf.has(file)) originsOf.set(file, readOrigins(file));
  return originsOf.get(file);
}

function readOrigins(file) {
  const mapFile = path.join(dist, `${file}.map`);
  if (!existsSync(mapFile)) return new Map([['(no source map: build with --sourcemap)', 1]]);
  const lines = readFileSync(path.join(dist, file), 'utf8').split('\n');
  const mappings = [];
  new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8'))).eachMapping((m) => mappings.push(m));
  const bytes = new Map();
  let mapped = 0;
  mappings.forEach((m, i) => {
    const next = mappings[i + 1];
    const end =
      next?.generatedLine === m.generatedLine ? next.generatedColumn : lines[m.generatedLine - 1].length;
    const length = Math.max(0, end - m.generatedColumn);
    const origin = originOf(m.source);
    bytes.set(origin, (bytes.get(origin) ?? 0) + length);
    mapped += length;
  });
  const all = lines.reduce((sum, line) => sum + line.length, 0);
  bytes.set(UNMAPPED, (bytes.get(UNMAPPED) ?? 0) + Math.max(0, all - mapped));
  return new Map([...bytes].map(([origin, n]) => [origin, n / all]));
}

/** A library by its package name; the portal's code by package and first folder. */
function originOf(source) {
  if (!source) return UNMAPPED;
  const inModules = source.split('node_modules/').at(-1);
  if (inModules !== source)
    return inModules
      .split('/')
      .slice(0, inModules.startsWith('@') ? 2 : 1)
      .join('/');
  const own = source.match(/packages\/([^/]+)\/src\/([^/?]+)/);
  return own ? `${own[1]}/${own[2]}` : source;
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
