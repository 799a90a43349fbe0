import type { ResultData, SessionData } from '@ai-tutor/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedSampleContent } from '../src/services/catalogue/seed.js';
import { useTestApp } from './helpers/app.js';
import { save, startSession, submit } from './helpers/catalogue.js';
import { createLearner, type TestLearner } from './helpers/learner.js';

// docs/languages.md: the sample JEE Main paper is in English and Hindi. A session started in Hindi
// says so, carries each question's Hindi texts with the options in this taker's own order, and scores
// the question's own option text; its result has the Hindi explanations. NEET (one language) is as before.
const t = useTestApp();
let learner: TestLearner;
beforeAll(async () => {
  await seedSampleContent(t.app.db);
  learner = await createLearner(t.app);
});

const mock = (language?: string) => ({
  examSlug: 'jee-main-practice',
  quizType: 'module' as const,
  moduleSlug: 'jee-main-paper-1',
  ...(language ? { language } : {}),
});
const capacitor = (session: SessionData) =>
  session.evaluation.find((e) =>
    e.baseQuestion.questionText.startsWith('The separation between the plates'),
  )!;

describe('a session of a paper in two languages', () => {
  it('is started in Hindi: the catalogue offers it, the session says so and carries the Hindi texts', async () => {
    const exams = await t.app.inject({
      method: 'GET',
      url: '/api/v1/exams/jee-main-practice',
      headers: learner.headers,
    });
    expect(exams.json().data.modules[0].languages).toEqual(['en', 'hi']);

    const session = await startSession(t.app, learner, mock('hi'));
    expect(session.assessment.languages).toEqual({
      available: ['en', 'hi'],
      authoritative: 'en',
      chosen: 'hi',
    });
    expect(session.evaluation).toHaveLength(75);
    expect(session.evaluation.every((e) => e.baseQuestion.translations?.hi)).toBe(true);
    const question = capacitor(session);
    const hi = question.baseQuestion.translations!.hi!;
    expect(hi.questionText).toMatch(/^एक समांतर-प्लेट संधारित्र/);
    // This taker's shuffled order, in both languages.
    const pairs: Record<string, string> = {
      'is halved': 'आधी हो जाती है',
      'stays the same': 'वही रहती है',
      'is doubled': 'दोगुनी हो जाती है',
      'becomes four times as large': 'चार गुनी हो जाती है',
    };
    expect(hi.options).toEqual(question.baseQuestion.options.map((o) => pairs[o]));
    // No key or explanation before the end, in any language.
    expect(JSON.stringify(session)).not.toMatch(/आधा करने पर|translatedExplanations|explanation/);

    // Read back (another device): the same.
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/v1/assessment/session/${session.assessment.slug}`,
      headers: learner.headers,
    });
    expect(capacitor(again.json().data).baseQuestion.translations!.hi!.options).toEqual(hi.options);

    // The answer is the question's own option text, whatever was shown; it scores as in English.
    expect(
      (await save(t.app, learner, { evaluationId: question._id, userAnswer: 'is doubled' })).statusCode,
    ).toBe(200);
    expect((await submit(t.app, learner, session.assessment.slug)).statusCode).toBe(200);
    const result = await t.app.inject({
      method: 'GET',
      url: `/api/v1/assessment/get-session/${session.assessment.slug}`,
      headers: learner.headers,
    });
    const data = result.json().data as ResultData;
    const scored = data.evaluations.find((e) => e._id === question._id)!;
    expect(scored.score).toBe(4);
    expect(scored.translatedExplanations?.hi).toMatch(
      /^\$C = \\frac\{\\varepsilon_0 A\}\{d\}\$: \$d\$ आधा करने पर/,
    );
    expect(data.assessment.languages?.chosen).toBe('hi');
  });

  it('opens in English without a choice, or with a language the exam does not have', async () => {
    for (const language of [undefined, 'fr', 'not a tag']) {
      const session = await startSession(t.app, learner, mock(language));
      expect(session.assessment.languages).toEqual({
        available: ['en', 'hi'],
        authoritative: 'en',
        chosen: 'en',
      });
    }
  });

  it('a paper in one language has neither languages nor translations', async () => {
    const session = await startSession(t.app, learner, {
      examSlug: 'neet-ug-practice',
      quizType: 'module',
      moduleSlug: 'neet-ug-paper',
    });
    expect(session.assessment.languages).toBeUndefined();
    expect(session.evaluation.some((e) => e.baseQuestion.translations)).toBe(false);
  });
});
