import {
  consoleMessages,
  peopleMessages,
  type BatchWriteResult,
  type CreatedInvite,
  type CsvMembersResult,
  type DraftsPage,
  type InvitesPage,
} from '@ai-tutor/contract';
import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, batchMembers, questions } from '../src/db/schema.js';
import { insertQuestions, type AiScope } from './helpers/ai-fixtures.js';
import { useTestApp } from './helpers/app.js';
import { insertCatalogue } from './helpers/catalogue.js';
import { createStaff } from './helpers/console.js';
import { createLearner } from './helpers/learner.js';

/** The console's people: members by CSV, batch invite codes, AI drafts' review. */
const t = useTestApp();

type Headers = Record<string, string>;
const newBatch = async (headers: Headers, memberEmails: string[] = []) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/batches',
      headers,
      payload: { name: `Batch ${randomBytes(3).toString('hex')}`, memberEmails },
    })
  ).json().data as BatchWriteResult;
const uploadCsv = (headers: Headers, batchId: string, csv: string, mode?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/batches/${batchId}/members${mode ? `?mode=${mode}` : ''}`,
    headers: { ...headers, 'content-type': 'text/csv' },
    payload: csv,
  });
const membersOf = async (batchId: string) =>
  (await t.app.db.select().from(batchMembers).where(eq(batchMembers.batchId, batchId))).map((m) => m.userId);
const auditOf = async (objectId: string) =>
  (await t.app.db.select().from(auditLog).where(eq(auditLog.objectId, objectId))).map((row) => row.action);

describe('POST /api/v1/admin/batches/{id}/members (CSV)', () => {
  it('adds the valid rows and reports every row: added, already a member, no such learner, bad, repeated', async () => {
    const admin = await createStaff(t.app, 'admin');
    const editor = await createStaff(t.app, 'editor');
    const [asha, ravi, old] = [
      await createLearner(t.app),
      await createLearner(t.app),
      await createLearner(t.app),
    ];
    const { batch } = await newBatch(admin.headers, [old.email]);
    const csv = [
      'Name,Email',
      `Asha,${asha.email.toUpperCase()}`,
      `Old,${old.email}`,
      '',
      'Nobody,nobody@example.test',
      `Staff,${editor.email}`,
      'Typo,not-an-email',
      `Ravi,${ravi.email}`,
      `Asha again,${asha.email}`,
    ].join('\r\n');
    const res = await uploadCsv(admin.headers, batch.id, csv);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as CsvMembersResult;
    expect(res.json().message).toBe(peopleMessages.membersAdded(2));
    expect(data).toMatchObject({ applied: true, added: 2, memberCount: 3 });
    expect(data.rows.map((row) => [row.line, row.result])).toEqual([
      [2, 'added'],
      [3, 'already-member'],
      [5, 'no-such-learner'],
      [6, 'no-such-learner'],
      [7, 'invalid-email'],
      [8, 'added'],
      [9, 'duplicate'],
    ]);
    expect((await membersOf(batch.id)).sort()).toEqual([asha.id, ravi.id, old.id].sort());
    const [row] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectId, batch.id), eq(auditLog.action, 'batch.members')))
      .orderBy(auditLog.at)
      .offset(1);
    expect(row).toMatchObject({ actorLabel: admin.email, after: expect.objectContaining({ via: 'csv' }) });
  });

  it('all-or-nothing adds nobody while a row is wrong, then everyone; JSON works too', async () => {
    const admin = await createStaff(t.app, 'admin');
    const learner = await createLearner(t.app);
    const { batch } = await newBatch(admin.headers);
    const refused = await uploadCsv(
      admin.headers,
      batch.id,
      `${learner.email}\nghost@example.test`,
      'all-or-nothing',
    );
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toMatchObject({
      message: peopleMessages.membersRefused(1),
      data: { applied: false, added: 0, rows: [{ result: 'added' }, { result: 'no-such-learner' }] },
    });
    expect(await membersOf(batch.id)).toEqual([]);
    expect(await auditOf(batch.id)).toEqual(['batch.create']);

    const json = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/batches/${batch.id}/members?mode=all-or-nothing`,
      headers: admin.headers,
      payload: { csv: `email\n${learner.email}\n` },
    });
    expect(json.json().data).toMatchObject({ applied: true, added: 1, memberCount: 1 });
  });

  it('401 without a token, 403 for a teacher, 404 for an unknown batch, 400 for an empty or broken file', async () => {
    const admin = await createStaff(t.app, 'admin');
    const teacher = await createStaff(t.app, 'teacher');
    const { batch } = await newBatch(admin.headers);
    expect((await uploadCsv({}, batch.id, 'a@b.test')).statusCode).toBe(401);
    expect((await uploadCsv(teacher.headers, batch.id, 'a@b.test')).statusCode).toBe(403);
    const unknown = await uploadCsv(admin.headers, '00000000-0000-4000-8000-000000000000', 'a@b.test');
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, consoleMessages.batchNotFound]);
    const empty = await uploadCsv(admin.headers, batch.id, 'email\n\n');
    expect([empty.statusCode, empty.json().message]).toEqual([400, peopleMessages.csvEmpty]);
    const broken = await uploadCsv(admin.headers, batch.id, 'a@b.test\n"open quote');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ data: null, errors: [{ path: 'csv' }] });
    expect((await uploadCsv(admin.headers, batch.id, 'x', 'some')).statusCode).toBe(400);
    expect(await auditOf(batch.id)).toEqual(['batch.create']);
  });
});

describe('batch invite codes', () => {
  const createInvite = (headers: Headers, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/v1/admin/invites', headers, payload });

  it('enrols whoever registers with the code, lists its uses and batch, and refuses it once revoked', async () => {
    const admin = await createStaff(t.app, 'admin');
    const { batch } = await newBatch(admin.headers);
    const made = await createInvite(admin.headers, { maxUses: 3, batchId: batch.id });
    expect(made.statusCode).toBe(201);
    const { invite } = made.json().data as CreatedInvite;
    expect(invite).toMatchObject({
      maxUses: 3,
      uses: 0,
      batch: { id: batch.id, name: batch.name },
      state: 'active',
    });

    const email = `batchcode.${randomBytes(3).toString('hex')}@example.test`;
    const signup = (address: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/signup',
        payload: {
          name: 'Neha',
          email: address,
          password: 'secret-pass',
          confirmPassword: 'secret-pass',
          inviteCode: invite.code.toLowerCase(),
        },
      });
    const registered = await signup(email);
    expect(registered.statusCode).toBe(201);
    expect(await membersOf(batch.id)).toEqual([registered.json().data.user.id]);

    // a Google sign-up entering the code afterwards is enrolled too
    const google = await createLearner(t.app, { inviteUsed: false });
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/v1/invitecode/verify',
      headers: google.headers,
      payload: { inviteCode: invite.code },
    });
    expect(verify.statusCode).toBe(200);
    expect(await membersOf(batch.id)).toContain(google.id);

    const list = (
      await t.app.inject({ method: 'GET', url: '/api/v1/admin/invites?limit=100', headers: admin.headers })
    ).json().data as InvitesPage;
    expect(list.rows.find((row) => row.id === invite.id)).toMatchObject({ uses: 2, state: 'active' });

    const revoke = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/invites/${invite.id}/revoke`,
        headers: admin.headers,
        payload: { reason: 'leaked' },
      });
    const revoked = await revoke();
    expect([revoked.statusCode, revoked.json().message]).toEqual([
      200,
      peopleMessages.inviteRevoked(invite.code),
    ]);
    expect(revoked.json().data.state).toBe('revoked');
    expect((await signup(`late.${email}`)).statusCode).toBe(400);
    expect((await revoke()).json().message).toBe(peopleMessages.inviteAlreadyRevoked(invite.code));
    expect(await auditOf(invite.id)).toEqual(['invite.create', 'invite.revoke']);
  });

  it('401, 403 for a teacher, 404 for an unknown batch or code, 400 for bad input, writing nothing', async () => {
    const admin = await createStaff(t.app, 'admin');
    const teacher = await createStaff(t.app, 'teacher');
    const before = (await t.app.db.select().from(auditLog)).length;
    expect((await createInvite({}, { maxUses: 1 })).statusCode).toBe(401);
    expect((await createInvite(teacher.headers, { maxUses: 1 })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/admin/invites', headers: teacher.headers }))
        .statusCode,
    ).toBe(403);
    const noBatch = await createInvite(admin.headers, {
      maxUses: 1,
      batchId: '00000000-0000-4000-8000-000000000000',
    });
    expect([noBatch.statusCode, noBatch.json().message]).toEqual([404, consoleMessages.batchNotFound]);
    expect((await createInvite(admin.headers, { maxUses: 0 })).statusCode).toBe(400);
    const past = await createInvite(admin.headers, { maxUses: 1, expiresAt: '2020-01-01T00:00:00Z' });
    expect([past.statusCode, past.json().errors[0].message]).toEqual([400, peopleMessages.expiryInPast]);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/invites/00000000-0000-4000-8000-000000000000/revoke',
      headers: admin.headers,
    });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, peopleMessages.inviteNotFound]);
    expect((await t.app.db.select().from(auditLog)).length).toBe(before);
    const dup = await createInvite(admin.headers, { maxUses: 1, code: 'SAME-CODE-1' });
    expect(dup.statusCode).toBe(201);
    expect((await createInvite(admin.headers, { maxUses: 1, code: 'same-code-1' })).statusCode).toBe(409);
  });
});

describe('AI drafts in the console', () => {
  it('lists drafts for editors, approves and rejects them with an audit row each', async () => {
    const editor = await createStaff(t.app, 'editor');
    const c = await insertCatalogue(t.app.db, { subjects: [{ name: 'Biology', questions: 1 }] });
    const scope = {
      exam: c.exam,
      module: c.module,
      subject: c.subjects[0]!,
      topic: c.subjects[0]!.topics[0]!,
    } as AiScope;
    const [keep, drop] = await insertQuestions(t.app.db, scope, [
      {
        text: `Which organelle makes ATP? ${randomBytes(2).toString('hex')}`,
        options: ['Mitochondrion', 'Ribosome'],
        answer: 'Mitochondrion',
        status: 'draft',
      },
      {
        text: `Which is a vowel? ${randomBytes(2).toString('hex')}`,
        options: ['a', 'b'],
        answer: 'a',
        status: 'draft',
      },
    ]);
    const page = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/admin/drafts?subjectSlug=${c.subjects[0]!.slug}`,
        headers: editor.headers,
      })
    ).json().data as DraftsPage;
    expect(page.rows.map((row) => row.id)).toEqual([keep, drop]);
    expect(page.rows[0]).toMatchObject({
      answer: 'Mitochondrion',
      subject: 'Biology',
      options: ['Mitochondrion', 'Ribosome'],
    });

    const decide = (what: string, ids: string[]) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/drafts/${what}`,
        headers: editor.headers,
        payload: { ids },
      });
    const approved = await decide('approve', [keep!, c.subjects[0]!.questionIds[0]!]);
    expect(approved.json()).toMatchObject({
      message: peopleMessages.draftsApproved(1),
      data: { done: [keep], notDrafts: [c.subjects[0]!.questionIds[0]] },
    });
    expect((await decide('reject', [drop!])).json().data.done).toEqual([drop]);
    const left = await t.app.db
      .select()
      .from(questions)
      .where(inArray(questions.id, [keep!, drop!]));
    expect(left.map((q) => [q.id, q.status])).toEqual([[keep, 'approved']]);
    expect(await auditOf(keep!)).toEqual(['question.approve']);
    expect(await auditOf(drop!)).toEqual(['question.reject']);
  });

  it('401 without a token, 403 for a teacher, 400 for bad ids', async () => {
    const editor = await createStaff(t.app, 'editor');
    const teacher = await createStaff(t.app, 'teacher');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/drafts' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/admin/drafts', headers: teacher.headers }))
        .statusCode,
    ).toBe(403);
    const post = (headers: Headers, payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/v1/admin/drafts/approve', headers, payload });
    expect((await post(teacher.headers, { ids: [] })).statusCode).toBe(403);
    expect((await post(editor.headers, { ids: [] })).statusCode).toBe(400);
    expect((await post(editor.headers, { ids: ['x'] })).statusCode).toBe(400);
  });
});
