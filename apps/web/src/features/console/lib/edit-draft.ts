import type { FieldError, QuestionEditBody, QuestionForEdit, QuestionType } from '@ai-tutor/contract';

/**
 * The editor's working copy of a question: the body it saves, with a numerical key's numbers kept as
 * typed (a half-typed "0." is not a number yet) until they are read into the key.
 */
export interface EditDraft {
  body: QuestionEditBody;
  numeric: { mode: 'tolerance' | 'range'; value: string; tolerance: string; min: string; max: string };
}

const trim = (n: number) => String(Number(n.toPrecision(12)));

export function draftOf(q: QuestionForEdit): EditDraft {
  const numeric: EditDraft['numeric'] = { mode: 'tolerance', value: '', tolerance: '0', min: '', max: '' };
  if (q.key.type === 'numerical') {
    if (q.key.value === null)
      Object.assign(numeric, { mode: 'range', min: trim(q.key.min), max: trim(q.key.max) });
    else
      Object.assign(numeric, {
        value: trim(q.key.value),
        tolerance: trim(Math.max(q.key.value - q.key.min, q.key.max - q.key.value)),
      });
  }
  return {
    body: {
      type: q.type,
      text: q.text,
      options: q.options,
      key: q.key,
      explanation: q.explanation,
      hints: q.hints,
      passage: q.passage,
      topicSlug: q.topicSlug,
      status: q.status,
      baseVersion: q.version,
    },
    numeric,
  };
}

/** The numerical key the typed numbers make (NaN where a number is missing: the server names the field). */
export function numericKey(n: EditDraft['numeric']): QuestionEditBody['key'] {
  if (n.mode === 'range') return { type: 'numerical', min: Number(n.min), max: Number(n.max), value: null };
  const value = Number(n.value);
  const tolerance = Number(n.tolerance || 0);
  return { type: 'numerical', min: value - tolerance, max: value + tolerance, value };
}

/** The body as saved (and previewed): the numerical key read from the typed numbers. */
export function bodyOf(draft: EditDraft): QuestionEditBody {
  return draft.body.type === 'numerical' ? { ...draft.body, key: numericKey(draft.numeric) } : draft.body;
}

/** A new type keeps what still fits: options for the option types, accepted answers for text. */
export function withType(body: QuestionEditBody, type: QuestionType): QuestionEditBody {
  const options = body.options.length ? body.options : ['', ''];
  const first =
    body.key.type === 'single'
      ? body.key.answer
      : body.key.type === 'multiple'
        ? (body.key.answers[0] ?? '')
        : '';
  switch (type) {
    case 'single':
      return { ...body, type, options, key: { type, answer: first } };
    case 'multiple':
      return { ...body, type, options, key: { type, answers: first ? [first] : [] } };
    case 'numerical':
      return { ...body, type, options: [], key: { type, min: 0, max: 0, value: 0 } };
    case 'text':
      return { ...body, type, options: [], key: { type, answers: first ? [first] : [''], wildcard: false } };
  }
}

/** Messages for one field: its own and, for `options`, those of each option (`options.2`). */
export function messagesFor(list: readonly FieldError[], path: string): string {
  return list
    .filter((e) => e.path === path)
    .map((e) => e.message)
    .join('; ');
}
