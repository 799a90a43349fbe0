import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, media } from '../src/db/schema.js';
import { useTestApp } from './helpers/app.js';
import { fetchResult, save, startSession, subjectQuiz, submit } from './helpers/catalogue.js';
import { createStaff } from './helpers/console.js';
import { createLearner } from './helpers/learner.js';
import { editForm, oneQuestion as oneQuestionIn, putEdit } from './helpers/question-edit.js';

/**
 * Figures uploaded in the question editor (docs/question-bank.md#figures): the importer's media rules,
 * stored by SHA-256, audited; the save that puts one in a field is a new version, and a session given
 * the old version keeps the old figure set.
 */
const t = useTestApp();

type Headers = Record<string, string>;
const figuresUrl = (id: string) => `/api/v1/admin/questions/${id}/figures`;
const upload = (headers: Headers, id: string, payload: object) =>
  t.app.inject({ method: 'POST', url: figuresUrl(id), headers, payload });
const b64 = (bytes: Buffer | string) => Buffer.from(bytes).toString('base64');

// A 1×1 png: the bytes are what is sniffed, never the name.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const auditRows = (id: string) => t.app.db.select().from(auditLog).where(eq(auditLog.objectId, id));

describe('uploading a figure in the editor', () => {
  it('stores it by SHA-256, serves it, audits it; the save is a new version the old session does not see', async () => {
    const editor = await createStaff(t.app, 'editor');
    const learner = await createLearner(t.app);
    const { c, id } = await oneQuestionIn(t.app);
    const running = await startSession(t.app, learner, subjectQuiz(c));
    await save(t.app, learner, { evaluationId: running.evaluation[0]!._id, userAnswer: 'convex' });

    const res = await upload(editor.headers, id, { alt: ' a convex lens [side view] ', content: b64(PNG) });
    expect(res.statusCode).toBe(201);
    const figure = res.json().data;
    expect(figure).toEqual({
      sha256: sha(PNG),
      contentType: 'image/png',
      bytes: PNG.length,
      alt: 'a convex lens [side view]',
      markup: `![a convex lens [side view ](media:${sha(PNG)})`,
    });
    const served = await t.app.inject({ method: 'GET', url: `/api/v1/media/${sha(PNG)}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(served.rawPayload, PNG)).toBe(0);
    // The same bytes again: one row.
    expect((await upload(editor.headers, id, { alt: 'again', content: b64(PNG) })).statusCode).toBe(201);
    expect(
      await t.app.db
        .select()
        .from(media)
        .where(eq(media.sha256, sha(PNG))),
    ).toHaveLength(1);
    expect((await auditRows(id)).map((r) => [r.action, (r.after as { alt: string }).alt])).toEqual(
      expect.arrayContaining([
        ['question.figure', 'a convex lens [side view]'],
        ['question.figure', 'again'],
      ]),
    );

    const text = `Which lens converges light? ${figure.markup}`;
    const saved = await putEdit(
      t.app,
      editor.headers,
      id,
      await editForm(t.app, editor.headers, id, { text }),
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ newVersion: true, question: { version: 2, text } });

    // The learner given version 1 still sees version 1's figures (none); a new session sees the new one.
    await submit(t.app, learner, running.assessment.slug);
    const result = await fetchResult(t.app, learner, running.assessment.slug);
    expect(result.evaluations[0]!.baseQuestion.questionText).toBe('Which lens converges light?');
    const fresh = await startSession(t.app, learner, subjectQuiz(c));
    expect(fresh.evaluation[0]!.baseQuestion.questionText).toContain(`media:${sha(PNG)}`);
  });

  it('sanitises an svg and stores what is kept', async () => {
    const editor = await createStaff(t.app, 'editor');
    const { id } = await oneQuestionIn(t.app);
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)"><script>alert(2)</script><circle cx="5" cy="5" r="4"/></svg>';
    const res = await upload(editor.headers, id, { alt: 'a circle', content: b64(svg) });
    expect(res.statusCode).toBe(201);
    const [row] = await t.app.db.select().from(media).where(eq(media.sha256, res.json().data.sha256));
    const kept = Buffer.from(row!.bytes).toString('utf8');
    expect(row!.contentType).toBe('image/svg+xml');
    expect(kept).toContain('<circle');
    expect(kept).not.toMatch(/script|onload/);
    expect(res.json().data.sha256).toBe(sha(Buffer.from(kept, 'utf8')));
  });

  it('refuses by content, size, sanitiser and alt text with a 4xx envelope, and writes nothing', async () => {
    const editor = await createStaff(t.app, 'editor');
    const { id } = await oneQuestionIn(t.app);
    const before = (await t.app.db.select({ sha256: media.sha256 }).from(media)).length;
    const cases: [object, number, string][] = [
      // A text file, whatever it would be called.
      [{ alt: 'a lens', content: b64('GIF? no, plain text pretending') }, 400, 'content'],
      [{ alt: 'a lens', content: b64(Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)])) }, 400, 'content'],
      [{ alt: 'a lens', content: b64('<svg xmlns="http://www.w3.org/2000/svg"><circle') }, 400, 'content'],
      [
        {
          alt: 'a lens',
          content: b64('<!DOCTYPE svg [<!ENTITY x "y">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>'),
        },
        400,
        'content',
      ],
      [{ alt: '   ', content: b64(PNG) }, 400, 'body.alt'],
      [{ content: b64(PNG) }, 400, 'body.alt'],
      [{ alt: 'a lens', content: 'not base64!' }, 400, 'content'],
    ];
    for (const [payload, status, path] of cases) {
      const res = await upload(editor.headers, id, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(status);
      const body = res.json();
      expect(body.data).toBeNull();
      expect(typeof body.message).toBe('string');
      expect(body.errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    const huge = await upload(editor.headers, id, { alt: 'a lens', content: 'A'.repeat(3 * 1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().data).toBeNull();
    expect((await t.app.db.select({ sha256: media.sha256 }).from(media)).length).toBe(before);
    expect(await auditRows(id)).toHaveLength(0);
  });

  it('is for editors: 403 to a learner and a teacher, 404 for no such question', async () => {
    const learner = await createLearner(t.app);
    const teacher = await createStaff(t.app, 'teacher');
    const admin = await createStaff(t.app, 'admin');
    const { id } = await oneQuestionIn(t.app);
    const payload = { alt: 'a lens', content: b64(PNG) };
    expect((await upload(learner.headers, id, payload)).statusCode).toBe(403);
    expect((await upload(teacher.headers, id, payload)).statusCode).toBe(403);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await upload(admin.headers, missing, payload)).statusCode).toBe(404);
    expect((await upload(admin.headers, id, payload)).statusCode).toBe(201);
  });
});
