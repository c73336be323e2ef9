import type { ImportEntity } from '@portal/contract';
import { plural } from '@portal/domain';

// What a file's rows are and how a problem with one is told, for every reader of a file
// (source.ts, csv.ts).

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

/** The largest file the import reads (docs/operations.md, "The import"): split larger exports. */
export const MAX_IMPORT_FILE_BYTES = 64 * 1024 * 1024;
/**
 * The longest field, in characters: far above any schema's limit (2,000 for an offer
 * text), low enough that a runaway field (a quote never closed, a blob) stops the CSV
 * parser early instead of filling the memory.
 */
export const MAX_IMPORT_FIELD_CHARS = 10_000;

const PASSWORD_LIKE = /pass(word|wd)|^pwd$|hash|secret/i;

/** Why a field may never be imported (a password in any form), or null. */
export function forbiddenField(name: string): string | null {
  return PASSWORD_LIKE.test(name)
    ? 'Passwords are never imported: each new member sets their own through the invitation e-mail. Remove this field.'
    : null;
}
