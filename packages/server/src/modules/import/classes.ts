import type { ImportClass, ImportClassSession } from '@portal/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/executor.ts';
import * as t from '../../db/schema.ts';
import type { EntityCounts } from './service.ts';
import type { ImportIssue } from './source.ts';
import type { Parsed, ParsedImport } from './validate.ts';

// The timetable's part of the import (docs/classes.md): classes and their sessions, upserted
// by id, checked against the file and the database like the other entities.

/** The stored classes and sessions the file names, by id. */
export async function loadStoredClasses(tx: Executor, parsed: ParsedImport) {
  const classIds = [
    ...parsed.classes.map((c) => c.row.id),
    ...parsed.class_sessions.map((s) => s.row.class_id),
  ];
  const sessionIds = parsed.class_sessions.map((s) => s.row.id);
  const classes = classIds.length
    ? await tx.select().from(t.classes).where(inArray(t.classes.id, classIds))
    : [];
  const sessions = sessionIds.length
    ? await tx.select().from(t.classSessions).where(inArray(t.classSessions.id, sessionIds))
    : [];
  return {
    classes: new Map(classes.map((c) => [c.id, c])),
    sessions: new Map(sessions.map((s) => [s.id, s])),
  };
}

export type StoredClasses = Awaited<ReturnType<typeof loadStoredClasses>>;

/**
 * Classes appear once and keep their operator; a session names a class of the file or the
 * database and a club of the class's operator, and ends after it starts.
 */
export function checkClasses(
  parsed: ParsedImport,
  stored: StoredClasses,
  clubOperator: (id: string) => string | undefined,
): ImportIssue[] {
  const issues: ImportIssue[] = [];
  const fileClasses = new Map<string, ImportClass>();
  for (const { where, row } of parsed.classes) {
    if (fileClasses.has(row.id))
      issues.push({ where, field: 'id', message: `The class ${row.id} appears twice in the file.` });
    fileClasses.set(row.id, row);
    const current = stored.classes.get(row.id);
    if (current && current.operatorId !== row.operator_id)
      issues.push({
        where,
        field: 'operator_id',
        message: `The class ${row.id} belongs to operator ${current.operatorId}.`,
      });
  }
  const seen = new Set<string>();
  for (const { where, row } of parsed.class_sessions) {
    if (seen.has(row.id))
      issues.push({ where, field: 'id', message: `The session ${row.id} appears twice in the file.` });
    seen.add(row.id);
    const classOperator =
      fileClasses.get(row.class_id)?.operator_id ?? stored.classes.get(row.class_id)?.operatorId;
    if (!classOperator)
      issues.push({
        where,
        field: 'class_id',
        message: `Unknown class ${row.class_id}: import it first or in the same file.`,
      });
    const owner = clubOperator(row.club_id);
    if (!owner)
      issues.push({
        where,
        field: 'club_id',
        message: `Unknown club ${row.club_id}: import it first or in the same file.`,
      });
    else if (classOperator && owner !== classOperator)
      issues.push({
        where,
        field: 'club_id',
        message: `The club ${row.club_id} belongs to operator ${owner}, the class to ${classOperator}.`,
      });
    if (new Date(row.ends_at) <= new Date(row.starts_at))
      issues.push({ where, field: 'ends_at', message: 'A session must end after it starts.' });
    const current = stored.sessions.get(row.id);
    if (current && current.classId !== row.class_id)
      issues.push({
        where,
        field: 'class_id',
        message: `The session ${row.id} belongs to the class ${current.classId}.`,
      });
  }
  return issues;
}

const noCounts = (): EntityCounts => ({ created: 0, updated: 0, unchanged: 0 });

const classValues = (row: ImportClass) => ({
  operatorId: row.operator_id,
  name: row.name,
  description: row.description,
  intensity: row.intensity,
  durationMinutes: row.duration_minutes,
});

const sessionValues = (row: ImportClassSession) => ({
  classId: row.class_id,
  locationId: row.club_id,
  startsAt: new Date(row.starts_at),
  endsAt: new Date(row.ends_at),
  room: row.room,
  instructor: row.instructor,
  capacity: row.capacity,
});

function differs(current: Record<string, unknown>, next: Record<string, unknown>): boolean {
  return Object.entries(next).some(([key, value]) => {
    const was = current[key];
    return value instanceof Date
      ? !(was instanceof Date) || was.getTime() !== value.getTime()
      : was !== value;
  });
}

export async function upsertClasses(tx: Tx, rows: Parsed<ImportClass>[], stored: StoredClasses) {
  const counts = noCounts();
  for (const { row } of rows) {
    const values = classValues(row);
    const current = stored.classes.get(row.id);
    if (!current) {
      await tx.insert(t.classes).values({ id: row.id, ...values });
      counts.created += 1;
    } else if (differs(current, values)) {
      await tx.update(t.classes).set(values).where(eq(t.classes.id, row.id));
      counts.updated += 1;
    } else counts.unchanged += 1;
  }
  return counts;
}

/** Sessions by id; new ones inserted in slices (a timetable has many). */
export async function upsertClassSessions(tx: Tx, rows: Parsed<ImportClassSession>[], stored: StoredClasses) {
  const counts = noCounts();
  const inserts: (typeof t.classSessions.$inferInsert)[] = [];
  for (const { row } of rows) {
    const values = sessionValues(row);
    const current = stored.sessions.get(row.id);
    if (!current) {
      inserts.push({ id: row.id, ...values });
      counts.created += 1;
    } else if (differs(current, values)) {
      await tx.update(t.classSessions).set(values).where(eq(t.classSessions.id, row.id));
      counts.updated += 1;
    } else counts.unchanged += 1;
  }
  for (let start = 0; start < inserts.length; start += 500) {
    await tx.insert(t.classSessions).values(inserts.slice(start, start + 500));
  }
  return counts;
}
