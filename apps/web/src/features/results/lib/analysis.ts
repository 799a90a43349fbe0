import {
  DEFAULT_SUBJECT_LABEL,
  PERCENT_DECIMALS,
  type Assessment,
  type OutcomeLabel,
  type ResultEvaluation,
} from '@ai-tutor/contract';

/** Time Taken in hours, minutes and seconds; '0ms' when zero or negative (docs/product.md#result-screen). */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms <= 0) return '0ms';
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return `${h}h ${m}m ${s}s`;
  if (m > 0) return `${m}m ${s}s`;
  return `${s}s`;
}

export function timeTaken(assessment: Pick<Assessment, 'startTime' | 'endTime'>): string {
  if (!assessment.endTime) return formatDuration(0);
  return formatDuration(Date.parse(assessment.endTime) - Date.parse(assessment.startTime));
}

/** A percentage to one decimal ("37.5"); 0 of 0 is "0.0". */
export function percent(part: number, whole: number): string {
  if (!whole) return (0).toFixed(PERCENT_DECIMALS);
  return ((part / whole) * 100).toFixed(PERCENT_DECIMALS);
}

const OUTCOMES: readonly OutcomeLabel[] = ['Correct', 'Partially Correct', 'Incorrect', 'Not Attempted'];

/** The row's status is the server's outcome under the session's marking scheme (docs/product.md#marking-schemes). */
export const rowStatus = (e: Pick<ResultEvaluation, 'outcome'>): OutcomeLabel =>
  OUTCOMES.find((o) => o === e.outcome) ?? 'Not Attempted';

export interface Distribution {
  correct: number;
  /** Partial marks (JEE Advanced's multiple-correct): neither correct nor incorrect. */
  partial: number;
  incorrect: number;
  notAttempted: number;
  total: number;
}

export function distribution(evaluations: Array<Pick<ResultEvaluation, 'outcome'>>): Distribution {
  const d = { correct: 0, partial: 0, incorrect: 0, notAttempted: 0, total: evaluations.length };
  for (const e of evaluations) {
    const status = rowStatus(e);
    if (status === 'Correct') d.correct += 1;
    else if (status === 'Partially Correct') d.partial += 1;
    else if (status === 'Incorrect') d.incorrect += 1;
    else d.notAttempted += 1;
  }
  return d;
}

export interface QuestionGroup {
  key: string;
  label: string;
  /** Positions in the whole test (question number − 1). */
  indexes: number[];
}

/** One group per subject, in order of first appearance; no subject → 'General'. */
export function groupBy(
  evaluations: ResultEvaluation[],
  pick: (e: ResultEvaluation) => { id: string; name: string } | null,
): QuestionGroup[] {
  const groups = new Map<string, QuestionGroup>();
  evaluations.forEach((e, index) => {
    const ref = pick(e);
    const key = ref?.id ?? '__general__';
    let group = groups.get(key);
    if (!group) {
      group = { key, label: ref?.name ?? DEFAULT_SUBJECT_LABEL, indexes: [] };
      groups.set(key, group);
    }
    group.indexes.push(index);
  });
  return [...groups.values()];
}

export const bySubject = (evaluations: ResultEvaluation[]) =>
  groupBy(evaluations, (e) => e.baseQuestion.subject);

export interface AccuracyRow {
  key: string;
  label: string;
  correct: number;
  attempted: number;
  total: number;
  /** Marks given away by wrong answers (negative marking), as a positive number. */
  marksLost: number;
}

export function accuracy(evaluations: ResultEvaluation[], groups: QuestionGroup[]): AccuracyRow[] {
  return groups.map((group) => {
    const items = group.indexes.map((i) => evaluations[i]!);
    const d = distribution(items);
    const marksLost = -items.reduce((sum, e) => sum + Math.min(0, e.score ?? 0), 0);
    return {
      key: group.key,
      label: group.label,
      correct: d.correct,
      attempted: d.correct + d.partial + d.incorrect,
      total: d.total,
      marksLost,
    };
  });
}

export interface TimedQuestion {
  number: number;
  seconds: number;
  status: OutcomeLabel;
}

/** The slowest questions first; only those with time recorded. */
export function slowest(evaluations: ResultEvaluation[], count = 3): TimedQuestion[] {
  return evaluations
    .map((e, i) => ({ number: i + 1, seconds: e.timeSpentSeconds, status: rowStatus(e) }))
    .filter((q) => q.seconds > 0)
    .sort((a, b) => b.seconds - a.seconds || a.number - b.number)
    .slice(0, count);
}

/** Breadcrumb: module with subject (and topic), or module alone, or subject alone. */
export function scopeLabel(assessment: Pick<Assessment, 'examModule' | 'subject' | 'topic'>): string {
  return [assessment.examModule?.name, assessment.subject?.name, assessment.topic?.name]
    .filter((name): name is string => Boolean(name))
    .join(' - ');
}

/** A question's time: like Time Taken, but nothing spent reads '0s'. */
export const formatSeconds = (seconds: number) => (seconds > 0 ? formatDuration(seconds * 1000) : '0s');

/**
 * 'Average 3s per question.' over the questions that have time on them: a test where one question took
 * 3 s and the rest none reads 3 s, not 0 s. Under a second reads '<1s'.
 */
export function averageTimeText(seconds: number[]): string {
  const timed = seconds.filter((s) => s > 0);
  if (timed.length === 0) return '';
  const average = timed.reduce((a, b) => a + b, 0) / timed.length;
  const shown = average < 1 ? '<1s' : formatSeconds(Math.round(average));
  const of = timed.length < seconds.length ? ` (${timed.length} of ${seconds.length} questions timed)` : '';
  return `Average ${shown} per question${of}.`;
}
