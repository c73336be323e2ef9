import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LATER_SECTIONS, PUBLIC_SECTIONS } from '../../vite/catalogue-parts.ts';
import en from '../locales/en.json';

const SRC = path.resolve(import.meta.dirname, '..');
const SECTIONS = new Set(Object.keys(en));

/** A relative import's file, as the bundler resolves it (with or without its extension). */
function resolveImport(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`].find((file) => /\.tsx?$/.test(file) && existsSync(file)) ?? null;
}

/**
 * The catalogue sections the modules reachable from `start` name ('section.key' in any
 * string), following static imports and the dynamic ones that are not a page's (a page's
 * chunk waits for the later part: app/shell/lazyPage.tsx), with the modules naming each.
 */
function sectionsNamedFrom(start: string): Map<string, Set<string>> {
  const seen = new Set<string>();
  const named = new Map<string, Set<string>>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const m of code.matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)) {
      const before = code.slice(Math.max(0, m.index - 40), m.index);
      if (/lazyPage\(\s*\(\)\s*=>\s*$/.test(before)) continue;
      const target = resolveImport(file, m[1]!);
      if (target) visit(target);
    }
    for (const m of code.matchAll(/['"`]([a-zA-Z]+)\.[a-zA-Z]/g)) {
      const section = m[1]!;
      if (!SECTIONS.has(section)) continue;
      const files = named.get(section) ?? new Set<string>();
      files.add(path.relative(SRC, file));
      named.set(section, files);
    }
  };
  visit(path.join(SRC, start));
  return named;
}

describe('catalogue parts (vite/catalogue-parts.ts)', () => {
  it('leaves no section home or the shell names to the later part', () => {
    const named = sectionsNamedFrom('app/shell/LoggedInApp.tsx');
    // The walk finds what home is made of (a broken walk would find nothing and pass).
    expect([...named.keys()]).toEqual(expect.arrayContaining(['home', 'nav', 'status', 'workouts']));
    const misplaced = LATER_SECTIONS.filter((section) => named.has(section)).map(
      (section) => `${section}: ${[...named.get(section)!].join(', ')}`,
    );
    expect(misplaced).toEqual([]);
  });

  it('names only sections the catalogue has', () => {
    for (const section of [...LATER_SECTIONS, ...PUBLIC_SECTIONS.map((s) => s.split('.')[0]!)]) {
      expect(SECTIONS.has(section), section).toBe(true);
    }
  });
});
