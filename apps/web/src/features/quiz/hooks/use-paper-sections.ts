import { paperSections, schemeById } from '@ai-tutor/contract';
import { useMemo, useState } from 'react';
import type { LocalQuestion, LocalQuizState } from '../lib/local-state';
import { sectionSummaries } from '../lib/section-summary';

/**
 * The paper's sections as the server laid them out (worked out the same way for a copy stored without
 * them), the questions this screen has shown, and, while `summarise`, NTA's summary per section.
 */
export function usePaperSections(
  initial: LocalQuizState,
  questions: LocalQuestion[],
  currentIndex: number,
  summarise: boolean,
) {
  const sections = useMemo(
    () =>
      initial.sections ??
      paperSections(
        initial.questions.map((q) => q.evaluation),
        schemeById(initial.assessment.markingScheme.id),
      ),
    [initial],
  );
  const [visited, setVisited] = useState<ReadonlySet<number>>(() => new Set([currentIndex]));
  // Updated while rendering (React's pattern for state following a prop), not in an effect.
  if (!visited.has(currentIndex)) setVisited(new Set([...visited, currentIndex]));
  const summary = useMemo(
    () => (summarise ? sectionSummaries(sections, questions, visited) : []),
    [summarise, sections, questions, visited],
  );
  return { sections, summary };
}
