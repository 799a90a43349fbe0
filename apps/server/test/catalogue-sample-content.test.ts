import { answersMatch, DEFAULT_TOPIC_QUESTION_COUNT, numericValue } from '@ai-tutor/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exams, questions } from '../src/db/schema.js';
import type { ParsedExam, ParsedQuestion, ParsedSubject } from '../src/import/index.js';
import { seedIfEmpty } from '../src/services/catalogue/seed-if-empty.js';
import { readSampleContent, seedSampleContent, seedWhenEmpty } from '../src/services/catalogue/seed.js';
import { buildTestApp, type TestApp } from './helpers/app.js';

let sample: ParsedExam[];
beforeAll(async () => {
  sample = (await readSampleContent()).flatMap((f) => f.parsed.exams);
});

const subjectsOf = (exam: ParsedExam) => exam.modules.flatMap((m) => m.subjects);
const allSubjects = () => sample.flatMap(subjectsOf);
const allQuestions = () => allSubjects().flatMap((s) => s.questions.map((q) => ({ subject: s, q })));
const label = (s: ParsedSubject, q: ParsedQuestion) => `${s.slug}: ${q.text}`;

describe('the sample content', () => {
  it('has JEE Main (Practice) with Physics, Chemistry, Mathematics and NEET UG (Practice) with Physics, Chemistry, Biology', () => {
    const shape = sample.map((e) => ({
      name: e.name,
      modules: e.modules.map((m) => m.subjects.map((s) => s.name)),
    }));
    expect(shape).toEqual(
      expect.arrayContaining([
        { name: 'JEE Main (Practice)', modules: [['Physics', 'Chemistry', 'Mathematics']] },
        { name: 'NEET UG (Practice)', modules: [['Physics', 'Chemistry', 'Biology']] },
      ]),
    );
  });

  it('gives every subject at least 3 topics and 20 questions, each question in a topic', () => {
    for (const subject of allSubjects()) {
      expect(subject.topics.length, subject.slug).toBeGreaterThanOrEqual(3);
      expect(subject.questions.length, subject.slug).toBeGreaterThanOrEqual(20);
      for (const q of subject.questions) expect(q.topic?.slug, label(subject, q)).toBeTruthy();
    }
  });

  it('sizes every mock test and quiz within the questions it can draw from', () => {
    for (const exam of sample)
      for (const mod of exam.modules) {
        const inModule = mod.subjects.reduce((n, s) => n + s.questions.length, 0);
        expect(mod.questionCount, mod.slug).toBeLessThanOrEqual(inModule);
        // The module test spreads its questions over the subjects.
        for (const s of mod.subjects) {
          expect(Math.ceil(mod.questionCount / mod.subjects.length), s.slug).toBeLessThanOrEqual(
            s.questions.length,
          );
          expect(s.questionCount, s.slug).toBeLessThanOrEqual(s.questions.length);
          for (const t of s.topics) {
            const inTopic = s.questions.filter((q) => q.topic?.slug === t.slug).length;
            expect(t.questionCount ?? DEFAULT_TOPIC_QUESTION_COUNT, t.slug).toBeLessThanOrEqual(inTopic);
          }
        }
        // Durations are those of the real papers, scaled: about 1 to 2.5 minutes a question.
        expect(mod.durationMinutes / mod.questionCount).toBeGreaterThanOrEqual(1);
        expect(mod.durationMinutes / mod.questionCount).toBeLessThanOrEqual(2.5);
      }
  });

  it('has exactly one option equal to the answer in every option question', () => {
    for (const { subject, q } of allQuestions()) {
      if (!q.options.length) continue;
      expect(q.options.length, label(subject, q)).toBeGreaterThanOrEqual(3);
      expect(
        q.options.filter((o) => o === q.answer),
        label(subject, q),
      ).toHaveLength(1);
      // No second option that a learner's answer would match as well ("2" and "2.0").
      expect(
        q.options.filter((o) => answersMatch(o, q.answer)),
        label(subject, q),
      ).toHaveLength(1);
    }
  });

  it('has numeric answers that parse for every free-text question, and some in each JEE subject', () => {
    const freeText = allQuestions().filter(({ q }) => q.options.length === 0);
    for (const { subject, q } of freeText) expect(numericValue(q.answer), label(subject, q)).not.toBeNull();
    const jee = sample.find((e) => e.slug === 'jee-main-practice')!;
    for (const s of subjectsOf(jee))
      expect(s.questions.filter((q) => q.options.length === 0).length, s.slug).toBeGreaterThanOrEqual(3);
  });

  it('explains most answers, uses LaTeX, and keeps every $…$ balanced', () => {
    const all = allQuestions();
    expect(all.filter(({ q }) => q.explanation).length / all.length).toBeGreaterThan(0.8);
    expect(all.filter(({ q }) => /\$[^$]+\$/.test(q.text)).length).toBeGreaterThan(20);
    for (const { subject, q } of all)
      for (const text of [q.text, q.answer, q.explanation ?? '', ...q.options]) {
        expect(text.split('$').length % 2, `${label(subject, q)} — ${text}`).toBe(1);
        expect(text.split('{').length, `${label(subject, q)} — ${text}`).toBe(text.split('}').length);
      }
  });
});

describe('seeding', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('loads the sample catalogue on an empty database, once', async () => {
    await seedIfEmpty(t.app);
    const [examCount] = await t.app.db.select({ n: count() }).from(exams);
    expect(examCount?.n).toBe(sample.length);
    const [seeded] = await t.app.db
      .select({ n: count() })
      .from(questions)
      .where(eq(questions.source, 'seed'));
    expect(seeded?.n).toBe(allQuestions().length);
    expect(await seedWhenEmpty(t.app.db)).toBeNull();
  });

  it('`seed` again changes nothing', async () => {
    const summary = await seedSampleContent(t.app.db);
    expect(summary.subjects.every((s) => s.created === 0 && s.updated === 0)).toBe(true);
    expect(summary.catalogue.exams).toEqual({ created: 0, updated: 0, unchanged: sample.length });
    expect(summary.notes).toEqual([]);
  });
});
