import { describe, expect, it } from 'vitest';
import { makeAssessment, makeResultEvaluation, resultEvaluations } from '../components/results-test-kit';
import { coachFor, expectedValue } from './coach';

describe('the negative-marking coach', () => {
  it('shows the expected value per attempt with the figures it uses', () => {
    expect(expectedValue(0.62, 4, 1)).toEqual({ value: 2.1, formula: '0.62 × 4 − 0.38 × 1 = +2.10' });
    expect(expectedValue(0.1, 4, 1).formula).toBe('0.10 × 4 − 0.90 × 1 = −0.50');
  });

  it('sets marks lost to wrong answers against marks left unattempted, and advises per topic', () => {
    const coach = coachFor(makeAssessment(), resultEvaluations());
    // Q3 and Q5 wrong (−1 each); Q4 skipped (worth 4).
    expect(coach).toMatchObject({ lostToWrong: 2, wrongCount: 2, leftUnattempted: 4, unattemptedCount: 1 });
    const kinematics = coach.topics.find((t) => t.label === 'Kinematics');
    // Q1 and Q2 right, Q3 wrong: 2 of 3.
    expect(kinematics).toMatchObject({ correct: 2, attempted: 3, accuracy: 0.67, advice: 'attempt' });
    expect(kinematics?.formula).toBe('0.67 × 4 − 0.33 × 1 = +2.35 per attempt');
    expect(coach.topics.find((t) => t.label === 'Lenses')).toMatchObject({
      accuracy: 0,
      advice: 'skip-unless-sure',
      formula: '0.00 × 4 − 1.00 × 1 = −1.00 per attempt',
    });
    expect(coach.topics.find((t) => t.label === 'Dynamics')).toMatchObject({
      advice: 'no-data',
      formula: null,
    });
    // The first single-correct question has four options: +4/−1 makes a blind guess worth +0.25.
    expect(coach.blindGuess?.formula).toBe('0.25 × 4 − 0.75 × 1 = +0.25');
  });

  it('uses the session’s marking scheme: no penalty for numerical answers under JEE Advanced', () => {
    const coach = coachFor(
      makeAssessment({
        markingScheme: { id: 'jee-advanced@1', name: 'jee-advanced', label: 'JEE Advanced' },
      }),
      [
        makeResultEvaluation(1, {
          baseQuestion: { ...makeResultEvaluation(1).baseQuestion, questionType: 'numerical', options: [] },
          userAnswer: '2',
          status: 'answered',
          outcome: 'Incorrect',
          score: 0,
          maxScore: 3,
        }),
      ],
    );
    expect(coach.topics[0]).toMatchObject({ plus: 3, minus: 0, advice: 'no-penalty' });
    expect(coach.blindGuess).toBeNull();
  });
});
