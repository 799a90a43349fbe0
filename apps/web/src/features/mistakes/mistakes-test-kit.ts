/** Fixtures for the notebook's tests, in the API's shape (GET /v1/mistakes). */
import type { Mistake } from '@ai-tutor/contract';

export const mistake = (n: number, overrides: Partial<Mistake> = {}): Mistake => ({
  questionId: `q${n}`,
  questionText: `What is $x^${n}$ at $x = 2$?`,
  questionType: 'single',
  options: ['1', '2', '4', '8'],
  passage: null,
  yourAnswer: '1',
  keyText: '4',
  correctOptions: ['4'],
  explanation: `Square it: $2^2 = 4$ (${n}).`,
  exam: { id: 'x1', name: 'JEE Main', slug: 'jee-main' },
  subject: { id: 's1', name: 'Physics', slug: 'physics' },
  topic: { id: 't1', name: 'Kinematics', slug: 'kinematics' },
  answeredAt: '2026-03-01T10:00:00.000Z',
  outcome: 'incorrect',
  confidence: null,
  dueAt: '2026-03-01T10:10:00.000Z',
  reviews: 0,
  lapses: 0,
  evaluationId: null,
  ...overrides,
});

/** The last answer's evaluation, which the AI tutor explains (read when the server sends it). */
export const withEvaluation = (item: Mistake, evaluationId: string) => ({ ...item, evaluationId });

export const mistakesPage = (items: Mistake[], total = items.length, page = 1) => ({
  mistakes: items,
  total,
  page,
  limit: 10,
});
