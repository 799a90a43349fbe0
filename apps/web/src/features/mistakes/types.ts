import type { AnswerValue, Mistake } from '@ai-tutor/contract';

/** A notebook entry as the screen shows it (mapped from the API's item in api/get-mistakes.ts). */
export interface MistakeView {
  /** What dismissing names. */
  id: string;
  questionId: string;
  /** The last attempt's evaluation, for the AI tutor's explanation; null when there is none. */
  evaluationId: string | null;
  why: 'wrong' | 'unattempted' | 'guess';
  questionText: string;
  passage: string | null;
  options: string[];
  yourAnswer: AnswerValue;
  key: string;
  correctOptions: string[];
  explanation: string | null;
  exam: { name: string; slug: string } | null;
  subject: { name: string; slug: string } | null;
  topic: { name: string; slug: string } | null;
  /** A paper in more than one language: its languages, the one it was answered in (docs/languages.md). */
  languages?: Mistake['languages'];
  translations?: Mistake['translations'];
}

export interface MistakesPage {
  mistakes: MistakeView[];
  total: number;
}

/** The filters' choices: exams, their subjects and those subjects' topics (the route supplies them). */
export interface FilterCatalogue {
  exams: Array<{
    slug: string;
    name: string;
    subjects: Array<{ slug: string; name: string; topics: Array<{ slug: string; name: string }> }>;
  }>;
}
