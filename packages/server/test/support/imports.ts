import path from 'node:path';
import type { ImportDocumentInput, ImportEntity, OperatorId } from '@portal/contract';
import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { sandboxMailer } from '../../src/adapters/mail/sandbox.ts';
import type { Config } from '../../src/config.ts';
import { outbox } from '../../src/db/schema.ts';
import { type ImportReport, importSource } from '../../src/modules/import/service.ts';
import {
  documentSource,
  type ImportIssue,
  ImportRefused,
  type ImportSource,
} from '../../src/modules/import/source.ts';
import { readImportFile } from '../../src/import-file.ts';
import { nodePasswordHasher } from '../../src/adapters/passwords/node.ts';
import type { TestApp } from './harness.ts';

/** The example files of docs/operations.md. */
export const EXAMPLES = path.resolve(import.meta.dirname, '../../../../docs/examples');

/** A file's rows, which must read without a problem. */
export async function sourceOf(file: string): Promise<ImportSource> {
  const { source, issues } = await readImportFile(file);
  expect(issues).toEqual([]);
  return source;
}

/** Imports as `npm run import` does, inviting new members with links on config's origins. */
export function importInto(
  t: TestApp,
  source: ImportSource | Partial<Record<ImportEntity, unknown[]>>,
  config: Config,
  options: { dryRun?: boolean } = {},
): Promise<ImportReport> {
  const read = Object.values(source).some((list) => {
    const first = list?.[0];
    return typeof first === 'object' && first !== null && 'where' in first;
  });
  // A document written in the test goes in as a JSON file's would (the schemas judge it).
  const rows = read ? (source as ImportSource) : documentSource(source as ImportDocumentInput);
  return importSource(t.db, rows, {
    clock: t.clock,
    passwords: nodePasswordHasher,
    invite: { mailer: sandboxMailer(t.clock), config },
    ...options,
  });
}

/** The problems an import was refused for (it must be refused). */
export async function refusal(importing: Promise<unknown>): Promise<ImportIssue[]> {
  const error = await importing.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImportRefused);
  return (error as ImportRefused).issues;
}

/** The newest e-mail to an address, read from the outbox table (production has no dev outbox). */
export async function lastMailTo(t: TestApp, to: string, operator: OperatorId) {
  const [row] = await t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to), eq(outbox.operatorId, operator)))
    .orderBy(desc(outbox.id))
    .limit(1);
  return row;
}

/** The set-password link's token in an invitation. */
export const tokenIn = (body: string) => /\/password\/update\?token=([\w-]+)/.exec(body)?.[1] ?? null;

/** Sets a password with an invitation's token, as the portal's set-password page does. */
export function setPassword(t: TestApp, operator: OperatorId, token: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/update',
    payload: { operator_id: operator, token, password },
  });
}

export function signInAs(t: TestApp, operator: OperatorId, username: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/authenticate',
    payload: { operator_id: operator, username, password },
  });
}
