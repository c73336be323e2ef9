import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify';
import fastJsonStringify from 'fast-json-stringify';
import {
  ResponseSerializationError,
  serializerCompiler as zodSerializerCompiler,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';
import { encodeAnswer } from '../endpoints/answers.ts';

/**
 * How answers are written (ADR 020). Each route's response schema (zod, from the contract)
 * is turned into JSON Schema once and compiled with fast-json-stringify: only the fields the
 * contract names leave the server, in the contract's shape, without checking every value
 * on every request (the zod check was the largest single cost of GET /v2/membership after
 * the database). What the compiled writer does not check, the strict mode does: with
 * `strict` (NODE_ENV=test, or STRICT_RESPONSES=true) every answer is also checked with the
 * contract's zod schema (`encodeAnswer`, as the endpoint table's dispatcher checks each), a
 * mismatch is a 500 as before, and the compiled writer must write
 * exactly what the zod encoding would have. A schema JSON Schema cannot express (a 204's
 * `z.undefined()`) keeps the zod serializer.
 */
export function createSerializerCompiler(options: { strict: boolean }): FastifySerializerCompiler<unknown> {
  const fallback = zodSerializerCompiler as unknown as FastifySerializerCompiler<unknown>;
  return (route) => {
    const { schema, method, url } = route;
    if (!(schema instanceof $ZodType)) return fallback(route);
    const write = compileWriter(schema);
    if (!write) return fallback(route);
    if (!options.strict) return (data: unknown) => write(data);
    return (data: unknown) => {
      const checked = encodeAnswer(schema, data);
      if (checked.error) throw new ResponseSerializationError(method, url, { cause: checked.error });
      const text = write(data);
      if (!isDeepStrictEqual(JSON.parse(text), JSON.parse(JSON.stringify(checked.data)))) {
        throw new SerializerMismatchError(
          `${method} ${url}: the compiled serializer wrote something else than the contract’s encoding`,
        );
      }
      return text;
    };
  };
}

/** A contract the compiled serializer writes differently from zod: a bug of this module, found in tests. */
export class SerializerMismatchError extends Error {}

export function compileWriter(schema: $ZodType): ((data: unknown) => string) | null {
  try {
    const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' });
    return fastJsonStringify(shapeOnly(json) as Parameters<typeof fastJsonStringify>[0]);
  } catch {
    return null;
  }
}

/** Keywords that check a value; a writer needs only the shape (strict mode checks the rest). */
const CHECKS = new Set([
  '$schema',
  'pattern',
  'format',
  'enum',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minItems',
  'maxItems',
  'multipleOf',
  'description',
]);

/**
 * The JSON Schema without its checks, and `anyOf: [X, null]` (zod's nullable) as X with
 * `nullable`: fast-json-stringify would otherwise validate each such value with ajv to pick
 * the branch, as dear as the check this replaces.
 */
export function shapeOnly(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(shapeOnly);
  if (node === null || typeof node !== 'object') return node;
  const { anyOf } = node as { anyOf?: unknown[] };
  if (Array.isArray(anyOf) && anyOf.length === 2 && isNull(anyOf[1]) && hasOneType(anyOf[0])) {
    return { ...(shapeOnly(anyOf[0]) as object), nullable: true };
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    // These hold names, not keywords: a field called `format` stays.
    if (!CHECKS.has(key)) out[key] = NAMED.has(key) ? mapValues(value, shapeOnly) : shapeOnly(value);
  }
  return out;
}

const NAMED = new Set(['properties', 'definitions', '$defs']);
const isNull = (node: unknown) => (node as { type?: unknown } | null)?.type === 'null';
const hasOneType = (node: unknown) => typeof (node as { type?: unknown } | null)?.type === 'string';
const mapValues = (value: unknown, f: (v: unknown) => unknown) =>
  Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, f(v)]));
