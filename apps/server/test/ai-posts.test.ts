import { aiMessages, post as postSchema, type Post } from '@ai-tutor/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { posts } from '../src/db/schema.js';
import { POST_TEMPLATES } from '../src/services/posts/templates.js';
import {
  insertAttempt,
  insertCompletedAttempt,
  insertQuestions,
  insertScope,
} from './helpers/ai-fixtures.js';
import { type UsedTestApp, useTestApp } from './helpers/app.js';
import { aiEnv, reply, startFakeOpenAi, type FakeOpenAi } from './helpers/fake-openai.js';
import { createLearner, type TestLearner } from './helpers/learner.js';

const PUBLIC_URL = 'https://tutor.example.test';

function requests(t: UsedTestApp, learner: TestLearner) {
  return {
    generate: (assessmentSlug: string, who = learner) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/post/generate',
        headers: who.headers,
        payload: { assessmentSlug },
      }),
    edit: (id: string, content: string, who = learner) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v1/post/${id}`,
        headers: who.headers,
        payload: { content },
      }),
    regenerate: (id: string, who = learner) =>
      t.app.inject({ method: 'PATCH', url: `/api/v1/post/regenerate/${id}`, headers: who.headers }),
    list: (who = learner) => t.app.inject({ method: 'GET', url: '/api/v1/post', headers: who.headers }),
  };
}

describe('achievement posts without an AI provider', () => {
  let learner: TestLearner;
  let other: TestLearner;
  let call: ReturnType<typeof requests>;
  const t = useTestApp({ PUBLIC_URL });
  beforeAll(async () => {
    learner = await createLearner(t.app, { name: 'Asha Verma' });
    other = await createLearner(t.app);
    call = requests(t, learner);
  });

  it('drafts a template post about the attempt, with the link to its public page', async () => {
    const { attempt } = await insertCompletedAttempt(t.app.db, learner.id);
    const res = await call.generate(attempt.slug);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(aiMessages.postGenerated);
    const post = postSchema.parse(res.json().data.post);
    expect(post).toMatchObject({
      assessmentSlug: attempt.slug,
      status: 'draft',
      aiGenerated: false,
      publishedAt: null,
    });
    expect(post.achievementUrl).toBe(`${PUBLIC_URL}/achievements/${post._id}`);
    expect(post.content).toContain(`${PUBLIC_URL}/achievements/${post._id}`);
    // One right (+4), one wrong (-1), one unanswered: 3 / 12 = 25.0%.
    expect(post.content).toContain('3 / 12 (25.0%)');
    expect(post.content).toContain('1 of 3 questions');
    expect(post.content).toContain('Physics');
    expect(post.content).not.toContain('Asha');

    // Asked again while the draft exists: the same draft.
    const again = await call.generate(attempt.slug);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.post._id).toBe(post._id);
  });

  it('edits a draft and puts the achievement link back when the edit removed it', async () => {
    const { attempt } = await insertCompletedAttempt(t.app.db, learner.id);
    const post = (await call.generate(attempt.slug)).json().data.post as Post;
    const res = await call.edit(post._id, '  Proud of this one!  ');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.post.content).toBe(
      `Proud of this one!\n\nVerified result: ${post.achievementUrl}`,
    );
    const kept = await call.edit(post._id, `My result: ${post.achievementUrl} — onwards`);
    expect(kept.json().data.post.content).toBe(`My result: ${post.achievementUrl} — onwards`);
    expect((await call.edit(post._id, '   ')).statusCode).toBe(400);
    expect((await call.edit(post._id, 'x'.repeat(2990))).statusCode).toBe(400);
  });

  it('regenerates through the templates in turn, keeping the link', async () => {
    const { attempt } = await insertCompletedAttempt(t.app.db, learner.id);
    const post = (await call.generate(attempt.slug)).json().data.post as Post;
    const seen = [post.content];
    for (let i = 0; i < POST_TEMPLATES.length; i++) {
      const res = await call.regenerate(post._id);
      expect(res.statusCode).toBe(200);
      const next = res.json().data.post as Post;
      expect(next.content).toContain(post.achievementUrl);
      expect(next.aiGenerated).toBe(false);
      seen.push(next.content);
    }
    expect(new Set(seen.slice(0, POST_TEMPLATES.length)).size).toBe(POST_TEMPLATES.length);
    expect(seen[POST_TEMPLATES.length]).toBe(seen[0]);
  });

  it('lists only the learner’s own posts, newest first', async () => {
    const mine = await insertCompletedAttempt(t.app.db, other.id);
    const created = (await call.generate(mine.attempt.slug, other)).json().data.post as Post;
    const res = await call.list(other);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.posts.map((p: Post) => p._id)).toEqual([created._id]);
    const learnerPosts = (await call.list()).json().data.posts as Post[];
    expect(learnerPosts.length).toBeGreaterThan(0);
    expect(learnerPosts.some((p) => p._id === created._id)).toBe(false);
  });

  it('is 404 for every id of another learner: their attempt, their post (edit, regenerate)', async () => {
    const theirs = await insertCompletedAttempt(t.app.db, other.id);
    const res = await call.generate(theirs.attempt.slug);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(aiMessages.assessmentNotFound);
    expect((await call.generate('no-such-attempt')).statusCode).toBe(404);

    const post = (await call.generate(theirs.attempt.slug, other)).json().data.post as Post;
    expect((await call.edit(post._id, 'hijacked')).statusCode).toBe(404);
    expect((await call.regenerate(post._id)).statusCode).toBe(404);
    expect((await call.edit('not-a-uuid', 'x')).statusCode).toBe(404);
    const [row] = await t.app.db.select().from(posts).where(eq(posts.id, post._id));
    expect(row!.content).toBe(post.content);
  });

  it('is 409 for an attempt that is still running', async () => {
    const scope = await insertScope(t.app.db);
    const [q] = await insertQuestions(t.app.db, scope, [
      { text: 'Still running?', options: ['a', 'b'], answer: 'a' },
    ]);
    const running = await insertAttempt(
      t.app.db,
      scope,
      learner.id,
      [{ questionId: q!, answer: 'a', options: ['a', 'b'], userAnswer: 'a' }],
      { completed: false },
    );
    expect((await call.generate(running.slug)).statusCode).toBe(409);
  });

  it('refuses edits and regeneration once a post is published', async () => {
    const { attempt } = await insertCompletedAttempt(t.app.db, learner.id);
    const post = (await call.generate(attempt.slug)).json().data.post as Post;
    await t.app.db
      .update(posts)
      .set({ status: 'published', publishedAt: new Date() })
      .where(eq(posts.id, post._id));
    expect((await call.edit(post._id, 'changed')).statusCode).toBe(409);
    expect((await call.regenerate(post._id)).statusCode).toBe(409);
    // A new draft can be made for the same attempt.
    const fresh = await call.generate(attempt.slug);
    expect(fresh.statusCode).toBe(201);
    expect(fresh.json().data.post._id).not.toBe(post._id);
  });
});

describe('achievement posts with an AI provider', () => {
  let fake: FakeOpenAi;
  let learner: TestLearner;
  let call: ReturnType<typeof requests>;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
  });
  afterAll(async () => {
    await fake.close();
  });
  const t = useTestApp(() => ({ ...aiEnv(fake), PUBLIC_URL }));
  beforeAll(async () => {
    learner = await createLearner(t.app, { name: 'Asha Verma' });
    call = requests(t, learner);
  });
  beforeEach(() => fake.reset());

  it('sends the attempt’s facts (no personal data), strips links from the answer and adds the achievement link', async () => {
    const { attempt } = await insertCompletedAttempt(t.app.db, learner.id);
    fake.script(
      reply.json({
        content:
          'Scored 3 / 12 (25.0%) in my Physics subject quiz today! More practice ahead. See https://evil.example/x #ExamPrep',
      }),
    );
    const res = await call.generate(attempt.slug);
    expect(res.statusCode).toBe(201);
    const post = res.json().data.post as Post;
    expect(post.aiGenerated).toBe(true);
    expect(post.content).not.toContain('evil.example');
    expect(post.content).toContain('Scored 3 / 12 (25.0%)');
    expect(post.content.endsWith(`Verified result: ${post.achievementUrl}`)).toBe(true);

    const user = fake.requests[0]!.body.messages[1]!.content;
    expect(fake.requests[0]!.body.response_format?.json_schema?.name).toBe('achievement_post');
    expect(user).toContain('Exam: JEE');
    expect(user).toContain('Subject: Physics');
    expect(user).toContain('Score: 3 / 12 (25.0%)');
    expect(user).toContain('Correct answers: 1 of 3 questions');
    const sent = JSON.stringify(fake.requests[0]!.body);
    for (const personal of ['Asha', 'Verma', learner.email, learner.id]) expect(sent).not.toContain(personal);
  });

  it('regenerates by asking for a different version of the current text', async () => {
    const { attempt } = await insertCompletedAttempt(t.app.db, learner.id);
    fake.script(reply.json({ content: 'First version of my result post, 3 / 12.' }));
    const post = (await call.generate(attempt.slug)).json().data.post as Post;
    fake.script(reply.json({ content: 'Second, different version of my result post.' }));
    const res = await call.regenerate(post._id);
    expect(res.json().data.post.content).toBe(
      `Second, different version of my result post.\n\nVerified result: ${post.achievementUrl}`,
    );
    const user = fake.requests[1]!.body.messages[1]!.content;
    expect(user).toContain('clearly different version');
    expect(user).toContain('First version of my result post, 3 / 12.');
    expect(user).not.toContain(post.achievementUrl);
  });

  it('falls back to the template when the model fails', async () => {
    const { attempt } = await insertCompletedAttempt(t.app.db, learner.id);
    fake.script(reply.text('no'), reply.text('still no'));
    const res = await call.generate(attempt.slug);
    expect(res.statusCode).toBe(201);
    const post = res.json().data.post as Post;
    expect(post.aiGenerated).toBe(false);
    expect(post.content).toContain('3 / 12 (25.0%)');
    expect(post.content).toContain(post.achievementUrl);
  });
});
