import { z } from 'zod/mini';

/*
 * The one rule for every string the contract accepts (docs/security.md, R2): well-formed
 * Unicode and no NUL. A lone UTF-16 surrogate (`"\ud800"` in JSON) and U+0000 are valid
 * JavaScript strings that PostgreSQL refuses in text and jsonb, so they are a 400 naming
 * the field instead of a database error.
 */
/** Whether a string holds a surrogate that is not half of a pair (no regex lookbehind: older Safari has none). */
function hasLoneSurrogate(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0xd800 || code > 0xdfff) continue;
    if (code > 0xdbff) return true;
    const next = text.charCodeAt(i + 1);
    if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
    i += 1;
  }
  return false;
}

/** Why a string cannot be stored, or null when it can. */
export function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'Text must not contain NUL characters.';
  if (hasLoneSurrogate(text)) return 'Text must be well-formed Unicode (a lone surrogate is not).';
  return null;
}

/** The path and problem of the first string (value or key, at any depth) that cannot be stored. */
export function findTextProblem(
  value: unknown,
  path: readonly (string | number)[] = [],
  depth = 0,
): { path: (string | number)[]; message: string } | null {
  if (typeof value === 'string') {
    const message = textProblem(value);
    return message ? { path: [...path], message } : null;
  }
  if (depth > 64 || value === null || typeof value !== 'object') return null;
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : Object.entries(value);
  for (const [key, child] of entries) {
    // A bad key is named by its parent: the key itself is not echoed back.
    const keyProblem = typeof key === 'string' ? textProblem(key) : null;
    if (keyProblem) return { path: [...path], message: keyProblem };
    const found = findTextProblem(child, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * The schema with the rule above on everything it reads: strings nested in objects,
 * arrays, records (keys too) and unions alike. The endpoints apply it to every body,
 * query and params schema, the import to every row; the refinement keeps the schema's type.
 */
export function storableText<S extends z.ZodMiniType>(schema: S): S {
  return schema.check(
    z.superRefine((value, ctx) => {
      const problem = findTextProblem(value);
      if (problem)
        ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message, input: value });
    }),
  ) as S;
}
