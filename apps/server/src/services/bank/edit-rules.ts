import {
  keyText,
  parseMath,
  type EditWarning,
  type FieldError,
  type QuestionEditBody,
} from '@ai-tutor/contract';
import katex from 'katex';
import { questionProblems } from '../../import/question-rules.js';
import { textWarnings } from '../../import/text-checks.js';

/**
 * An edited question checked by the importer's own rules (import/question-rules.ts, text-checks.ts),
 * each problem named by the field it is in (docs/question-bank.md#editing), and every formula parsed
 * by KaTeX as the learner's screen will: one it cannot parse is an error, not something learners meet.
 */

const LETTERS = 'ABCDEFGHIJ';

/** Which field an importer problem is about, from its wording (question-rules.ts). */
function fieldOf(problem: string): string {
  if (/question text/.test(problem)) return 'text';
  if (/^the answer|range|answer "/.test(problem)) return 'key';
  if (/option/.test(problem)) return 'options';
  return 'key';
}

/** The form's field an importer warning names ("the text", "option B", "the explanation"). */
function warningPath(message: string): string {
  const option = /^option ([A-J])/.exec(message);
  if (option) return `options.${LETTERS.indexOf(option[1]!)}`;
  if (message.startsWith('the explanation')) return 'explanation';
  return 'text';
}

export function formulaErrors(path: string, text: string | null): FieldError[] {
  if (!text) return [];
  const errors: FieldError[] = [];
  for (const segment of parseMath(text)) {
    if (segment.kind !== 'math') continue;
    try {
      katex.renderToString(segment.value, {
        displayMode: segment.display,
        throwOnError: true,
        strict: 'ignore',
      });
    } catch (error) {
      const why = error instanceof Error ? error.message.replace(/^KaTeX parse error: /, '') : String(error);
      errors.push({ path, message: `the formula ${segment.value.slice(0, 60)} cannot be read: ${why}` });
    }
  }
  return errors;
}

/** The edited question trimmed as the importer trims, with its errors (nothing is saved if any) and warnings. */
export function checkEdit(body: QuestionEditBody): {
  content: Pick<
    QuestionEditBody,
    'type' | 'text' | 'options' | 'key' | 'explanation' | 'hints' | 'passage'
  > & {
    answer: string;
  };
  errors: FieldError[];
  warnings: EditWarning[];
} {
  const options = body.options.map((o) => o.trim());
  const key = trimKey(body.key);
  const content = {
    type: body.type,
    text: body.text.trim(),
    options: body.type === 'numerical' || body.type === 'text' ? [] : options,
    key,
    answer: keyText(key),
    explanation: body.explanation?.trim() || null,
    hints: body.hints.map((h) => h.trim()).filter(Boolean),
    passage: body.passage?.trim() || null,
  };
  const errors: FieldError[] = [];
  if (key.type !== body.type)
    errors.push({
      path: 'key',
      message: `a ${body.type} question needs a ${body.type} key, not ${key.type}`,
    });
  if ((body.type === 'numerical' || body.type === 'text') && options.some(Boolean))
    errors.push({ path: 'options', message: `a ${body.type} question has no options` });
  if ((body.type === 'single' || body.type === 'multiple') && options.length === 0)
    errors.push({ path: 'options', message: 'a question with options needs at least two of them' });
  if (key.type === 'text' && !key.answers.some(Boolean))
    errors.push({ path: 'key', message: 'a text question needs at least one accepted answer' });
  if (key.type === 'multiple' && key.answers.length === 0)
    errors.push({ path: 'key', message: 'a multiple-correct question needs at least one right option' });
  if (!errors.length)
    for (const problem of questionProblems(content))
      errors.push({ path: fieldOf(problem), message: problem });
  errors.push(
    ...formulaErrors('text', content.text),
    ...content.options.flatMap((o, i) => formulaErrors(`options.${i}`, o)),
    ...formulaErrors('explanation', content.explanation),
    ...content.hints.flatMap((h, i) => formulaErrors(`hints.${i}`, h)),
    ...formulaErrors('passage', content.passage),
  );
  const warnings = textWarnings(content).map((message) => ({ path: warningPath(message), message }));
  return { content, errors, warnings };
}

function trimKey(key: QuestionEditBody['key']): QuestionEditBody['key'] {
  switch (key.type) {
    case 'single':
      return { type: 'single', answer: key.answer.trim() };
    case 'multiple':
      return { type: 'multiple', answers: key.answers.map((a) => a.trim()) };
    case 'text':
      return {
        type: 'text',
        answers: key.answers.map((a) => a.trim()).filter(Boolean),
        wildcard: key.wildcard,
      };
    case 'numerical':
      return key;
  }
}
