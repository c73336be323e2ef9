import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { IMPORT_ENTITIES, type ImportDocumentInput, type ImportEntity } from '@portal/contract';
import { csvRows } from './csv.ts';
import { plural } from '@portal/domain';

/** A row as a file holds it, before validation, and where it is (for messages). */
export interface SourceRow {
  /** e.g. `members[3]` in a JSON file, `members.csv line 5` in a CSV file. */
  where: string;
  data: unknown;
}

/** What one file holds, by entity. */
export type ImportSource = Partial<Record<ImportEntity, SourceRow[]>>;

/** A problem with a file: where, which field (dotted) if one, and what is wrong. */
export interface ImportIssue {
  where: string;
  field: string | null;
  message: string;
}

export const formatIssue = (issue: ImportIssue) =>
  `${issue.where}${issue.field ? `, ${issue.field}` : ''}: ${issue.message}`;

/** The import writes nothing: these are the reasons, each with its row and field. */
export class ImportRefused extends Error {
  readonly issues: ImportIssue[];
  constructor(issues: ImportIssue[]) {
    super(
      `The import was refused: ${plural(issues.length, 'en', { one: 'one problem', other: `${issues.length} problems` })}.`,
    );
    this.issues = issues;
  }
}

const PASSWORD_LIKE = /pass(word|wd)|^pwd$|hash|secret/i;

/** Why a field may never be imported (a password in any form), or null. */
export function forbiddenField(name: string): string | null {
  return PASSWORD_LIKE.test(name)
    ? 'Passwords are never imported: each new member sets their own through the invitation e-mail. Remove this field.'
    : null;
}

/** The entity a CSV file holds: the --entity option, else the file name's start (`members.csv`, `clubs-2026.csv`). */
export function entityOfCsv(file: string, named: string | undefined): ImportEntity | null {
  const candidate = named ?? path.basename(file).toLowerCase();
  return IMPORT_ENTITIES.find((e) => candidate === e || (!named && candidate.startsWith(e))) ?? null;
}

/** The rows of a document given in code (the demo seed), located as in a JSON file. */
export function documentSource(document: ImportDocumentInput): ImportSource {
  const source: ImportSource = {};
  for (const entity of IMPORT_ENTITIES) {
    source[entity] = (document[entity] ?? []).map((data, index) => ({ where: `${entity}[${index}]`, data }));
  }
  return source;
}

/**
 * A JSON document: `{ "clubs": [...], "products": [...], "promotions": [...],
 * "members": [...], "keys": [...], "freezes": [...] }`, each list optional.
 */
export function jsonSource(text: string, file: string): { source: ImportSource; issues: ImportIssue[] } {
  let document: unknown;
  try {
    document = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return {
      source: {},
      issues: [{ where: file, field: null, message: `Not JSON: ${(error as Error).message}` }],
    };
  }
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    const message = `Expected one object with the lists ${IMPORT_ENTITIES.join(', ')}.`;
    return { source: {}, issues: [{ where: file, field: null, message }] };
  }
  const source: ImportSource = {};
  const issues: ImportIssue[] = [];
  for (const [key, value] of Object.entries(document)) {
    const entity = IMPORT_ENTITIES.find((e) => e === key);
    if (!entity) {
      issues.push({ where: file, field: key, message: `Unknown list: use ${IMPORT_ENTITIES.join(', ')}.` });
    } else if (!Array.isArray(value)) {
      issues.push({ where: file, field: key, message: 'Expected a list.' });
    } else {
      source[entity] = value.map((data, index) => ({ where: `${entity}[${index}]`, data }));
    }
  }
  return { source, issues };
}

/** Reads a .json file (every entity) or a .csv file (one entity). */
export async function readImportFile(
  file: string,
  options: { entity?: string } = {},
): Promise<{ source: ImportSource; issues: ImportIssue[] }> {
  const name = path.basename(file);
  const refuse = (message: string) => ({ source: {}, issues: [{ where: name, field: null, message }] });
  const extension = path.extname(file).toLowerCase();
  if (extension !== '.json' && extension !== '.csv') return refuse('Import a .json or a .csv file.');
  const entity = extension === '.csv' ? entityOfCsv(file, options.entity) : null;
  if (extension === '.csv' && !entity)
    return refuse(
      `Name the entity with --entity (${IMPORT_ENTITIES.join(', ')}) or start the file name with it, e.g. members.csv.`,
    );
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    return refuse((error as Error).message);
  }
  if (!entity) return jsonSource(text, name);
  const { rows, issues } = csvRows(text, entity, name);
  return { source: { [entity]: rows }, issues };
}
