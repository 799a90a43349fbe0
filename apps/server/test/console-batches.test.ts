import { consoleMessages, type AuditPage, type BatchWriteResult } from '@ai-tutor/contract';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { auditLog, batches } from '../src/db/schema.js';
import { useTestApp } from './helpers/app.js';
import { createStaff } from './helpers/console.js';
import { createLearner } from './helpers/learner.js';

/** Batches in the console: created, changed, members by email, teachers assigned and scoped. */
const t = useTestApp();

type Headers = Record<string, string>;
const url = '/api/v1/admin/batches';
const create = (headers: Headers, payload: object) => t.app.inject({ method: 'POST', url, headers, payload });
const patch = (headers: Headers, id: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `${url}/${id}`, headers, payload });
const get = (headers: Headers, path = '') => t.app.inject({ method: 'GET', url: `${url}${path}`, headers });
const uniqueName = (stem: string) => `${stem} ${randomBytes(3).toString('hex')}`;

describe('batches (admin)', () => {
  it('creates a batch with members by email, reporting unknown emails, and audits it', async () => {
    const admin = await createStaff(t.app, 'admin');
    const [a, b] = [await createLearner(t.app), await createLearner(t.app)];
    const name = uniqueName('NEET Morning');
    const res = await create(admin.headers, {
      name,
      description: 'Room 4',
      memberEmails: [a.email.toUpperCase(), b.email, 'nobody@example.test'],
    });
    expect(res.statusCode).toBe(201);
    const { message, data } = res.json() as { message: string; data: BatchWriteResult };
    expect(message).toBe(consoleMessages.batchCreated);
    expect(data.unknownEmails).toEqual(['nobody@example.test']);
    expect(data.batch).toMatchObject({ name, description: 'Room 4', memberCount: 2, teachers: [] });
    expect(data.batch.members.map((m) => m.email).sort()).toEqual([a.email, b.email].sort());

    const log = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/admin/audit?object=batch:${data.batch.id}`,
        headers: admin.headers,
      })
    ).json().data as AuditPage;
    // one transaction: both rows carry its time, so their order is not asserted
    expect(log.rows.map((row) => [row.action, row.actor, row.objectLabel]).sort()).toEqual([
      ['batch.create', admin.email, name],
      ['batch.members', admin.email, name],
    ]);
    expect(log.rows.find((row) => row.action === 'batch.members')!.after).toMatchObject({ members: 2 });

    const listed = (await get(admin.headers, '?limit=100')).json().data;
    expect(listed.rows).toContainEqual(expect.objectContaining({ id: data.batch.id, memberCount: 2 }));
  });

  it('renames, adds and removes members, assigns a teacher; a repeat changes and audits nothing', async () => {
    const admin = await createStaff(t.app, 'admin');
    const teacher = await createStaff(t.app, 'teacher');
    const [a, b] = [await createLearner(t.app), await createLearner(t.app)];
    const { batch } = (
      await create(admin.headers, { name: uniqueName('JEE'), memberEmails: [a.email] })
    ).json().data as BatchWriteResult;
    const renamed = uniqueName('JEE Evening');
    const change = {
      name: renamed,
      addEmails: [b.email, 'ghost@example.test'],
      removeUserIds: [a.id],
      addTeacherEmails: [teacher.email, a.email],
    };
    const res = await patch(admin.headers, batch.id, change);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as BatchWriteResult;
    // a learner is no teacher: their email is reported like an unknown one
    expect(data.unknownEmails).toEqual(['ghost@example.test', a.email]);
    expect(data.batch.name).toBe(renamed);
    expect(data.batch.members.map((m) => m.email)).toEqual([b.email]);
    expect(data.batch.teachers.map((m) => m.email)).toEqual([teacher.email]);

    const rows = () => t.app.db.select().from(auditLog);
    const before = (await rows()).length;
    const again = await patch(admin.headers, batch.id, { ...change, removeUserIds: [a.id] });
    expect(again.statusCode).toBe(200);
    expect((await rows()).length).toBe(before);
  });

  it('refuses a taken name (409), bad input (400) and an unknown batch (404), writing nothing', async () => {
    const admin = await createStaff(t.app, 'admin');
    const name = uniqueName('Taken');
    const first = (await create(admin.headers, { name })).json().data as BatchWriteResult;
    const batchesBefore = await t.app.db.select().from(batches);
    const auditBefore = await t.app.db.select().from(auditLog);

    const taken = await create(admin.headers, { name: name.toUpperCase() });
    expect([taken.statusCode, taken.json()]).toEqual([
      409,
      { message: consoleMessages.batchNameTaken(name.toUpperCase()), data: null },
    ]);
    const other = (await create(admin.headers, { name: uniqueName('Other') })).json()
      .data as BatchWriteResult;
    const renameClash = await patch(admin.headers, other.batch.id, { name });
    expect(renameClash.statusCode).toBe(409);
    expect((await create(admin.headers, { name: '  ' })).statusCode).toBe(400);
    expect((await create(admin.headers, { name: 'x', memberEmails: ['not-an-email'] })).statusCode).toBe(400);
    expect((await patch(admin.headers, first.batch.id, {})).statusCode).toBe(400);
    const missing = await patch(admin.headers, '00000000-0000-4000-8000-000000000000', { name: 'y' });
    expect([missing.statusCode, missing.json().message]).toEqual([404, consoleMessages.batchNotFound]);

    expect((await t.app.db.select().from(batches)).length).toBe(batchesBefore.length + 1);
    expect((await t.app.db.select().from(auditLog)).length).toBe(auditBefore.length + 1);
  });
});

describe('batches (teacher)', () => {
  it('lets a teacher read only their batches (another is 404) and change none', async () => {
    const admin = await createStaff(t.app, 'admin');
    const teacher = await createStaff(t.app, 'teacher');
    const mine = (await create(admin.headers, { name: uniqueName('Mine') })).json().data as BatchWriteResult;
    const theirs = (await create(admin.headers, { name: uniqueName('Theirs') })).json()
      .data as BatchWriteResult;
    await patch(admin.headers, mine.batch.id, { addTeacherEmails: [teacher.email] });

    const list = (await get(teacher.headers, '?limit=100')).json().data;
    expect(list.rows.map((row: { id: string }) => row.id)).toEqual([mine.batch.id]);
    expect(list.total).toBe(1);
    expect((await get(teacher.headers, `/${mine.batch.id}`)).statusCode).toBe(200);
    const other = await get(teacher.headers, `/${theirs.batch.id}`);
    expect([other.statusCode, other.json()]).toEqual([
      404,
      { message: consoleMessages.batchNotFound, data: null },
    ]);
    expect((await patch(teacher.headers, mine.batch.id, { name: 'Renamed' })).statusCode).toBe(403);
    expect((await create(teacher.headers, { name: uniqueName('New') })).statusCode).toBe(403);

    const learner = await createLearner(t.app);
    expect((await get(learner.headers)).statusCode).toBe(403);
    expect((await get({})).statusCode).toBe(401);
  });
});
