import type { PaperSection } from '@ai-tutor/contract';
import type { LocalQuestion } from './local-state';
import { paletteState } from './question-status';

/** NTA's summary before submitting, per section: the palette's four states and 'not visited'. */
export interface SectionSummary {
  title: string;
  answered: number;
  notAnswered: number;
  marked: number;
  answeredMarked: number;
  notVisited: number;
}

/**
 * Counts each section's questions. `visited` holds the questions the learner has been shown; a
 * question answered or marked counts as visited whatever it holds (it was, in another sitting).
 */
export function sectionSummaries(
  sections: readonly PaperSection[],
  questions: readonly LocalQuestion[],
  visited: ReadonlySet<number>,
): SectionSummary[] {
  return sections.map((section) => {
    const row: SectionSummary = {
      title: section.title,
      answered: 0,
      notAnswered: 0,
      marked: 0,
      answeredMarked: 0,
      notVisited: 0,
    };
    for (let i = section.firstQuestion - 1; i < section.firstQuestion - 1 + section.questionCount; i++) {
      const question = questions[i];
      if (!question) continue;
      const state = paletteState(question.evaluation);
      if (state === 'answered') row.answered += 1;
      else if (state === 'answered_marked') row.answeredMarked += 1;
      else if (state === 'marked') row.marked += 1;
      else if (visited.has(i)) row.notAnswered += 1;
      else row.notVisited += 1;
    }
    return row;
  });
}
