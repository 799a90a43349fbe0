/** Fixtures for the notebook's tests, in the API's shape (GET /v1/mistakes). */
import type { MistakeView } from './types';

export const mistake = (n: number, overrides: Partial<MistakeView> = {}): MistakeView => ({
  id: `m${n}`,
  questionId: `q${n}`,
  evaluationId: `e${n}`,
  why: 'wrong',
  questionText: `What is $x^${n}$ at $x = 2$?`,
  passage: null,
  options: ['1', '2', '4', '8'],
  yourAnswer: '1',
  key: '4',
  correctOptions: ['4'],
  explanation: `Square it: $2^2 = 4$ (${n}).`,
  exam: { name: 'JEE Main', slug: 'jee-main' },
  subject: { name: 'Physics', slug: 'physics' },
  topic: { name: 'Kinematics', slug: 'kinematics' },
  ...overrides,
});

export const mistakesPage = (items: MistakeView[], total = items.length) => ({ mistakes: items, total });
