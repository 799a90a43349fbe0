import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, questionTranslations } from '../src/db/schema.js';
import { importFile } from '../src/services/catalogue/import-service.js';
import { fixture } from './fixtures/import/bank.js';
import { useTestApp } from './helpers/app.js';
import { createStaff } from './helpers/console.js';
import { hindiRow, questionIdByText } from './helpers/question-edit.js';
import {
  aiEnv,
  reply,
  startFakeOpenAi,
  type FakeOpenAi,
  type RecordedRequest,
} from './helpers/fake-openai.js';

/**
 * The console's Translate buttons (docs/languages.md#the-console) against a local fake of the model:
 * one question's missing translations drafted at once, an exam's as a job the console polls; drafts
 * only, never approved, audited as the console's user.
 */
let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(async () => fake.close());
const t = useTestApp(() => aiEnv(fake));
beforeAll(async () => {
  await importFile(t.app.db, fixture('bilingual.yaml'));
});

const asked = (request: RecordedRequest) => request.body.messages.at(-1)!.content;
const idOf = (start: string) => questionIdByText(t.app.db, start);
const hiRow = (id: string) => hindiRow(t.app.db, id);
const scalarHindi = () =>
  reply.json({
    text: 'इनमें से कौन-सी अदिश राशि है?',
    options: ['वेग', 'चाल'],
    explanation: null,
    hints: [],
    passage: null,
  });

describe('drafting translations from the console', () => {
  it('drafts one question’s missing Hindi as a draft, shown in the editor, audited as its editor', async () => {
    const editor = await createStaff(t.app, 'editor');
    const id = await idOf('Which of these is a scalar');
    fake.reset();
    fake.script(scalarHindi());
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/questions/${id}/translations/draft`,
      headers: editor.headers,
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    const { question, outcomes } = res.json().data;
    expect(outcomes).toEqual([{ lang: 'hi', saved: [id], rejected: [], stoppedBecause: null }]);
    expect(question.translations).toEqual([
      expect.objectContaining({ lang: 'hi', status: 'draft', source: 'ai', options: ['वेग', 'चाल'] }),
    ]);
    expect(question.version).toBe(1);
    expect(fake.requests).toHaveLength(1);
    expect(asked(fake.requests[0]!)).not.toMatch(/answer|correct/i);
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectId, id), eq(auditLog.action, 'question.translation.draft')));
    expect(audit!.actorId).toBe(editor.id);

    // Nothing missing any more: no request, nothing drafted.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/questions/${id}/translations/draft`,
      headers: editor.headers,
      payload: {},
    });
    expect(again.json().data.outcomes).toEqual([]);
    expect(fake.requests).toHaveLength(1);
  });

  it('drafts an exam’s missing translations as a job polled to the end, for its starter only', async () => {
    const editor = await createStaff(t.app, 'editor');
    const other = await createStaff(t.app, 'editor');
    const weight = await idOf('The acceleration due to gravity');
    const hi = (await hiRow(weight))!;
    await t.app.db.delete(questionTranslations).where(eq(questionTranslations.id, hi.id));
    fake.reset();
    fake.setFallback((request) =>
      asked(request).includes('weight')
        ? reply.json({
            text: hi.text,
            options: hi.options,
            explanation: hi.explanation,
            hints: hi.hints,
            passage: null,
          })
        : scalarHindi(),
    );
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/exams/bi-exam/translations/draft',
      headers: editor.headers,
      payload: { lang: 'hi' },
    });
    expect(start.statusCode).toBe(202);
    const job = start.json().data;
    expect(job).toMatchObject({ exam: 'bi-exam', lang: 'hi', state: 'running' });

    const poll = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: `/api/v1/admin/translation-jobs/${job.id}`, headers });
    let state = job;
    for (let i = 0; i < 100 && state.state === 'running'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      state = (await poll(editor.headers)).json().data;
    }
    expect(state).toMatchObject({ state: 'done', outcome: { lang: 'hi', saved: [weight], rejected: [] } });
    expect(await hiRow(weight)).toMatchObject({ status: 'draft', source: 'ai', text: hi.text });
    expect((await poll(other.headers)).statusCode).toBe(404);
    // An import's poll does not read it.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/admin/imports/${job.id}`, headers: editor.headers }))
        .statusCode,
    ).toBe(404);

    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/exams/no-such-exam/translations/draft',
      headers: editor.headers,
      payload: { lang: 'hi' },
    });
    expect(unknown.statusCode).toBe(404);
    const notOffered = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/exams/bi-exam/translations/draft',
      headers: editor.headers,
      payload: { lang: 'ta' },
    });
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json().message).toMatch(/not offered in ta/);
  });
});
