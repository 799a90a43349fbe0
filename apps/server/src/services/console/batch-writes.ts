import {
  consoleMessages,
  type BatchWriteResult,
  type CreateBatchBody,
  type UpdateBatchBody,
} from '@ai-tutor/contract';
import type { Db, Tx } from '../../db/client.js';
import { conflict, notFound } from '../../lib/errors.js';
import { isUniqueViolation } from '../accounts/account-context.js';
import { auditRepository, type Actor } from './audit-repository.js';
import { batchesRepository as repo } from './batches-repository.js';

/*
 * Batch writes from the console: each in one transaction with its audit rows (one per kind of change:
 * the batch's name and description, its members, its teachers), so nothing that changed nothing is
 * recorded. Emails without an account are reported back, not fatal: the rest are added.
 */

interface Changes {
  addEmails?: string[] | undefined;
  removeUserIds?: string[] | undefined;
  addTeacherEmails?: string[] | undefined;
  removeTeacherIds?: string[] | undefined;
}

const unknownOf = (asked: string[], found: { email: string }[]) => {
  const known = new Set(found.map((user) => user.email));
  return [...new Set(asked.map((email) => email.trim().toLowerCase()))].filter((email) => !known.has(email));
};

const emailsOf = (ids: string[], people: { id: string; email: string }[]) =>
  people.filter((person) => ids.includes(person.id)).map((person) => person.email);

async function applyPeople(tx: Tx, actor: Actor, batch: { id: string; name: string }, changes: Changes) {
  const unknown: string[] = [];
  const before = await repo.detail(tx, batch.id);
  const object = { objectType: 'batch', objectId: batch.id, objectLabel: batch.name };

  const newMembers = await repo.usersByEmail(tx, changes.addEmails ?? []);
  unknown.push(...unknownOf(changes.addEmails ?? [], newMembers));
  const added = await repo.addMembers(
    tx,
    batch.id,
    newMembers.map((user) => user.id),
  );
  const removed = await repo.removeMembers(tx, batch.id, changes.removeUserIds ?? []);
  if (added.length || removed.length)
    await auditRepository.write(tx, actor, {
      action: 'batch.members',
      ...object,
      before: { members: before?.members.length ?? 0 },
      after: {
        added: emailsOf(added, newMembers),
        removed: emailsOf(removed, before?.members ?? []),
        members: (before?.members.length ?? 0) + added.length - removed.length,
      },
    });

  const newTeachers = await repo.usersByEmail(tx, changes.addTeacherEmails ?? [], 'teacher');
  unknown.push(...unknownOf(changes.addTeacherEmails ?? [], newTeachers));
  const assigned = await repo.addTeachers(
    tx,
    batch.id,
    newTeachers.map((user) => user.id),
  );
  const unassigned = await repo.removeTeachers(tx, batch.id, changes.removeTeacherIds ?? []);
  if (assigned.length || unassigned.length)
    await auditRepository.write(tx, actor, {
      action: 'batch.teachers',
      ...object,
      before: { teachers: before?.teachers.map((teacher) => teacher.email) ?? [] },
      after: {
        assigned: emailsOf(assigned, newTeachers),
        unassigned: emailsOf(unassigned, before?.teachers ?? []),
      },
    });
  return [...new Set(unknown)];
}

async function inTransaction<T>(db: Db, name: string | undefined, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    // Two operators naming two batches alike at once: the unique index decides.
    if (name !== undefined && isUniqueViolation(error)) throw conflict(consoleMessages.batchNameTaken(name));
    throw error;
  }
}

export function createBatch(db: Db, actor: Actor, body: CreateBatchBody): Promise<BatchWriteResult> {
  const name = body.name.trim();
  return inTransaction(db, name, async (tx) => {
    if (await repo.nameTaken(tx, name)) throw conflict(consoleMessages.batchNameTaken(name));
    const row = await repo.insert(tx, { name, description: body.description?.trim() || null });
    await auditRepository.write(tx, actor, {
      action: 'batch.create',
      objectType: 'batch',
      objectId: row.id,
      objectLabel: row.name,
      after: { name: row.name, description: row.description },
    });
    const unknownEmails = await applyPeople(tx, actor, row, { addEmails: body.memberEmails });
    return { batch: (await repo.detail(tx, row.id))!, unknownEmails };
  });
}

export function updateBatch(
  db: Db,
  actor: Actor,
  id: string,
  body: UpdateBatchBody,
): Promise<BatchWriteResult> {
  const name = body.name?.trim();
  return inTransaction(db, name, async (tx) => {
    const row = await repo.lock(tx, id);
    if (!row) throw notFound(consoleMessages.batchNotFound);
    const description = body.description === undefined ? undefined : body.description?.trim() || null;
    const renamed = name !== undefined && name !== row.name;
    const described = description !== undefined && description !== row.description;
    if (renamed && (await repo.nameTaken(tx, name, id))) throw conflict(consoleMessages.batchNameTaken(name));
    if (renamed || described) {
      const after = {
        name: renamed ? name : row.name,
        description: described ? description : row.description,
      };
      await repo.update(tx, id, after);
      await auditRepository.write(tx, actor, {
        action: 'batch.update',
        objectType: 'batch',
        objectId: id,
        objectLabel: after.name,
        before: { name: row.name, description: row.description },
        after,
      });
    }
    const unknownEmails = await applyPeople(tx, actor, { id, name: name ?? row.name }, body);
    return { batch: (await repo.detail(tx, id))!, unknownEmails };
  });
}
