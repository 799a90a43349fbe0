import type { AnswerValue } from '@ai-tutor/contract';

/** Whether a draft says the same as the saved answer (a choice of options in any order). */
export function sameAnswer(draft: string | string[], saved: AnswerValue): boolean {
  if (Array.isArray(draft)) {
    const before = Array.isArray(saved) ? saved : [];
    return draft.length === before.length && draft.every((option) => before.includes(option));
  }
  return draft === (typeof saved === 'string' ? saved : '');
}
