import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  csvSource,
  decodeUtf8,
  entityOfCsv,
  type ImportIssue,
  type ImportSource,
  invalidUtf8Issues,
  jsonSource,
  MAX_IMPORT_FILE_BYTES,
  overlongIssues,
} from './modules/import/source.ts';
import { IMPORT_ENTITIES } from '@portal/contract';

/*
 * The import's files on disk (`npm run import`, Node only); what their text holds is read by
 * modules/import/source.ts, which the demo seed uses too.
 */

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
  let bytes: Uint8Array;
  try {
    if ((await stat(file)).size > MAX_IMPORT_FILE_BYTES) return refuse(tooLarge);
    bytes = await readFile(file);
  } catch (error) {
    return refuse((error as Error).message);
  }
  // The file may have grown between the two calls.
  if (bytes.length > MAX_IMPORT_FILE_BYTES) return refuse(tooLarge);
  const { text, valid } = decodeUtf8(bytes);
  const read = entity ? csvSource(text, entity, name) : jsonSource(text, name);
  const more = valid ? [] : invalidUtf8Issues(read.source, text, name);
  return { source: read.source, issues: [...more, ...read.issues, ...overlongIssues(read.source)] };
}

const tooLarge = `The file is larger than ${MAX_IMPORT_FILE_BYTES / 1024 / 1024} MB, the most the import reads: split it into several files.`;
