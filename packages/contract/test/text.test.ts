import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { findTextProblem, storableText, textProblem } from '../src/schemas/text.ts';

// The contract's text rule (docs/security.md, R2).

describe('textProblem', () => {
  it('accepts well-formed text, pairs included, and names lone surrogates and NUL', () => {
    for (const ok of ['', 'Grüße', '😀 ok', 'a\ud83d\ude00b', '\uFFFD'])
      expect(textProblem(ok), ok).toBeNull();
    for (const bad of ['\ud800', 'a\ud800b', 'x\udc00', '\udc00\ud800', '\ud83d', 'end\ud83d'])
      expect(textProblem(bad), JSON.stringify(bad)).toMatch(/well-formed Unicode/);
    expect(textProblem('a\u0000')).toBe('Text must not contain NUL characters.');
  });

  it('agrees with a round trip through UTF-8 (property)', () => {
    const encoder = new TextEncoder();
    const decoder = new TextDecoder();
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 8 }), (text) => {
        const wellFormed = decoder.decode(encoder.encode(text)) === text;
        return (textProblem(text) === null) === (wellFormed && !text.includes('\u0000'));
      }),
      { numRuns: 200 },
    );
  }, 30_000);
});

describe('storableText', () => {
  it('finds bad text at any depth, in keys too, and keeps the schema', () => {
    const schema = storableText(
      z.strictObject({ a: z.string(), details: z.optional(z.record(z.string(), z.unknown())) }),
    );
    expect(Object.keys(schema.shape)).toEqual(['a', 'details']);
    expect(schema.safeParse({ a: 'ok', details: { k: [1, { n: 'ok' }] } }).success).toBe(true);
    const issue = (value: unknown) => schema.safeParse(value).error?.issues.map((i) => i.path.join('.'));
    expect(issue({ a: '\ud800' })).toEqual(['a']);
    expect(issue({ a: 'ok', details: { k: [1, { n: 'a\u0000' }] } })).toEqual(['details.k.1.n']);
    expect(issue({ a: 'ok', details: { '\udfff': 1 } })).toEqual(['details']);
    expect(findTextProblem({ deep: [[['\ud800']]] })?.path).toEqual(['deep', 0, 0, 0]);
  });
});
