import { type ImportEntity, importEntities } from '@portal/contract';
import { CsvError, type Options, parse } from 'csv-parse/sync';
import { forbiddenField, type ImportIssue, MAX_IMPORT_FIELD_CHARS, type SourceRow } from './rows.ts';

/** One record of a CSV file and the line it starts on (the header is line 1). */
interface CsvRecord {
  line: number;
  cells: string[];
}

/** A field over the limit. */
class FieldTooLong extends Error {}

const tooLong = (line: number) => `line ${line}: a field is longer than ${MAX_IMPORT_FIELD_CHARS} characters`;
const lineBreaks = (text: string) => text.match(/\r\n|\n|\r/g)?.length ?? 0;
const CR = 0x0d;
const LF = 0x0a;

/** csv-parse's reading of the import's CSV: RFC 4180, as spreadsheets save it. */
const CSV_OPTIONS: Options = {
  // A spreadsheet may mix line ends; each of them ends a record (outside quotes).
  record_delimiter: ['\r\n', '\n', '\r'],
  // The rows are checked against the header's columns, with the row's line (csvRows).
  relax_column_count: true,
  // A quote inside an unquoted field (`12" mat`) is a character, as spreadsheets read it.
  relax_quotes: true,
  skip_empty_lines: true,
};

/**
 * RFC 4180 CSV, read by csv-parse: fields separated by commas, or by semicolons when the
 * header has semicolons and no comma (as spreadsheets in German-speaking countries save
 * them); fields in double quotes may hold separators, line breaks and doubled quotes. A
 * byte order mark is dropped; blank lines are skipped. A field over MAX_IMPORT_FIELD_CHARS
 * stops the parse, and so does a quote never closed (which would read the rest of the file
 * into one field); each is named by the line its record starts on.
 */
export function parseCsv(text: string): { records: CsvRecord[]; error: string | null } {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.slice(0, body.search(/\r|\n|$/));
  const delimiter = firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
  // Lines are counted here, from csv-parse's byte offsets: its own count takes \r\n for two.
  const bytes = new TextEncoder().encode(body);
  let end = 0; // where the record read last ended, after its line break
  let counted = 0;
  let line = 1; // the line of byte `counted`
  const lineAt = (offset: number) => {
    for (; counted < offset; counted++) {
      if (bytes[counted] === LF || (bytes[counted] === CR && bytes[counted + 1] !== LF)) line += 1;
    }
    return line;
  };
  /** Where the next record starts: after the blank lines csv-parse skips. */
  const nextStart = () => {
    let start = end;
    while (bytes[start] === CR || bytes[start] === LF) start += 1;
    return start;
  };
  const records: CsvRecord[] = [];
  try {
    parse(bytes, {
      ...CSV_OPTIONS,
      delimiter,
      cast: (value) => {
        if (value.length > MAX_IMPORT_FIELD_CHARS) throw new FieldTooLong();
        return value;
      },
      on_record: (cells, context) => {
        records.push({ line: lineAt(nextStart()), cells });
        end = context.bytes;
        return null;
      },
    });
  } catch (error) {
    const start = nextStart();
    const at = lineAt(start);
    if (error instanceof FieldTooLong) return { records, error: tooLong(at) };
    if (!(error instanceof CsvError)) throw error;
    if (error.code !== 'CSV_QUOTE_NOT_CLOSED')
      return { records, error: `line ${at}: not readable as CSV (${error.code})` };
    // The quoted field runs to the end of the file; over the limit, that is what is named.
    const fields = closedAtEnd(new TextDecoder().decode(bytes.subarray(start)), delimiter);
    if ((fields.at(-1) ?? '').length > MAX_IMPORT_FIELD_CHARS)
      return { records, error: tooLong(at + fields.slice(0, -1).reduce((n, f) => n + lineBreaks(f), 0)) };
    return { records, error: `line ${at}: a quoted field is not closed` };
  }
  return { records, error: null };
}

/** The fields of a record whose last quote never closes, read as if it closed at the end. */
function closedAtEnd(record: string, delimiter: string): string[] {
  try {
    return (parse(`${record}"`, { ...CSV_OPTIONS, delimiter }) as string[][])[0] ?? [];
  } catch {
    return [];
  }
}

type ColumnType = 'number' | 'boolean' | 'list' | 'hours';

/** Columns that are not text, per entity; a list separates its items with `|`. */
const COLUMN_TYPES: Record<ImportEntity, Record<string, ColumnType>> = {
  clubs: { opening_hours: 'hours', staffed_hours: 'hours', capacity: 'number', visit_minutes: 'number' },
  products: {
    monthly_fee: 'number',
    binding_months: 'number',
    require_phone_verification: 'boolean',
    club_ids: 'list',
  },
  promotions: {
    referrer_discount_months: 'number',
    referrer_discount_percentage: 'number',
    referrer_pt_hours: 'number',
    signup_fee: 'number',
  },
  members: { gdpr_opt_in: 'boolean' },
  keys: {},
  freezes: {},
  classes: { duration_minutes: 'number' },
  class_sessions: { capacity: 'number' },
};

const HOURS_FORMAT =
  'Write hours as "1-5 06:00-23:00; 6,7 08:00-22:00" (days 1 = Monday to 7 = Sunday, times HH:MM).';

/** `1-5 06:00-23:00; 6,7 08:00-22:00` → WeeklyHours, or null when it is not written so. */
export function parseHours(text: string): { days: number[]; opens: string; closes: string }[] | null {
  const hours = [];
  for (const part of text.split(';').map((p) => p.trim())) {
    if (part === '') continue;
    const match = /^([1-7](?:\s*[-,]\s*[1-7])*)\s+(\d{2}:\d{2})\s*-\s*(\d{2}:\d{2})$/.exec(part);
    if (!match) return null;
    const days = new Set<number>();
    for (const range of match[1]!.split(',')) {
      const [from, to = from] = range.split('-').map((d) => Number(d.trim()));
      if (from! > to!) return null;
      for (let d = from!; d <= to!; d++) days.add(d);
    }
    hours.push({ days: [...days].sort(), opens: match[2]!, closes: match[3]! });
  }
  return hours;
}

/** A cell as the row schema expects it; text that does not read as its type stays text, for the schema to refuse. */
function cellValue(type: ColumnType | undefined, raw: string): { value: unknown } | { error: string } {
  const text = raw.trim();
  switch (type) {
    case 'number':
      return { value: /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text };
    case 'boolean': {
      const lower = text.toLowerCase();
      if (['true', 'yes', '1'].includes(lower)) return { value: true };
      if (['false', 'no', '0'].includes(lower)) return { value: false };
      return { value: text };
    }
    case 'list':
      return { value: text.split('|').map((item) => item.trim()) };
    case 'hours': {
      const hours = parseHours(text);
      return hours ? { value: hours } : { error: HOURS_FORMAT };
    }
    default:
      return { value: text };
  }
}

/** Sets `presentation.en.name` as a nested field. */
function setPath(target: Record<string, unknown>, column: string, value: unknown): void {
  const parts = column.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    node[part] ??= {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts.at(-1)!] = value;
}

/**
 * The rows of a CSV file of one entity: the header names the fields (dotted names for
 * nested ones, e.g. `presentation.de.name`), each further line is a row; an empty cell
 * leaves its field out. Header problems are reported once, and then no row is read.
 */
export function csvRows(
  text: string,
  entity: ImportEntity,
  file: string,
): { rows: SourceRow[]; issues: ImportIssue[] } {
  const { records, error } = parseCsv(text);
  if (error) return { rows: [], issues: [{ where: file, field: null, message: error }] };
  const [header, ...data] = records;
  if (!header) return { rows: [], issues: [{ where: file, field: null, message: 'The file is empty.' }] };
  const columns = header.cells.map((c) => c.trim());
  const fields = Object.keys(importEntities[entity].shape);
  const issues: ImportIssue[] = [];
  const where = `${file} line 1`;
  columns.forEach((column, index) => {
    if (column === '') {
      issues.push({ where, field: `column ${index + 1}`, message: 'A column has no name.' });
    } else if (forbiddenField(column)) {
      issues.push({ where, field: column, message: forbiddenField(column)! });
    } else if (!fields.includes(column.split('.')[0]!)) {
      issues.push({
        where,
        field: column,
        message: `Unknown column for ${entity}: use ${fields.join(', ')}.`,
      });
    } else if (columns.indexOf(column) !== index) {
      issues.push({ where, field: column, message: 'The column appears twice.' });
    }
  });
  if (issues.length) return { rows: [], issues };

  const rows: SourceRow[] = [];
  for (const record of data) {
    const rowWhere = `${file} line ${record.line}`;
    if (record.cells.length > columns.length) {
      issues.push({
        where: rowWhere,
        field: null,
        message: `The line has ${record.cells.length} fields, the header ${columns.length}.`,
      });
      continue;
    }
    const row: Record<string, unknown> = {};
    record.cells.forEach((raw, index) => {
      const column = columns[index]!;
      if (raw.trim() === '') return;
      const converted = cellValue(COLUMN_TYPES[entity][column], raw);
      if ('error' in converted) issues.push({ where: rowWhere, field: column, message: converted.error });
      else setPath(row, column, converted.value);
    });
    rows.push({ where: rowWhere, data: row });
  }
  return { rows, issues };
}
