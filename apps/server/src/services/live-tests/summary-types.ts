import type { RankingData } from '@ai-tutor/contract';

/** What the ranking stores with the test (scheduled_tests.summary): the parts every taker shares. */
export interface RankingSummary {
  takers: number;
  /** Buckets without `yours` (that is the caller's). */
  distribution: Omit<RankingData['distribution'][number], 'yours'>[];
  topTenPercent: RankingData['topTenPercent'];
  subjects: {
    id: string;
    name: string;
    questions: number;
    topTenPercent: { accuracyPercent: number; averageSecondsPerQuestion: number };
  }[];
}
