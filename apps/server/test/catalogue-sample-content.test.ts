import {
  answersMatch,
  DEFAULT_TOPIC_QUESTION_COUNT,
  numericValue,
  type ExamDetail,
} from '@ai-tutor/contract';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { exams, media, questions } from '../src/db/schema.js';
import type { ParsedExam, ParsedQuestion, ParsedSubject } from '../src/import/index.js';
import { seedIfEmpty } from '../src/services/catalogue/seed-if-empty.js';
import { readSampleContent, seedSampleContent, seedWhenEmpty } from '../src/services/catalogue/seed.js';
import { useTestApp } from './helpers/app.js';
import { save, startSession } from './helpers/catalogue.js';
import { createLearner } from './helpers/learner.js';
import { WORKED_NUMERICAL_ANSWERS } from './helpers/sample-worked-answers.js';

let sampleFiles: Awaited<ReturnType<typeof readSampleContent>>;
let sample: ParsedExam[];
beforeAll(async () => {
  sampleFiles = await readSampleContent();
  sample = sampleFiles.flatMap((f) => f.parsed.exams);
});

const subjectsOf = (exam: ParsedExam) => exam.modules.flatMap((m) => m.subjects);
const allSubjects = () => sample.flatMap(subjectsOf);
const allQuestions = () => allSubjects().flatMap((s) => s.questions.map((q) => ({ subject: s, q })));
const label = (s: ParsedSubject, q: ParsedQuestion) => `${s.slug}: ${q.text}`;
const exam = (slug: string) => sample.find((e) => e.slug === slug)!;
/** Every text of a question a learner reads. */
const textsOf = (q: ParsedQuestion) => [q.text, q.answer, q.explanation ?? '', q.passage ?? '', ...q.options];

describe('the sample content', () => {
  it('has JEE Main and JEE Advanced (Practice) with Physics, Chemistry, Mathematics and NEET UG (Practice) with Physics, Chemistry, Biology', () => {
    const shape = sample.map((e) => ({
      name: e.name,
      modules: e.modules.map((m) => m.subjects.map((s) => s.name)),
    }));
    expect(shape).toEqual(
      expect.arrayContaining([
        { name: 'JEE Main (Practice)', modules: [['Physics', 'Chemistry', 'Mathematics']] },
        { name: 'NEET UG (Practice)', modules: [['Physics', 'Chemistry', 'Biology']] },
        { name: 'JEE Advanced (Practice)', modules: [['Physics', 'Chemistry', 'Mathematics']] },
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

  it("sets JEE Main's mock test at the real paper's length: 75 questions in 180 minutes, 20 single-correct and 5 numerical a subject", () => {
    const [paper] = exam('jee-main-practice').modules;
    expect(paper).toMatchObject({ questionCount: 75, durationMinutes: 180 });
    for (const s of paper!.subjects) {
      // The bank holds exactly the paper, so every mock draws all of it.
      expect(s.questions.filter((q) => q.type === 'single').length, s.slug).toBe(20);
      expect(s.questions.filter((q) => q.key.type === 'numerical').length, s.slug).toBe(5);
      expect(s.questions, s.slug).toHaveLength(25);
      for (const q of s.questions) expect(q.explanation, label(s, q)).toBeTruthy();
    }
  });

  it('has exactly one option equal to the answer in every single-correct question', () => {
    for (const { subject, q } of allQuestions().filter(({ q }) => q.type === 'single')) {
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

  it('gives every multiple-correct question four distinct options, 2 to 4 of them right', () => {
    for (const { subject, q } of allQuestions()) {
      if (q.key.type !== 'multiple') continue;
      expect(q.options, label(subject, q)).toHaveLength(4);
      expect(new Set(q.options.map((o) => o.toLowerCase())).size, label(subject, q)).toBe(4);
      expect(q.key.answers.length, label(subject, q)).toBeGreaterThanOrEqual(2);
      expect(new Set(q.key.answers).size, label(subject, q)).toBe(q.key.answers.length);
      for (const right of q.key.answers) expect(q.options, label(subject, q)).toContain(right);
    }
  });

  it('has numeric answers that parse for every free-text question, and some in each JEE subject', () => {
    const freeText = allQuestions().filter(({ q }) => q.type === 'text');
    for (const { subject, q } of freeText) expect(numericValue(q.answer), label(subject, q)).not.toBeNull();
    for (const s of subjectsOf(exam('jee-advanced-practice')))
      expect(s.questions.filter((q) => q.type === 'numerical').length, s.slug).toBeGreaterThanOrEqual(3);
  });

  it('keys every numerical question by a narrow range that holds the value worked out from its data', () => {
    const numerical = allQuestions().filter(({ q }) => q.key.type === 'numerical');
    const worked = Object.entries(WORKED_NUMERICAL_ANSWERS);
    for (const { subject, q } of numerical) {
      if (q.key.type !== 'numerical') continue;
      const { min, max, value } = q.key;
      expect(min, label(subject, q)).toBeLessThanOrEqual(max);
      // Tolerances are about rounding, not guessing: a range at most 10 % of the answer wide (± 5 %).
      expect(max - min, label(subject, q)).toBeLessThanOrEqual(Math.max(0.1 * Math.abs(max), 0.05) + 1e-9);
      if (value !== null) expect(value >= min && value <= max, label(subject, q)).toBe(true);
      const matches = worked.filter(([start]) => q.text.startsWith(start));
      expect(matches, `${label(subject, q)}: worked answer`).toHaveLength(1);
      const [, answer] = matches[0]!;
      expect(answer >= min - 1e-9 && answer <= max + 1e-9, `${label(subject, q)}: ${answer}`).toBe(true);
    }
    // No worked answer left over for a question that is gone.
    expect(worked.length).toBe(numerical.length);
  });

  it('shares each comprehension passage between 2 and 3 questions, one at least in every JEE Advanced subject', () => {
    for (const subject of allSubjects()) {
      const uses = new Map<string, number>();
      for (const q of subject.questions) if (q.passage) uses.set(q.passage, (uses.get(q.passage) ?? 0) + 1);
      for (const [passage, n] of uses) {
        expect(n, `${subject.slug}: ${passage}`).toBeGreaterThanOrEqual(2);
        expect(n, `${subject.slug}: ${passage}`).toBeLessThanOrEqual(3);
      }
      if (subjectsOf(exam('jee-advanced-practice')).includes(subject))
        expect(uses.size, subject.slug).toBeGreaterThanOrEqual(1);
    }
  });

  it('shows stored figures, each with alt text, in at least ten questions', () => {
    const figures = new Map(sampleFiles.flatMap((f) => [...f.parsed.media]));
    expect(figures.size).toBeGreaterThanOrEqual(10);
    const referenced = new Set<string>();
    let withFigure = 0;
    for (const { subject, q } of allQuestions()) {
      const refs = [
        ...textsOf(q)
          .join('\n')
          .matchAll(/!\[([^\]]*)\]\(media:([0-9a-f]{64})\)/g),
      ];
      if (refs.length) withFigure++;
      for (const [, alt, sha] of refs) {
        expect(alt!.length, label(subject, q)).toBeGreaterThanOrEqual(20);
        expect(figures.has(sha!), label(subject, q)).toBe(true);
        referenced.add(sha!);
      }
    }
    expect(withFigure).toBeGreaterThanOrEqual(10);
    // Every stored figure is shown somewhere; each is a small drawing with its words as text.
    expect([...figures.keys()].filter((sha) => !referenced.has(sha))).toEqual([]);
    for (const figure of figures.values()) {
      expect(figure.contentType).toBe('image/svg+xml');
      expect(figure.bytes.length).toBeLessThan(4096);
      expect(figure.bytes.toString('utf8')).toMatch(/<svg[^>]*viewBox="[^"]+"[\s\S]*<text/);
    }
  });

  it('marks JEE Advanced by the jee-advanced scheme, with every question type of the real paper', () => {
    const advanced = exam('jee-advanced-practice');
    expect(advanced.markingScheme).toBe('jee-advanced');
    for (const s of subjectsOf(advanced)) {
      const types = new Set(s.questions.map((q) => q.type));
      expect([...types].sort(), s.slug).toEqual(['multiple', 'numerical', 'single']);
    }
  });

  it('explains most answers (every JEE Advanced one), uses LaTeX, and keeps every $…$ balanced', () => {
    const all = allQuestions();
    expect(all.filter(({ q }) => q.explanation).length / all.length).toBeGreaterThan(0.8);
    for (const s of subjectsOf(exam('jee-advanced-practice')))
      for (const q of s.questions) expect(q.explanation, label(s, q)).toBeTruthy();
    expect(all.filter(({ q }) => /\$[^$]+\$/.test(q.text)).length).toBeGreaterThan(20);
    for (const { subject, q } of all)
      for (const text of textsOf(q)) {
        expect(text.split('$').length % 2, `${label(subject, q)} — ${text}`).toBe(1);
        expect(text.split('{').length, `${label(subject, q)} — ${text}`).toBe(text.split('}').length);
      }
  });
});

describe('seeding', () => {
  const t = useTestApp();

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

  it('starts a JEE Advanced mock test with its question types, passages and figures, marked by its scheme', async () => {
    const [stored] = await t.app.db.select({ n: count() }).from(media);
    expect(stored?.n).toBe(new Set(sampleFiles.flatMap((f) => [...f.parsed.media.keys()])).size);
    const learner = await createLearner(t.app);
    const session = await startSession(t.app, learner, {
      examSlug: 'jee-advanced-practice',
      quizType: 'module',
      moduleSlug: 'jee-advanced-paper',
      type: 'quiz',
    });
    expect(session.assessment.markingScheme.name).toBe('jee-advanced');
    // The exam page's instructions name the same scheme before the start (docs/product.md#test-instructions).
    const detail = await t.app.inject({
      method: 'GET',
      url: '/api/v1/exams/jee-advanced-practice',
      headers: learner.headers,
    });
    const paper = (detail.json() as { data: ExamDetail }).data.modules[0];
    expect(paper?.markingScheme).toMatchObject({ name: 'jee-advanced', id: 'jee-advanced@1' });
    const asked = session.evaluation.map((e) => e.baseQuestion);
    expect(asked).toHaveLength(54);
    expect(new Set(asked.map((q) => q.questionType))).toEqual(new Set(['single', 'multiple', 'numerical']));
    for (const q of asked)
      expect(q.options.length, q.questionText).toBe(q.questionType === 'numerical' ? 0 : 4);
    // Each subject's 18 are drawn from 21 or 22 of which 5 or 6 sit on a passage, so every draw has one;
    // Physics and Mathematics hold too many figures for a draw to miss them all.
    const subjects = new Set(asked.map((q) => q.subject?.name));
    expect(subjects.size).toBe(3);
    for (const name of subjects) {
      const own = asked.filter((q) => q.subject?.name === name);
      expect(
        own.some((q) => q.passage !== null),
        name,
      ).toBe(true);
    }
    expect(
      asked.filter((q) => /\]\(media:[0-9a-f]{64}\)/.test(q.questionText + (q.passage ?? ''))).length,
    ).toBeGreaterThan(3);

    // A multiple-correct answer is saved as the chosen options.
    const multiple = session.evaluation.find((e) => e.baseQuestion.questionType === 'multiple')!;
    const chosen = multiple.baseQuestion.options.slice(0, 2);
    const saved = await save(t.app, learner, { evaluationId: multiple._id, userAnswer: chosen });
    expect(saved.statusCode).toBe(200);
  });
});
