import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The packages' boundaries (docs/architecture.md, "Packages"): a package imports another
 * only by its name, declared in its package.json, never by a relative path into it; and the
 * arrows are the ones the doc draws, so they make no cycle (Biome's noImportCycles keeps
 * modules from importing each other round).
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
/** This file, whose self-check below names forbidden imports on purpose. */
const SELF = path.relative(ROOT, import.meta.filename);

/** What each package may import of the others (A: the B's A imports), as the doc draws it. */
const ARROWS: Record<string, string[]> = {
  contract: [],
  domain: ['contract'],
  'db-schema': ['contract'],
  'demo-data': ['contract', 'domain', 'db-schema'],
  server: ['contract', 'domain', 'db-schema', 'demo-data'],
  demo: ['contract', 'domain', 'server', 'demo-data'],
  web: ['contract', 'domain', 'demo', 'demo-data', 'server'],
  e2e: ['contract', 'domain', 'demo-data'],
};

const folderOf = (name: string) => (name === 'e2e' ? 'e2e' : `packages/${name}`);

function sources(folder: string): string[] {
  const result = spawnSync('git', ['ls-files', '-z', '--', folder], { cwd: ROOT, encoding: 'utf8' });
  return result.stdout
    .split('\0')
    .filter(
      (file) =>
        /\.(?:[cm]?[jt]sx?)$/.test(file) && file !== SELF && !file.split('/').includes('node_modules'),
    );
}

/** Every module a file names: `from '…'`, `import('…')`, `import '…'`. */
function specifiers(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(?:from\s+|import\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm))
    found.push(match[1]!);
  return found;
}

function declared(name: string): Set<string> {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, folderOf(name), 'package.json'), 'utf8'));
  return new Set(
    Object.keys({ ...pkg.dependencies, ...pkg.devDependencies, ...pkg.peerDependencies })
      .filter((dep) => dep.startsWith('@portal/'))
      .map((dep) => dep.slice('@portal/'.length)),
  );
}

describe('package boundaries', () => {
  for (const [name, allowed] of Object.entries(ARROWS)) {
    it(`${name} imports only the packages it declares and the doc allows, and none by a relative path`, () => {
      const folder = folderOf(name);
      const mine = declared(name);
      const problems: string[] = [];
      for (const file of sources(folder)) {
        const text = readFileSync(path.join(ROOT, file), 'utf8');
        for (const spec of specifiers(text)) {
          if (spec.startsWith('@portal/')) {
            const other = spec.slice('@portal/'.length).split('/')[0]!;
            if (other === name) continue;
            if (!mine.has(other)) problems.push(`${file}: ${spec} is not in ${folder}/package.json`);
            if (!allowed.includes(other)) problems.push(`${file}: ${name} → ${other} is no arrow of the doc`);
          } else if (spec.startsWith('.')) {
            const target = path.relative(ROOT, path.resolve(ROOT, path.dirname(file), spec));
            // The repository's own tooling (scripts/: builds, the static server) is no package.
            const inside =
              target === folder || target.startsWith(`${folder}/`) || target.startsWith('scripts/');
            if (target.startsWith('..') || !inside)
              problems.push(`${file}: ${spec} reaches outside ${folder}`);
          }
        }
      }
      expect(problems).toEqual([]);
    });
  }

  it('would see a relative import into another package and an undeclared one', () => {
    expect(
      specifiers(`import { x } from '../../server/src/core.ts';\nconst y = await import('@portal/web');`),
    ).toEqual(['../../server/src/core.ts', '@portal/web']);
  });
});
