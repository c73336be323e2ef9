import { IMPORT_ENTITIES, type ImportDocumentInput, type ImportEntity } from '@portal/contract';
import { serializeError } from '../../platform/log.ts';
import { csvRows } from './csv.ts';
import { type ImportIssue, type ImportSource, MAX_IMPORT_FIELD_CHARS } from './rows.ts';

// The file's rows and issues are rows.ts's (csv.ts reads them too); the import's callers find them here.
export * from './rows.ts';

const NOT_UTF8 = 'Not valid UTF-8 (a byte no character uses): save the file as UTF-8 and import it again.';

/** The file's text, and whether its bytes were valid UTF-8 (else U+FFFD stands where they were not). */
export function decodeUtf8(bytes: Uint8Array): { text: string; valid: boolean } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), valid: true };
  } catch {
    return { text: new TextDecoder('utf-8').decode(bytes), valid: false };
  }
}

/** Every string of a row that `bad` finds, with its dotted path (a key is named by its parent). */
function findStrings(value: unknown, bad: (text: string) => boolean, path: string[] = []): string[] {
  if (typeof value === 'string') return bad(value) ? [path.join('.')] : [];
  if (value === null || typeof value !== 'object' || path.length > 16) return [];
  return Object.entries(value).flatMap(([key, child]) =>
    bad(key) ? [path.join('.')] : findStrings(child, bad, [...path, key]),
  );
}

/**
 * A file whose bytes are not UTF-8 is refused, each place named: the rows and fields where
 * the decoder had to stand in U+FFFD, or the line when it is outside any row (a header, a
 * key). Never imported with U+FFFD silently in a member's name.
 */
export function invalidUtf8Issues(source: ImportSource, text: string, file: string): ImportIssue[] {
  const issues = Object.values(source).flatMap((rows) =>
    (rows ?? []).flatMap(({ where, data }) =>
      findStrings(data, (t) => t.includes('\uFFFD')).map((field) => ({
        where,
        field: field || null,
        message: NOT_UTF8,
      })),
    ),
  );
  if (issues.length) return issues;
  const line = text.slice(0, Math.max(0, text.indexOf('\uFFFD'))).split('\n').length;
  return [{ where: `${file} line ${line}`, field: null, message: NOT_UTF8 }];
}

/** A field over MAX_IMPORT_FIELD_CHARS in a parsed JSON document. */
export function overlongIssues(source: ImportSource): ImportIssue[] {
  return Object.values(source).flatMap((rows) =>
    (rows ?? []).flatMap(({ where, data }) =>
      findStrings(data, (t) => t.length > MAX_IMPORT_FIELD_CHARS).map((field) => ({
        where,
        field: field || null,
        message: `Longer than ${MAX_IMPORT_FIELD_CHARS} characters: no field of the import is that long.`,
      })),
    ),
  );
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_$]{0,62}$/;

/**
 * What the command prints when the import fails unexpectedly (the database refused a
 * write, say): the error's kind, code (SQLSTATE) and constraint, its causes' too, never its
 * message or detail, which hold the query's parameters (names, addresses, a password hash)
 * and the row's values (docs/security.md, R11; the logs' allow-list in http/logging.ts).
 */
export function describeFailure(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && depth < 4; depth++) {
    const { type, code } = serializeError(current);
    const raw = current as {
      constraint?: unknown;
      constraint_name?: unknown;
      table?: unknown;
      table_name?: unknown;
    };
    const constraint = raw.constraint_name ?? raw.constraint;
    const table = raw.table_name ?? raw.table;
    parts.push(
      [
        type,
        code ? `code ${code}` : '',
        typeof constraint === 'string' && IDENTIFIER.test(constraint) ? `constraint ${constraint}` : '',
        typeof table === 'string' && IDENTIFIER.test(table) ? `table ${table}` : '',
      ]
        .filter(Boolean)
        .join(' '),
    );
    current = current instanceof Error ? current.cause : undefined;
  }
  return `The import failed and nothing of this file was kept: ${parts.join(', caused by ')}.`;
}

/** The entity a CSV file holds: the --entity option, else the file name's start (`members.csv`, `clubs-2026.csv`). */
export function entityOfCsv(file: string, named: string | undefined): ImportEntity | null {
  const candidate = named ?? (file.split('/').pop() ?? file).toLowerCase();
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

/** The rows of a CSV file's text that holds `entity`. */
export function csvSource(text: string, entity: ImportEntity, file: string) {
  const { rows, issues } = csvRows(text, entity, file);
  return { source: { [entity]: rows } as ImportSource, issues };
}
