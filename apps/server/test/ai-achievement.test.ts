import { achievement, aiMessages, type Post } from '@ai-tutor/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { assessments, posts, users } from '../src/db/schema.js';
import { insertCompletedAttempt } from './helpers/ai-fixtures.js';
import { useTestApp } from './helpers/app.js';
import { createLearner, type TestLearner } from './helpers/learner.js';

describe('public achievement page data', () => {
  let learner: TestLearner;
  const t = useTestApp({ PUBLIC_URL: 'https://tutor.example.test' });
  beforeAll(async () => {
    learner = await createLearner(t.app, { name: 'Asha Priya Verma' });
    await t.app.db.update(users).set({ phone: '9876543210' }).where(eq(users.id, learner.id));
  });

  /** A post drafted from one of the learner's attempts: a draft until published or shared. */
  const generateDraft = async (headers: Record<string, string>, assessmentSlug: string) => {
    const generated = await t.app.inject({
      method: 'POST',
      url: '/api/v1/post/generate',
      headers,
      payload: { assessmentSlug },
    });
    return generated.json().data.post as Post;
  };

  it('shows the first name, exam, module, subject, score and date — without signing in — and nothing else', async () => {
    const endTime = new Date('2026-03-01T10:30:00.000Z');
    const { attempt } = await insertCompletedAttempt(t.app.db, learner.id);
    // The fixture completes attempts "now"; a fixed date shows it is read from the database.
    await t.app.db.update(assessments).set({ endTime }).where(eq(assessments.id, attempt.id));
    const post = await generateDraft(learner.headers, attempt.slug);
    // Only a published or shared post is public; a draft is a 404 (see the sharing test below).
    await t.app.db.update(posts).set({ status: 'published' }).where(eq(posts.id, post._id));

    const res = await t.app.inject({ method: 'GET', url: `/api/v1/achievements/${post._id}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['data', 'message']);
    expect(body.data).toEqual({
      firstName: 'Asha',
      exam: 'JEE',
      module: 'JEE Main',
      subject: 'Physics',
      topic: null,
      score: 3,
      totalMarks: 12,
      percentage: 25,
      date: '2026-03-01T10:30:00.000Z',
    });
    expect(achievement.strict().safeParse(body.data).success).toBe(true);
    const text = res.body;
    for (const hidden of [
      learner.email,
      '9876543210',
      'Priya',
      'Verma',
      learner.id,
      attempt.slug,
      attempt.id,
      'TEST-CODE',
    ]) {
      expect(text).not.toContain(hidden);
    }
    expect(text).not.toMatch(/email|phone|userId|password/i);
  });

  it('goes live when the learner shares a draft by hand; nobody else can share it', async () => {
    const { attempt } = await insertCompletedAttempt(t.app.db, learner.id);
    const post = await generateDraft(learner.headers, attempt.slug);
    expect(post).toMatchObject({ status: 'draft', sharedAt: null });
    const page = () => t.app.inject({ method: 'GET', url: `/api/v1/achievements/${post._id}` });
    const share = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: `/api/v1/post/${post._id}/share`, headers });

    expect((await page()).statusCode).toBe(404);

    const other = await createLearner(t.app, { name: 'Ravi Kumar' });
    const foreign = await share(other.headers);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: aiMessages.postNotFound, data: null });
    expect((await page()).statusCode).toBe(404);

    const shared = await share(learner.headers);
    expect(shared.statusCode).toBe(200);
    expect(shared.json().message).toBe(aiMessages.postShared);
    const sharedPost = shared.json().data.post as Post;
    expect(sharedPost).toMatchObject({ _id: post._id, status: 'draft', sharedAt: expect.any(String) });
    const live = await page();
    expect(live.statusCode).toBe(200);
    expect(live.json().data.firstName).toBe('Asha');

    // Sharing again keeps the first time; the post stays the learner's draft to edit or publish.
    const again = await share(learner.headers);
    expect(again.json().data.post.sharedAt).toBe(sharedPost.sharedAt);
  });

  it('is 404 for unknown and malformed ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' OR '1'='1"]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/achievements/${encodeURIComponent(id)}`,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Achievement not found', data: null });
    }
  });

  it('documents every AI route in the OpenAPI description', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/evaluations/{id}/explain',
        '/api/v1/post',
        '/api/v1/post/generate',
        '/api/v1/post/{id}',
        '/api/v1/post/regenerate/{id}',
        '/api/v1/post/{id}/share',
        '/api/v1/auth/linkedin/token',
        '/api/v1/auth/linkedin/authorize',
        '/api/v1/linkedin/connection',
        '/api/v1/linkedin/post',
        '/api/v1/users/{id}/unlink-linkedin',
        '/api/v1/achievements/{id}',
      ]),
    );
  });
});
