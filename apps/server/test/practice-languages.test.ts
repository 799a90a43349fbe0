import type { HintData, LockedCheckData, MistakesData, SessionData } from '@ai-tutor/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { exams, questionTranslations } from '../src/db/schema.js';
import { seedSampleContent } from '../src/services/catalogue/seed.js';
import { useTestApp } from './helpers/app.js';
import {
  fetchResult,
  insertCatalogue,
  save,
  startSession,
  subjectQuiz,
  submit,
  type TestCatalogue,
} from './helpers/catalogue.js';
import { createLearner, type TestLearner } from './helpers/learner.js';

// docs/languages.md: in a paper in two languages, hints, a check's feedback and the notebook carry
// the question's texts in each language, as the result does, and a translated solution's option
// letters are the ones each taker saw.
const t = useTestApp();
let learner: TestLearner;
beforeAll(async () => {
  await seedSampleContent(t.app.db);
  learner = await createLearner(t.app);
});

const hint = async (evaluationId: string, level: number) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/evaluations/${evaluationId}/hint`,
    headers: learner.headers,
    payload: { level },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as HintData;
};
const check = async (evaluationId: string, payload: object) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/evaluations/${evaluationId}/check`,
    headers: learner.headers,
    payload,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as LockedCheckData;
};

describe('practice in Hindi on the sample JEE Main paper', () => {
  it('gives hints, the check’s explanation and the notebook in both languages', async () => {
    const session = await startSession(t.app, learner, {
      examSlug: 'jee-main-practice',
      quizType: 'module',
      moduleSlug: 'jee-main-paper-1',
      type: 'practice',
      language: 'hi',
    });
    expect(session.assessment.languages?.chosen).toBe('hi');
    const ball = session.evaluation.find((e) =>
      e.baseQuestion.questionText.startsWith('A ball is thrown vertically upward'),
    )!;

    // Authored hints: each in its translation.
    const first = await hint(ball._id, 1);
    expect(first.source).toBe('authored');
    expect(first.text).toMatch(/^At the highest point the ball stops/);
    expect(first.translations?.hi).toMatch(/^उच्चतम बिंदु पर गेंद क्षण भर के लिए रुक जाती है/);
    expect((await hint(ball._id, 2)).translations?.hi).toMatch(/^\$v = 0\$ रखकर/);
    // Level 3 is general advice (the solution is one sentence): the interface's English only.
    const third = await hint(ball._id, 3);
    expect(third.source).toBe('generic');
    expect(third.translations).toBeUndefined();
    // The worked solution in Hindi.
    expect((await hint(ball._id, 4)).translations?.hi).toMatch(/^उच्चतम बिंदु पर \$v = 0\$/);

    // A wrong answer, checked: the key and the explanation in both languages.
    const feedback = await check(ball._id, { userAnswer: '40 m', reveal: true });
    expect(feedback.correct).toBe(false);
    expect(feedback.explanation).toMatch(/^At the highest point/);
    expect(feedback.translatedExplanations?.hi).toMatch(/^उच्चतम बिंदु पर \$v = 0\$/);

    // Read again (a reload): the same feedback, with its translation; unchecked ones have none.
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/v1/assessment/session/${session.assessment.slug}`,
      headers: learner.headers,
    });
    const reread = (again.json().data as SessionData).evaluation;
    expect(reread.find((e) => e._id === ball._id)!.feedback?.translatedExplanations?.hi).toBe(
      feedback.translatedExplanations?.hi,
    );
    expect(reread.filter((e) => e.feedback)).toHaveLength(1);
    expect(JSON.stringify(reread.filter((e) => e._id !== ball._id))).not.toMatch(/translatedExplanations/);

    // The notebook opens it in Hindi, the language it was answered in, with the English beside.
    const notebook = await t.app.inject({ method: 'GET', url: '/api/v1/mistakes', headers: learner.headers });
    const item = (notebook.json().data as MistakesData).mistakes.find((m) => m.questionId)!;
    expect(item.questionText).toMatch(/^A ball is thrown vertically upward/);
    expect(item.languages).toEqual({ available: ['en', 'hi'], authoritative: 'en', chosen: 'hi' });
    expect(item.translations?.hi?.questionText).toMatch(/^एक गेंद को/);
    expect(item.translations?.hi?.options).toEqual(['10 m', '20 m', '40 m', '80 m']);
    expect(item.translations?.hi?.explanation).toMatch(/^उच्चतम बिंदु पर/);
  });

  it('a paper in one language has no translations in hints, feedback or the notebook', async () => {
    const other = await createLearner(t.app);
    const session = await startSession(t.app, other, {
      examSlug: 'neet-ug-practice',
      quizType: 'module',
      moduleSlug: 'neet-ug-paper',
      type: 'practice',
    });
    const q = session.evaluation.find((e) => e.baseQuestion.questionType === 'single')!;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/evaluations/${q._id}/hint`,
      headers: other.headers,
      payload: { level: 1 },
    });
    expect(res.json().data.translations).toBeUndefined();
    const checked = await t.app.inject({
      method: 'POST',
      url: `/api/v1/evaluations/${q._id}/check`,
      headers: other.headers,
      payload: { reveal: true },
    });
    expect(checked.json().data.translatedExplanations).toBeUndefined();
    const notebook = await t.app.inject({ method: 'GET', url: '/api/v1/mistakes', headers: other.headers });
    for (const m of (notebook.json().data as MistakesData).mistakes) {
      expect(m.languages).toBeUndefined();
      expect(m.translations).toBeUndefined();
    }
  });
});

// option-letters.ts: the Hindi solution's letters follow each taker's shuffle, as the English do.
const BANK = ['metre', 'kilogram', 'second', 'newton'];
const HINDI = ['मीटर', 'किलोग्राम', 'सेकंड', 'न्यूटन'];
const STEP = 'मूल मात्रकों में मीटर, किलोग्राम तथा सेकंड हैं।';
const letter = (options: string[], option: string) => 'ABCD'.charAt(options.indexOf(option));

describe('a translated solution’s option letters', () => {
  let c: TestCatalogue;
  beforeAll(async () => {
    c = await insertCatalogue(t.app.db, {
      subjects: [
        {
          name: 'Units',
          questionCount: 1,
          questions: [
            {
              text: 'Which is not an SI base unit?',
              options: BANK,
              answer: 'newton',
              explanation:
                'The base units include the metre, kilogram and second. A newton is kg m/s². Hence option (D) is correct.',
            },
          ],
        },
      ],
    });
    await t.app.db
      .update(exams)
      .set({ languages: ['en', 'hi'] })
      .where(eq(exams.id, c.exam.id));
    await t.app.db.insert(questionTranslations).values({
      questionId: c.subjects[0]!.questionIds[0]!,
      lang: 'hi',
      text: 'कौन-सा SI मूल मात्रक नहीं है?',
      options: HINDI,
      explanation: `${STEP} न्यूटन kg m/s² है। अतः विकल्प (D) सही है; (A) तथा (C) सही उत्तर नहीं, और उत्तर: D।`,
      status: 'approved',
    });
  });

  it('turns them into the letters each taker saw, in the result and in practice', async () => {
    const expected = (shown: string[]) => {
      const [a, c2, d] = ['metre', 'second', 'newton'].map((o) => letter(shown, o));
      return `${STEP} न्यूटन kg m/s² है। अतः विकल्प (${d}) सही है; (${a}) तथा (${c2}) सही उत्तर नहीं, और उत्तर: ${d}।`;
    };
    const seen = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const s = await startSession(t.app, learner, { ...subjectQuiz(c), language: 'hi' });
      expect((await submit(t.app, learner, s.assessment.slug)).statusCode).toBe(200);
      const row = (await fetchResult(t.app, learner, s.assessment.slug)).evaluations[0]!;
      seen.add(row.baseQuestion.options.join());
      expect(row.translatedExplanations?.hi).toBe(expected(row.baseQuestion.options));
      expect(row.explanation).toBe(
        `The base units include the metre, kilogram and second. A newton is kg m/s². Hence option (${letter(row.baseQuestion.options, 'newton')}) is correct.`,
      );
    }
    expect(seen.size).toBeGreaterThan(1);
    // The translations kept per process are read again once the row changes (by anyone).
    await t.app.db
      .update(questionTranslations)
      .set({ text: 'कौन-सा मात्रक SI मूल मात्रक नहीं है?' })
      .where(eq(questionTranslations.questionId, c.subjects[0]!.questionIds[0]!));
    const edited = await startSession(t.app, learner, { ...subjectQuiz(c), language: 'hi' });
    expect(edited.evaluation[0]!.baseQuestion.translations?.hi?.questionText).toBe(
      'कौन-सा मात्रक SI मूल मात्रक नहीं है?',
    );
    expect((await submit(t.app, learner, edited.assessment.slug)).statusCode).toBe(200);
    const p = await startSession(t.app, learner, { ...subjectQuiz(c), type: 'practice', language: 'hi' });
    const q = p.evaluation[0]!;
    await save(t.app, learner, { evaluationId: q._id, userAnswer: 'metre' });
    const feedback = await check(q._id, { reveal: true });
    expect(feedback.translatedExplanations?.hi).toBe(expected(q.baseQuestion.options));
    // Hints from the solution's steps: the translated step (split at the danda), never the one
    // that names the key in either language.
    expect((await hint(q._id, 1)).source).toBe('question');
    const step = await hint(q._id, 2);
    expect(step.source).toBe('solution');
    expect(step.text).toBe('The base units include the metre, kilogram and second.');
    expect(step.translations).toEqual({ hi: STEP });
    expect((await hint(q._id, 3)).translations).toBeUndefined();
  });
});
