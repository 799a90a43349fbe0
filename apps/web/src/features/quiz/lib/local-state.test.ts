import { describe, expect, it } from 'vitest';
import { defaultEvaluations, evalId, makeAssessment } from '../components/quiz-test-kit';
import { initialLocalState, mergeResumed, quizStateStorageKey, readLocalState } from './local-state';

describe('mergeResumed', () => {
  it('lays unconfirmed local saves over the server state and keeps place and drafts', () => {
    const assessment = makeAssessment();
    const local = initialLocalState(assessment, defaultEvaluations(), 0, '2026-03-01T10:00:00.000Z');
    local.currentIndex = 2;
    local.questions[2]!.draft = 'Option 3A';
    local.pending = [
      { evaluationId: evalId(1), userAnswer: 'Option 1B' },
      { evaluationId: evalId(2), markedForReview: true },
      { evaluationId: 'gone', userAnswer: 'x' },
    ];
    const server = defaultEvaluations();
    server[3] = { ...server[3]!, userAnswer: '9.8', status: 'answered' };
    const merged = mergeResumed({ assessment, evaluation: server }, local, 1234, '2026-03-01T10:05:00.000Z');

    expect(merged.currentIndex).toBe(2);
    expect(merged.clockOffsetMs).toBe(1234);
    expect(merged.createdAt).toBe('2026-03-01T10:00:00.000Z');
    expect(merged.questions[0]!.evaluation).toMatchObject({ userAnswer: 'Option 1B', status: 'answered' });
    expect(merged.questions[1]!.evaluation.markedForReview).toBe(true);
    expect(merged.questions[2]!.draft).toBe('Option 3A');
    expect(merged.questions[3]!.evaluation).toMatchObject({ userAnswer: '9.8', status: 'answered' });
    expect(merged.pending.map((p) => p.evaluationId)).toEqual([evalId(1), evalId(2)]);
  });

  it('a pending clear takes a server answer back', () => {
    const assessment = makeAssessment();
    const server = defaultEvaluations();
    server[0] = { ...server[0]!, userAnswer: 'Option 1A', status: 'answered' };
    const local = initialLocalState(assessment, server, 0, '');
    local.pending = [{ evaluationId: evalId(1), userAnswer: '' }];
    const merged = mergeResumed({ assessment, evaluation: server }, local, 0, '');
    expect(merged.questions[0]!.evaluation).toMatchObject({ userAnswer: null, status: 'not_answered' });
  });
});

describe('readLocalState', () => {
  it('reads a copy saved before questions had types: options make it single-correct, none free text', () => {
    const assessment = makeAssessment();
    const state = initialLocalState(assessment, defaultEvaluations(), 0, '');
    const old = {
      ...state,
      questions: state.questions.map((q) => {
        const { questionText, options, subject } = q.evaluation.baseQuestion;
        return { ...q, evaluation: { ...q.evaluation, baseQuestion: { questionText, options, subject } } };
      }),
    };
    localStorage.setItem(quizStateStorageKey(assessment._id), JSON.stringify(old));
    const read = readLocalState(assessment._id);
    expect(read?.questions.map((q) => q.evaluation.baseQuestion.questionType)).toEqual([
      'single',
      'single',
      'single',
      'text',
    ]);
    expect(read?.questions.every((q) => q.evaluation.baseQuestion.passage === null)).toBe(true);
    localStorage.clear();
  });
});
