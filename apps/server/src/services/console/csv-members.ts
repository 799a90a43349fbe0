import {
  consoleMessages,
  CSV_MEMBERS_MAX_ROWS,
  peopleMessages,
  type CsvMemberRow,
  type CsvMembersMode,
  type CsvMembersResult,
} from '@ai-tutor/contract';
import { CsvError, parse } from 'csv-parse/sync';
import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { batchMembers, userRoles, users } from '../../db/schema.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { auditRepository, type Actor } from './audit-repository.js';
import { batchesRepository } from './batches-repository.js';

/*
 * Members by CSV (docs/decisions/0025-console-people.md): one email a row, either the only column or
 * the one headed "email". Every row gets its result — added, already a member, no such learner (no
 * account, or a staff account), not an email, a repeat of an earlier row — and the mode says whether
 * the valid rows are added or, with any bad row, none.
 */

interface EmailRow {
  line: number;
  email: string;
}

const isEmail = (text: string) => z.email().max(254).safeParse(text).success;

/** The rows' emails with their lines; a header row naming an "email" column picks that column. */
export function readEmailCsv(source: string): EmailRow[] {
  const records: { line: number; fields: string[] }[] = [];
  try {
    parse(source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n'), {
      trim: true,
      relax_column_count: true,
      skip_empty_lines: true,
      on_record: (fields: string[], { lines }) => {
        if (fields.some((field) => field !== '')) records.push({ line: lines, fields });
        return null;
      },
    });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = typeof error.lines === 'number' ? error.lines : 1;
    throw badRequest(peopleMessages.csvUnreadable(line, error.message), [
      { path: 'csv', message: peopleMessages.csvUnreadable(line, error.message) },
    ]);
  }
  const header = records[0]?.fields.map((field) => field.toLowerCase());
  const column = header ? header.findIndex((name) => name === 'email' || name === 'e-mail') : -1;
  const body = column >= 0 ? records.slice(1) : records;
  const rows = body.map(({ line, fields }) => ({ line, email: (fields[Math.max(column, 0)] ?? '').trim() }));
  if (!rows.length)
    throw badRequest(peopleMessages.csvEmpty, [{ path: 'csv', message: peopleMessages.csvEmpty }]);
  if (rows.length > CSV_MEMBERS_MAX_ROWS)
    throw badRequest(peopleMessages.csvTooManyRows(CSV_MEMBERS_MAX_ROWS));
  return rows;
}

/** Learners (accounts holding no console role) with these emails, and which are in the batch already. */
async function lookUp(tx: DbOrTx, batchId: string, emails: string[]) {
  if (!emails.length) return new Map<string, { id: string; member: boolean }>();
  const found = await tx
    .select({
      id: users.id,
      email: users.email,
      member: sql<boolean>`exists (select 1 from ${batchMembers} where ${batchMembers.batchId} = ${batchId}::uuid and ${batchMembers.userId} = ${sql.raw('"users"."id"')})`,
    })
    .from(users)
    .where(
      and(
        inArray(users.email, emails),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(userRoles)
            .where(eq(userRoles.userId, users.id)),
        ),
      ),
    );
  return new Map(found.map((row) => [row.email, { id: row.id, member: Boolean(row.member) }]));
}

export function addMembersFromCsv(
  db: Db,
  actor: Actor,
  batchId: string,
  source: string,
  mode: CsvMembersMode,
): Promise<CsvMembersResult> {
  const rows = readEmailCsv(source);
  return db.transaction(async (tx) => {
    const batch = await batchesRepository.lock(tx, batchId);
    if (!batch) throw notFound(consoleMessages.batchNotFound);
    const wanted = rows.map((row) => row.email.toLowerCase()).filter(isEmail);
    const learners = await lookUp(tx, batchId, [...new Set(wanted)]);
    const seen = new Set<string>();
    const report: CsvMemberRow[] = rows.map(({ line, email }) => {
      const key = email.toLowerCase();
      if (!isEmail(key)) return { line, email, result: 'invalid-email' };
      if (seen.has(key)) return { line, email, result: 'duplicate' };
      seen.add(key);
      const learner = learners.get(key);
      if (!learner) return { line, email, result: 'no-such-learner' };
      return { line, email, result: learner.member ? 'already-member' : 'added' };
    });
    const toAdd = report.filter((row) => row.result === 'added').map((row) => row.email.toLowerCase());
    const bad = report.filter((row) => row.result === 'invalid-email' || row.result === 'no-such-learner');
    const before = (await batchesRepository.detail(tx, batchId))!.memberCount;
    if (mode === 'all-or-nothing' && bad.length)
      return { applied: false, added: 0, memberCount: before, rows: report };
    const added = await batchesRepository.addMembers(
      tx,
      batchId,
      toAdd.map((email) => learners.get(email)!.id),
    );
    if (added.length)
      await auditRepository.write(tx, actor, {
        action: 'batch.members',
        objectType: 'batch',
        objectId: batchId,
        objectLabel: batch.name,
        before: { members: before },
        after: { added: toAdd, removed: [], members: before + added.length, via: 'csv' },
      });
    return { applied: true, added: added.length, memberCount: before + added.length, rows: report };
  });
}
