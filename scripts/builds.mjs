// What `npm run build` builds and how `npm start` tells whether a build is up to date: each
// build has its inputs (files and folders) and writes a stamp into its output folder with a
// digest of their paths, sizes and modification times. A build whose stamp matches the
// inputs' digest now is up to date; a missing output folder or stamp means it is not.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
const STAMP = '.build-stamp';
const SKIP = new Set(['node_modules', 'dist', '.tmp', 'test-results']);

const shared = [
  'package-lock.json',
  'packages/contract/package.json',
  'packages/contract/src',
  'packages/domain/package.json',
  'packages/domain/src',
  'packages/db-schema/package.json',
  'packages/db-schema/src',
  'packages/demo-data/package.json',
  'packages/demo-data/src',
];

const web = [
  ...shared,
  'packages/web/package.json',
  'packages/web/index.html',
  'packages/web/vite.config.ts',
  'packages/web/vite',
  'packages/web/tsconfig.json',
  'packages/web/public',
  'packages/web/src',
];

function viteBuild(script, what) {
  const result = spawnSync('npm', ['run', script, '-w', 'packages/web'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${what} did not build`);
}

export const builds = {
  web: {
    out: 'packages/web/dist',
    inputs: web,
    run: () => viteBuild('build', 'the web app'),
  },
  /** The demo build (docs/demo.md): built only when named (`npm run build:demo`, `npm run demo`). */
  demo: {
    out: 'packages/web/dist-demo',
    inputs: [...web, 'packages/demo/package.json', 'packages/demo/src'],
    onlyWhenNamed: true,
    run: () => viteBuild('build:demo', 'the demo'),
  },
  server: {
    out: 'packages/server/dist',
    inputs: [...shared, 'packages/server/package.json', 'packages/server/build.mjs', 'packages/server/src'],
    async run() {
      const { buildServer } = await import('../packages/server/build.mjs');
      await buildServer();
    },
  },
};

function collect(relative, into) {
  const full = path.join(ROOT, relative);
  if (!existsSync(full)) return;
  const info = statSync(full);
  if (info.isDirectory()) {
    for (const entry of readdirSync(full).sort()) {
      if (!SKIP.has(entry)) collect(path.join(relative, entry), into);
    }
  } else {
    into.push(`${relative} ${info.size} ${info.mtimeMs}`);
  }
}

/** The digest of a build's inputs as they are now. */
export function inputsDigest(name) {
  const lines = [`node ${process.version}`];
  for (const input of builds[name].inputs) collect(input, lines);
  return createHash('sha256').update(lines.join('\n')).digest('hex');
}

export function isUpToDate(name) {
  const stamp = path.join(ROOT, builds[name].out, STAMP);
  return existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === inputsDigest(name);
}

/** Builds and stamps; the digest is taken first, so an input changed during the build makes the next start build again. */
export async function runBuild(name) {
  const digest = inputsDigest(name);
  const started = Date.now();
  await builds[name].run();
  writeFileSync(path.join(ROOT, builds[name].out, STAMP), `${digest}\n`);
  console.log(`Built ${name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** The builds `npm run build` and `npm start` make when none is named. */
export const defaultBuilds = Object.keys(builds).filter((name) => !builds[name].onlyWhenNamed);

/** Builds what is out of date (or everything with `force`); returns the names built. */
export async function buildAll({ only = defaultBuilds, force = false } = {}) {
  const built = [];
  for (const name of only) {
    if (!force && isUpToDate(name)) continue;
    await runBuild(name);
    built.push(name);
  }
  return built;
}
