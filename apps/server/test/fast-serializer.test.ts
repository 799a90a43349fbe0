import { envelope, saveEvaluationData } from '@ai-tutor/contract';
import { describe, expect, it } from 'vitest';
import { fastSerializer } from '../src/lib/fast-serializer.js';

describe('fastSerializer (save-answer response)', () => {
  const serialize = fastSerializer(envelope(saveEvaluationData))();
  const saved = {
    message: 'Answer saved',
    data: {
      evaluation: { _id: 'e1', userAnswer: 'It\'s "4"', status: 'answered', markedForReview: false },
      serverTime: '2026-11-22T10:00:00.000Z',
    },
  };

  it('writes the same JSON as the schema describes, quotes and nulls included', () => {
    expect(JSON.parse(serialize(saved))).toEqual(saved);
    const cleared = {
      ...saved,
      data: { ...saved.data, evaluation: { ...saved.data.evaluation, userAnswer: null } },
    };
    expect(JSON.parse(serialize(cleared))).toEqual(cleared);
  });

  it('never writes a property the schema does not declare (no answer key or score can leak)', () => {
    const leaky = {
      ...saved,
      secret: 'x',
      data: {
        ...saved.data,
        baseAnswer: '4',
        evaluation: { ...saved.data.evaluation, baseAnswer: '4', explanation: 'because', score: 4 },
      },
    };
    const text = serialize(leaky);
    expect(JSON.parse(text)).toEqual(saved);
    expect(text).not.toMatch(/baseAnswer|explanation|score|secret/);
  });
});
