import {
  hintData,
  practiceMessages,
  type CreateAssessmentBody,
  type QuestionKey,
  type SessionData,
} from '@ai-tutor/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { revealsKey } from '../src/services/practice/key-leaks.js';
import { useTestApp } from './helpers/app.js';
import { insertCatalogue, startSession, subjectQuiz, type TestCatalogue } from './helpers/catalogue.js';
import { createLearner, type TestLearner } from './helpers/learner.js';

/** A hint never gives the key away, in whatever form the key is written (docs/decisions/0016-honest-tutor-and-real-mistakes.md). */

const half = { type: 'numerical', min: 0.5, max: 0.5, value: 0.5 } as const;

describe('the key-leak guard', () => {
  it.each([
    '…so the chance is 1/2',
    'so the chance is 1 / 2',
    'the chance is $\\frac{1}{2}$',
    'the chance is \\dfrac12',
    'the chance is ½',
    'the chance is one half',
    'it comes out at 0.5',
    'it comes out at .5',
    'it comes out at 0.50',
    'that is 50%',
    'that is 50 %',
    'that is 50\\%',
    'that is 50 percent',
    'that is 5 × 10^{-1}',
    'that is 5 x 10^-1',
    'that is 5·10⁻¹',
    'that is 5e-1',
    'that is 2/4 of the cases',
  ])('finds the numerical key 0.5 in %j', (text) => {
    expect(revealsKey(text, half)).toBe(true);
  });

  it.each([
    'Count the favourable outcomes and divide by all outcomes.',
    'Two coins give four outcomes.',
    'A die has 6 faces; 3 of them are even.',
    'the chance is 1/3',
    'that is 5 × 10^{-2}',
  ])('lets %j through for the key 0.5', (text) => {
    expect(revealsKey(text, half)).toBe(false);
  });

  it('finds a range key by any value inside it, and a key near a third by its fraction', () => {
    const third = { type: 'numerical', min: 0.33, max: 0.34, value: null } as const;
    expect(revealsKey('so p = 1/3', third)).toBe(true);
    expect(revealsKey('about 33.5 %', third)).toBe(true);
    expect(revealsKey('so p = 1/4', third)).toBe(false);
    const big = { type: 'numerical', min: 1500, max: 1500, value: 1500 } as const;
    expect(revealsKey('it is 1,500 J', big)).toBe(true);
    expect(revealsKey('it is 1.5 × 10^3 J', big)).toBe(true);
    expect(revealsKey('it is 1.5e3 J', big)).toBe(true);
  });

  it("finds a right option's text with other spacing or case, and its number in another form", () => {
    const water = { type: 'single', answer: 'H2O' } as const;
    expect(revealsKey('so the product is h2o', water)).toBe(true);
    expect(revealsKey('so the product is H 2 O', water)).toBe(true);
    expect(revealsKey('so the product is a gas', water)).toBe(false);
    const fraction = { type: 'single', answer: '1/4' } as const;
    expect(revealsKey('so one quarter of them', fraction)).toBe(true);
    expect(revealsKey('that is 25 %', fraction)).toBe(true);
    expect(revealsKey('that is 0.25', fraction)).toBe(true);
    expect(revealsKey('that is 0.2', fraction)).toBe(false);
    const speed = { type: 'single', answer: '2 m/s²' } as const;
    expect(revealsKey('so a = 2 m/s^2 downwards', speed)).toBe(true);
    expect(revealsKey('the pulley is massless', speed)).toBe(false);
    const both: QuestionKey = { type: 'multiple', answers: ['Iron', 'Cobalt'] };
    expect(revealsKey('cobalt is one of them', both)).toBe(true);
    expect(revealsKey('Think of ferromagnets', both)).toBe(false);
  });
});

const COINS = 'Two fair coins are tossed. What is the probability of exactly one head? (Enter a number.)';
const SOLUTION =
  'There are four equally likely outcomes: HH, HT, TH and TT. Two of them, HT and TH, have exactly one head. So the chance is 1/2. The answer is 0.5.';

describe('hints of a numerical question whose key is 0.5, without an AI provider', () => {
  const t = useTestApp();
  let c: TestCatalogue;
  let learner: TestLearner;
  beforeAll(async () => {
    c = await insertCatalogue(t.app.db, {
      subjects: [
        {
          name: 'Mathematics',
          questionCount: 2,
          topics: [{ name: 'Probability' }],
          questions: [
            { text: COINS, key: half, explanation: SOLUTION, topic: 0 },
            {
              text: 'A fair die is rolled. What is the probability of an even number? (Enter a number.)',
              key: half,
              explanation: 'Three of the six faces are even. So it is 3/6 = 1/2.',
              hints: ['How many faces does a die have, and how many of them are even?'],
              topic: 0,
            },
          ],
        },
      ],
    });
    learner = await createLearner(t.app);
  });

  const practice = (): CreateAssessmentBody => ({ ...subjectQuiz(c, 0), type: 'practice' });
  const hints = async (id: string) => {
    const out = [];
    for (const level of [1, 2, 3, 4]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/evaluations/${id}/hint`,
        headers: learner.headers,
        payload: { level },
      });
      expect(res.statusCode).toBe(200);
      out.push(hintData.parse(res.json().data));
    }
    return out;
  };
  const byText = (s: SessionData, prefix: string) =>
    s.evaluation.find((e) => e.baseQuestion.questionText.startsWith(prefix))!._id;

  it('never says 1/2 before the worked solution, and labels each rung by its source', async () => {
    const s = await startSession(t.app, learner, practice());
    const given = await hints(byText(s, 'Two fair coins'));
    expect(given.map((h) => [h.source, h.text])).toEqual([
      [
        'question',
        practiceMessages.hintNudge('“What is the probability of exactly one head?”', 'Probability'),
      ],
      ['solution', 'There are four equally likely outcomes: HH, HT, TH and TT.'],
      ['solution', 'Two of them, HT and TH, have exactly one head.'],
      ['solution', SOLUTION],
    ]);
    for (const h of given.slice(0, 3)) expect(revealsKey(h.text, half)).toBe(false);
  });

  it("gives the author's hints first, then the solution's safe steps, then general advice", async () => {
    const s = await startSession(t.app, learner, practice());
    const given = await hints(byText(s, 'A fair die'));
    expect(given.map((h) => [h.source, h.text])).toEqual([
      ['authored', 'How many faces does a die have, and how many of them are even?'],
      ['solution', 'Three of the six faces are even.'],
      ['generic', practiceMessages.hintGeneric[3]],
      ['solution', 'Three of the six faces are even. So it is 3/6 = 1/2.'],
    ]);
  });
});
