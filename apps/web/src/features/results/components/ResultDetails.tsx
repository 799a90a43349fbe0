import type { ResultEvaluation } from '@ai-tutor/contract';
import { useMemo } from 'react';
import { bySubject } from '../lib/analysis';
import { LearningInsights } from './LearningInsights';
import { QuestionsOverview, type RowExtra } from './QuestionsOverview';

/**
 * The question table and the insights: everything of a result that shows maths. Its own chunk (with
 * KaTeX, ~120 kB with fonts), so the summary at the top of the page paints without waiting for it.
 */
export default function ResultDetails({
  evaluations,
  rowExtra,
}: {
  evaluations: ResultEvaluation[];
  rowExtra?: RowExtra | undefined;
}) {
  const groups = useMemo(() => bySubject(evaluations), [evaluations]);
  return (
    <>
      <QuestionsOverview evaluations={evaluations} groups={groups} rowExtra={rowExtra} />
      <LearningInsights evaluations={evaluations} />
    </>
  );
}
