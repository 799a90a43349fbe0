import { keyText, type QuestionEditBody, type ResultEvaluation } from '@ai-tutor/contract';
import { useMemo } from 'react';
import { QuestionPanel } from '../../features/quiz/components/QuestionPanel';
import { QuestionsOverview } from '../../features/results/components/QuestionsOverview';
import { bySubject } from '../../features/results/lib/analysis';

/**
 * The console editor's preview of a question (docs/question-bank.md#editing), composed here because
 * features do not import each other: the quiz's question panel and the result's question table, the
 * very components learners see, fed the edited question.
 */

const nothing = () => undefined;

/** The key as the learner's answer: the result row then shows it in both columns, as a right answer does. */
function rightAnswer(q: QuestionEditBody): string | string[] | null {
  if (q.key.type === 'single') return q.key.answer || null;
  if (q.key.type === 'multiple') return q.key.answers;
  return keyText(q.key) || null;
}

function asResult(q: QuestionEditBody): ResultEvaluation {
  const answer = rightAnswer(q);
  return {
    _id: 'preview',
    baseQuestion: {
      questionText: q.text,
      options: q.options,
      subject: null,
      questionType: q.type,
      passage: q.passage || null,
    },
    userAnswer: answer,
    status: answer === null ? 'not_answered' : 'answered',
    markedForReview: false,
    baseAnswer: keyText(q.key),
    correctOptions: q.key.type === 'single' ? [q.key.answer] : q.key.type === 'multiple' ? q.key.answers : [],
    outcome: 'Correct',
    maxScore: 4,
    explanation: q.explanation || null,
    score: 4,
    timeSpentSeconds: 0,
    topic: null,
  };
}

/** The question in the test (unanswered) and in the result's table (answered right). */
export function LearnerScreensPreview({ question }: { question: QuestionEditBody }) {
  const result = useMemo(() => [asResult(question)], [question]);
  const groups = useMemo(() => bySubject(result), [result]);
  const evaluation = result[0]!;
  return (
    <>
      <QuestionPanel
        question={{
          evaluation: { ...evaluation, userAnswer: null, status: 'not_answered' },
          draft: null,
          unsentMs: 0,
        }}
        index={0}
        total={1}
        onChange={nothing}
        onPrev={nothing}
        onToggleMark={nothing}
        onClear={nothing}
        onSave={nothing}
      />
      <QuestionsOverview evaluations={result} groups={groups} />
    </>
  );
}
