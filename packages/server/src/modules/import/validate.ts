import {
  IMPORT_ENTITIES,
  type ImportClass,
  type ImportClassSession,
  type ImportClub,
  type ImportEntity,
  type ImportFreeze,
  type ImportKey,
  type ImportMember,
  type ImportProduct,
  type ImportPromotion,
  importEntities,
} from '@portal/contract';
import { operatorIds } from '@portal/domain';
import type { z } from 'zod';
import { forbiddenField, type ImportIssue, type ImportSource } from './source.ts';

/** A row that passed its schema, and where it came from. */
export interface Parsed<T> {
  where: string;
  row: T;
}

export interface ParsedImport {
  clubs: Parsed<ImportClub>[];
  products: Parsed<ImportProduct>[];
  promotions: Parsed<ImportPromotion>[];
  members: Parsed<ImportMember>[];
  keys: Parsed<ImportKey>[];
  freezes: Parsed<ImportFreeze>[];
  classes: Parsed<ImportClass>[];
  class_sessions: Parsed<ImportClassSession>[];
}

function valueAt(data: unknown, path: PropertyKey[]): unknown {
  let node = data;
  for (const key of path) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node;
}

/** A schema's complaints as import issues, one per field (one per unknown field). */
function issuesOf(where: string, data: unknown, error: z.core.$ZodError): ImportIssue[] {
  return error.issues.flatMap((issue): ImportIssue[] => {
    const path = issue.path.map(String);
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        where,
        field: [...path, key].join('.'),
        message: forbiddenField(key) ?? 'Unknown field.',
      }));
    }
    const field = path.length ? path.join('.') : null;
    if (field === 'operator_id') {
      const value = valueAt(data, issue.path);
      const message =
        value === undefined
          ? 'Required: the id of one of the operators de, at, ch, no, fi.'
          : `Unknown operator ${JSON.stringify(value)}: operators are code (the domain's catalogue), they are ${operatorIds.join(', ')}.`;
      return [{ where, field, message }];
    }
    return [{ where, field, message: issue.message }];
  });
}

/**
 * Checks every row against the contract's schema of its entity (packages/contract
 * schemas/import.ts), so defaults apply and text is trimmed; a row that does not pass is
 * reported field by field. Rows that refer to others are checked against the database later.
 */
export function parseSource(source: ImportSource): { parsed: ParsedImport; issues: ImportIssue[] } {
  const parsed: ParsedImport = {
    clubs: [],
    products: [],
    promotions: [],
    members: [],
    keys: [],
    freezes: [],
    classes: [],
    class_sessions: [],
  };
  const issues: ImportIssue[] = [];
  for (const entity of IMPORT_ENTITIES) {
    for (const { where, data } of source[entity] ?? []) {
      const result = importEntities[entity].safeParse(data);
      if (result.success) (parsed[entity] as Parsed<unknown>[]).push({ where, row: result.data });
      else issues.push(...issuesOf(where, data, result.error));
    }
  }
  return { parsed, issues };
}

export const rowCount = (parsed: ParsedImport) =>
  IMPORT_ENTITIES.reduce((sum, entity: ImportEntity) => sum + parsed[entity].length, 0);
