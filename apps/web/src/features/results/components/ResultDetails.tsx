import type { ResultEvaluation } from '@ai-tutor/contract';
import { useMemo } from 'react';
import { useShownAfterPaint } from '../../../hooks/use-shown-after-paint';
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
  // The insights below the table come a frame after its first rows, each part in a short task of its own.
  const insightsShown = useShownAfterPaint();
  return (
    <>
      <QuestionsOverview evaluations={evaluations} groups={groups} rowExtra={rowExtra} />
      {insightsShown && <LearningInsights evaluations={evaluations} />}
    </>
  );
}
