import {
  AVERAGE_DECIMALS,
  currentScheme,
  DEFAULT_MARKING_SCHEME,
  type ModuleSummary,
  type PerformanceRecord,
} from '@ai-tutor/contract';
import type { TestInstructionsInfo } from './components/TestInstructions';

/** The four figures a module or subject card shows, from its record (or none yet). */
export interface Stats {
  averageScore: number;
  attempts: number;
  totalScore: number;
  totalMarks: number;
  highestScore: number;
}

/** What a card says instead of figures made of no attempts ('0.00%', 'Total Marks 0'). */
export const NO_ATTEMPTS = 'No attempts yet';

/** A figure of the stats, or null (shown as 'No attempts yet') while there are no attempts. */
export const figure = (stats: Stats, value: string): string | null => (stats.attempts > 0 ? value : null);

export const noStats: Stats = { averageScore: 0, attempts: 0, totalScore: 0, totalMarks: 0, highestScore: 0 };

export function statsOf(record: PerformanceRecord | undefined): Stats {
  if (!record) return noStats;
  return {
    averageScore: record.averageScore,
    attempts: record.attempt,
    totalScore: record.totalScore,
    totalMarks: record.totalMarks,
    highestScore: record.highestScore,
  };
}

/** docs/product.md#performance-records: the average is shown to two decimals. */
export const formatAverage = (value: number) => `${value.toFixed(AVERAGE_DECIMALS)}%`;

/** The marks available over all attempts (the tile says Total Marks; the score is the Average's). */
export const formatTotalMarks = (stats: Stats) => String(stats.totalMarks);

export const formatSize = (questionCount: number, durationMinutes: number) =>
  `${questionCount} question${questionCount === 1 ? '' : 's'} · ${durationMinutes} min`;

/** A module mock test's instructions screen. */
export const mockTestInstructions = (module: ModuleSummary): TestInstructionsInfo => ({
  durationMinutes: module.durationMinutes,
  questionCount: module.questionCount,
  // A catalogue without the field: the scheme every module has unless it names one.
  markingScheme: module.markingScheme?.label ?? currentScheme(DEFAULT_MARKING_SCHEME).label,
  ...(module.languages && module.languages.length > 1 ? { languages: module.languages } : {}),
});
