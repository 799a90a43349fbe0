import { accountMessages, catalogueMessages, examDetail, examsList, userRecords } from '@ai-tutor/contract';
import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { exams, modules, performanceRecords, subjects, topics } from '../src/db/schema.js';
import { seedSampleContent } from '../src/services/catalogue/seed.js';
import { useTestApp } from './helpers/app.js';
import { createLearner, type TestLearner } from './helpers/learner.js';
let learner: TestLearner;
const t = useTestApp();
beforeAll(async () => {
  await seedSampleContent(t.app.db);
  learner = await createLearner(t.app);
});

const get = (url: string, headers: Record<string, string> = learner.headers) =>
  t.app.inject({ method: 'GET', url, headers });

describe('access', () => {
  for (const url of ['/api/v1/exams', '/api/v1/exams/jee-main-practice', '/api/v1/user-records']) {
    it(`${url}: 401 without a valid token, 403 before the guards are passed`, async () => {
      expect((await get(url, {})).statusCode).toBe(401);
      expect((await get(url, { authorization: 'Bearer not-a-token' })).statusCode).toBe(401);
      const unverified = await createLearner(t.app, { verified: false });
      const res = await get(url, unverified.headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: accountMessages.verifyFirst, data: null });
      const noInvite = await createLearner(t.app, { inviteUsed: false });
      expect((await get(url, noInvite.headers)).statusCode).toBe(403);
    });
  }
});

describe('GET /api/v1/exams', () => {
  it('lists exams with modules, subjects and topics, page 1 of 4 by default', async () => {
    const res = await get('/api/v1/exams?page=1&limit=4');
    expect(res.statusCode).toBe(200);
    const body = res.json() as { message: string; data: unknown };
    const data = examsList.parse(body.data);
    expect(data).toMatchObject({ total: 3, page: 1, limit: 4 });
    expect(data.exams.map((e) => [e.name, e.slug])).toEqual([
      ['JEE Main (Practice)', 'jee-main-practice'],
      ['NEET UG (Practice)', 'neet-ug-practice'],
      ['JEE Advanced (Practice)', 'jee-advanced-practice'],
    ]);
    const jee = data.exams[0]!;
    expect(jee.modules[0]?.subjects.map((s) => s.name)).toEqual(['Physics', 'Chemistry', 'Mathematics']);
    expect(jee.modules[0]?.subjects[0]?.topics.map((tp) => tp.name)).toEqual([
      'Mechanics',
      'Electricity and Magnetism',
      'Optics and Modern Physics',
    ]);
    expect((await get('/api/v1/exams')).json()).toEqual(body);
  });

  it('never carries question content', async () => {
    const text = (await get('/api/v1/exams')).body;
    expect(text).not.toMatch(/"(answer|options|explanation|questions|text)"/);
  });

  it('pages through more exams than fit on a page', async () => {
    const extra = Array.from({ length: 5 }, (_, i) => ({
      name: `Zeta ${i}`,
      slug: `zeta-${i}`,
      sortOrder: 10 + i,
    }));
    await t.app.db.insert(exams).values(extra);
    try {
      const first = examsList.parse((await get('/api/v1/exams?page=1&limit=4')).json().data);
      expect(first.total).toBe(8);
      expect(first.exams).toHaveLength(4);
      const second = examsList.parse((await get('/api/v1/exams?page=2&limit=4')).json().data);
      expect(second.exams.map((e) => e.slug)).toEqual(['zeta-1', 'zeta-2', 'zeta-3', 'zeta-4']);
      expect(second.exams[0]?.modules).toEqual([]);
      const beyond = examsList.parse((await get('/api/v1/exams?page=9&limit=4')).json().data);
      expect(beyond).toMatchObject({ exams: [], total: 8, page: 9 });
    } finally {
      await t.app.db.delete(exams).where(
        inArray(
          exams.slug,
          extra.map((e) => e.slug),
        ),
      );
    }
  });

  it('answers bad query parameters with a 400 naming them', async () => {
    for (const [query, name] of [
      ['page=0', 'querystring.page'],
      ['page=abc', 'querystring.page'],
      ['limit=0', 'querystring.limit'],
      ['limit=500', 'querystring.limit'],
      ['limit=2.5', 'querystring.limit'],
    ] as const) {
      const res = await get(`/api/v1/exams?${query}`);
      expect(res.statusCode, query).toBe(400);
      const body = res.json() as { message: string; data: null; errors: { path: string }[] };
      expect(body.message, query).toContain(name);
      expect(
        body.errors.map((e) => e.path),
        query,
      ).toContain(name);
      expect(body.data).toBeNull();
    }
  });
});

describe('GET /api/v1/exams/:slug', () => {
  it('returns one exam with its modules, subjects and topics and their quiz sizes', async () => {
    const res = await get('/api/v1/exams/jee-main-practice');
    expect(res.statusCode).toBe(200);
    const exam = examDetail.parse(res.json().data);
    expect(exam.name).toBe('JEE Main (Practice)');
    const [paper] = exam.modules;
    expect(paper).toMatchObject({
      name: 'Paper 1 (Physics, Chemistry, Mathematics)',
      slug: 'jee-main-paper-1',
      durationMinutes: 180,
      questionCount: 75,
    });
    expect(paper?._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(paper?.subjects[0]).toMatchObject({
      name: 'Physics',
      slug: 'jee-physics',
      durationMinutes: 48,
      questionCount: 20,
    });
    expect(paper?.subjects[0]?.topics[0]).toEqual({
      _id: expect.any(String),
      name: 'Mechanics',
      slug: 'jee-physics-mechanics',
      durationMinutes: 15,
      questionCount: 6,
    });
    expect(res.body).not.toMatch(/"(answer|options|explanation|questions)"/);
  });

  it('is a 404 for an unknown slug', async () => {
    const res = await get('/api/v1/exams/no-such-exam');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: catalogueMessages.examNotFound, data: null });
  });
});

describe('GET /api/v1/user-records', () => {
  it('is empty for a learner without attempts', async () => {
    const res = await get('/api/v1/user-records');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'ok', data: { data: [], mastery: [] } });
  });

  it("returns only the signed-in learner's records, named, with the mean of the attempts' percentages", async () => {
    const other = await createLearner(t.app);
    const [mod] = await t.app.db.select().from(modules);
    const [subject] = await t.app.db.select().from(subjects);
    const [topic] = await t.app.db.select().from(topics);
    const row = { attempts: 2, totalScore: 90, totalMarks: 160, lastAttemptScore: 50, highestScore: 50 };
    await t.app.db.insert(performanceRecords).values([
      { userId: learner.id, entityType: 'exam_module', entityId: mod!.id, ...row, percentageSum: 112.5 },
      { userId: learner.id, entityType: 'subject', entityId: subject!.id, ...row, percentageSum: 75 },
      { userId: learner.id, entityType: 'topic', entityId: topic!.id, ...row, percentageSum: 150 },
      { userId: other.id, entityType: 'subject', entityId: subject!.id, ...row, percentageSum: 10 },
    ]);

    const res = await get('/api/v1/user-records');
    expect(res.statusCode).toBe(200);
    const records = userRecords.parse(res.json().data).data;
    expect(records).toHaveLength(3);
    const ref = (r: { id: string; name: string; slug: string }) => ({ id: r.id, name: r.name, slug: r.slug });
    expect(records).toEqual(
      expect.arrayContaining([
        {
          examModule: ref(mod!),
          subject: null,
          topic: null,
          averageScore: 56.25,
          attempt: 2,
          lastAttemptScore: 50,
          totalScore: 90,
          totalMarks: 160,
          highestScore: 50,
          // Rows written straight to the records table have no completed sessions behind them.
          recentPercentages: [],
        },
        expect.objectContaining({ examModule: null, subject: ref(subject!), averageScore: 37.5 }),
        expect.objectContaining({ topic: ref(topic!), averageScore: 75 }),
      ]),
    );

    const theirs = userRecords.parse((await get('/api/v1/user-records', other.headers)).json().data).data;
    expect(theirs).toEqual([expect.objectContaining({ subject: ref(subject!), averageScore: 5 })]);
  });
});
