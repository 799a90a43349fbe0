import type { Assessment, CoachData, ResultEvaluation } from '@ai-tutor/contract';
import { lazy, Suspense, useMemo } from 'react';
import { bySubject } from '../lib/analysis';
import { LearningInsights } from './LearningInsights';
import { NegativeMarkingCoach } from './NegativeMarkingCoach';
import { QuestionsOverview, type RowExtra } from './QuestionsOverview';

const BilingualQuestions = lazy(() => import('./BilingualQuestions'));

/**
 * The question table and the insights: everything of a result that shows maths. Its own chunk (with
 * KaTeX, ~120 kB with fonts), so the summary at the top of the page paints without waiting for it.
 */
export default function ResultDetails({
  assessment,
  coach,
  evaluations,
  rowExtra,
}: {
  assessment: Assessment;
  /** The server's negative-marking coach (timed sessions). */
  coach?: CoachData | undefined;
  evaluations: ResultEvaluation[];
  rowExtra?: RowExtra | undefined;
}) {
  const groups = useMemo(() => bySubject(evaluations), [evaluations]);
  return (
    <>
      {assessment.languages ? (
        <Suspense fallback={null}>
          <BilingualQuestions
            languages={assessment.languages}
            evaluations={evaluations}
            groups={groups}
            rowExtra={rowExtra}
          />
        </Suspense>
      ) : (
        <QuestionsOverview evaluations={evaluations} groups={groups} rowExtra={rowExtra} />
      )}
      {/* Timed tests only: without a clock, skipping is not a choice worth coaching. */}
      {assessment.timed && coach && <NegativeMarkingCoach coach={coach} />}
      <LearningInsights evaluations={evaluations} />
    </>
  );
}
