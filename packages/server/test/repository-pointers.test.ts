import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The repository explains itself: whoever clones it has neither the issue tracker nor the
 * product description it was first built from, so no tracked file (path or text) may point
 * to them. Code and docs point to docs/… or an ADR instead, or say the rule.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
/** This file, whose examples below are pointers on purpose. */
const SELF = path.relative(ROOT, import.meta.filename);

const POINTERS: { what: string; pattern: RegExp }[] = [
  // "issue 11", "Issue #7", "issue 11's", "0002_issue7_…"; not "tissue 5" or "issued".
  { what: 'an issue number', pattern: /(?<![a-z])issues?[\s_-]*#?\d+/i },
  // "spec section 5", "spec sections 2 and 4", "spec §3", "the spec's section", "section 9 of the spec".
  {
    what: 'a section of the specification',
    pattern:
      /\bspec(?:ification)?(?:['’]s)?\s*(?:sections?\b|§)|\bsections?\s+\d+(?:\s*(?:,|and)\s*\d+)*\s+of\s+the\s+spec/i,
  },
  // "the spec says", "per spec"; a Playwright "spec file" is no pointer.
  {
    what: 'the specification',
    pattern: /\b(?:the|per)\s+spec(?:ification)?\b(?!\s+files?\b)|\bspec(?:ification)?['’]s\b/i,
  },
  { what: 'the shared folder beside the repository', pattern: /\.\.\/shared\b|\bshared\/(?:spec|brief)\//i },
];

function trackedFiles(): string[] {
  const result = spawnSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ls-files failed: ${result.stderr}`);
  return result.stdout
    .split('\0')
    .filter((file) => file !== '' && file !== SELF && !file.split('/').includes('node_modules'));
}

/** The file's text, or null for a binary file (a NUL among its first bytes) or one deleted meanwhile. */
function textOf(file: string): string | null {
  const full = path.join(ROOT, file);
  if (!existsSync(full)) return null;
  const bytes = readFileSync(full);
  return bytes.subarray(0, 8000).includes(0) ? null : bytes.toString('utf8');
}

/** `file:line: text` of every line (and the path itself) that matches `pattern`. */
function hits(files: string[], pattern: RegExp): string[] {
  const found: string[] = [];
  for (const file of files) {
    if (pattern.test(file)) found.push(`${file} (its name)`);
    const text = textOf(file);
    if (text === null) continue;
    text.split('\n').forEach((line, i) => {
      if (pattern.test(line)) found.push(`${file}:${i + 1}: ${line.trim().slice(0, 160)}`);
    });
  }
  return found;
}

describe('pointers outside the repository', () => {
  const files = trackedFiles();

  it('reads the tracked files', () => {
    expect(files).toContain('docs/architecture.md');
    expect(files.length).toBeGreaterThan(500);
  });

  it.each(POINTERS)('no tracked file cites $what', ({ pattern }) => {
    expect(hits(files, pattern)).toEqual([]);
  });

  it('knows a pointer when it sees one, and a word that only looks like one', () => {
    const cites = (line: string) => POINTERS.some(({ pattern }) => pattern.test(line));
    for (const line of [
      'the budgets of Issue 11',
      "issue 11's budgets",
      'see issue #7',
      '0002_issue7_payments.sql',
      'the menu (spec section 2)',
      'spec sections 3, 7 and 8',
      'spec §4',
      'section 9 of the spec',
      'as the spec says',
      "the spec's minimum",
      'the brief in ../shared/brief',
    ])
      expect(cites(line), line).toBe(true);
    for (const line of [
      'tissue 5',
      'the PIN issued 2 days ago',
      'the spec files of two workers',
      'docs/portal-screens.md, "Answers and errors"',
      '§ 312k BGB',
    ])
      expect(cites(line), line).toBe(false);
  });
});

describe('security findings cited', () => {
  const files = trackedFiles();
  const security = readFileSync(path.join(ROOT, 'docs/security.md'), 'utf8');
  const defined = (heading: RegExp) => new Set([...security.matchAll(heading)].map((m) => m[1]));
  const firstReview = defined(/^## (\d+)\. /gm);
  const secondReview = defined(/^## (R\d+)\. /gm);

  it('are findings docs/security.md has', () => {
    expect(firstReview.size).toBeGreaterThanOrEqual(8);
    expect(secondReview.size).toBeGreaterThanOrEqual(11);
    const unknown: string[] = [];
    for (const file of files) {
      const text = file === 'docs/security.md' ? null : textOf(file);
      if (text === null) continue;
      for (const [, id] of text.matchAll(/\bfindings?\s+(\d+)\b/gi))
        if (!firstReview.has(id!)) unknown.push(`${file}: finding ${id}`);
      for (const [, id] of text.matchAll(/\b(R\d{1,2})\b/g))
        if (!secondReview.has(id!)) unknown.push(`${file}: ${id}`);
    }
    expect(unknown).toEqual([]);
  });
});
