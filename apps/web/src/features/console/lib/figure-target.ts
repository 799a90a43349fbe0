import type { EditDraft } from './edit-draft';

/** Where an uploaded figure goes: the question text, the explanation or an option (`options.<i>`). */
export type FigureTarget = 'text' | 'explanation' | `options.${number}`;

const LETTERS = 'ABCDEFGHIJ';

/** The fields a figure may be put in, for the draft's type, with their labels. */
export function figureTargets(draft: EditDraft): { value: FigureTarget; label: string }[] {
  const { body } = draft;
  const choice = body.type === 'single' || body.type === 'multiple';
  return [
    { value: 'text', label: 'the question text' },
    ...(choice
      ? body.options.map((_o, i) => ({
          value: `options.${i}` as FigureTarget,
          label: `option ${LETTERS[i]}`,
        }))
      : []),
    { value: 'explanation', label: 'the explanation' },
  ];
}

const appended = (text: string, markup: string) => (text.trim() ? `${text.trimEnd()} ${markup}` : markup);

/** The draft with the figure's markup at the end of the target field (an option's key follows it). */
export function withFigure(draft: EditDraft, target: FigureTarget, markup: string): EditDraft {
  const { body } = draft;
  if (target === 'text') return { ...draft, body: { ...body, text: appended(body.text, markup) } };
  if (target === 'explanation')
    return { ...draft, body: { ...body, explanation: appended(body.explanation ?? '', markup) } };
  const at = Number(target.slice('options.'.length));
  const before = body.options[at];
  if (before === undefined) return draft;
  const after = appended(before, markup);
  const options = body.options.map((o, i) => (i === at ? after : o));
  // The key names options by their text: it follows the option it names.
  const key =
    body.key.type === 'single' && body.key.answer === before
      ? { ...body.key, answer: after }
      : body.key.type === 'multiple'
        ? { ...body.key, answers: body.key.answers.map((a) => (a === before ? after : a)) }
        : body.key;
  return { ...draft, body: { ...body, options, key } };
}
