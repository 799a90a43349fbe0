/**
 * The built-in achievement posts used when no AI provider is configured (or it fails): plain,
 * deterministic, and honest about the numbers. 'Regenerate' moves to the next template.
 */

export interface PostFacts {
  exam: string;
  module: string;
  subject: string | null;
  topic: string | null;
  kind: 'mock test' | 'subject quiz' | 'topic quiz' | 'review session' | 'adaptive quiz';
  score: number;
  totalMarks: number;
  /** One decimal, as text ("62.5"). */
  percentage: string;
  /** Full marks; `partial`: some marks (JEE Advanced's multiple-correct), as the result counts them. */
  correct: number;
  partial: number;
  totalQuestions: number;
}

/** "3 of 54 questions right" or "1 right and 2 partially right of 54 questions", as the result says. */
const rightOf = (f: PostFacts) =>
  f.partial > 0
    ? `${f.correct} right and ${f.partial} partially right of ${f.totalQuestions} questions`
    : `${f.correct} of ${f.totalQuestions} questions right`;

function closing(f: PostFacts): string {
  const pct = Number(f.percentage);
  if (pct >= 80) return 'The hard work is paying off. On to the next one!';
  if (pct >= 50) return 'Good progress, and a clear list of what to sharpen next.';
  return 'Every attempt shows me exactly what to work on next. Onwards!';
}

const scope = (f: PostFacts) => f.topic ?? f.subject ?? f.module;

export const POST_TEMPLATES: ((f: PostFacts) => string)[] = [
  (f) =>
    `I just completed a ${f.kind} on ${scope(f)} (${f.exam}) on AI TUTOR and scored ` +
    `${f.score} / ${f.totalMarks} (${f.percentage}%), with ${rightOf(f)}.` +
    `\n\n${closing(f)}\n\n#ExamPrep #AITutor`,
  (f) =>
    `Practice update: ${f.score} / ${f.totalMarks} (${f.percentage}%) in my ${scope(f)} ${f.kind} for ${f.exam}. ` +
    `${rightOf(f)[0]!.toUpperCase()}${rightOf(f).slice(1)}. ${closing(f)}\n\n#LearningEveryDay #AITutor`,
  (f) =>
    `Another step in my ${f.exam} preparation: the ${scope(f)} ${f.kind} on AI TUTOR, ` +
    `${f.score} / ${f.totalMarks} (${f.percentage}%). ${closing(f)}\n\n#ExamPrep #KeepLearning`,
];

/** The template after the one that wrote `previousBody` (the first when none did). */
export function templateAfter(facts: PostFacts, previousBody: string | null): string {
  const current =
    previousBody === null ? -1 : POST_TEMPLATES.findIndex((t) => t(facts) === previousBody.trim());
  return POST_TEMPLATES[(current + 1) % POST_TEMPLATES.length]!(facts);
}
