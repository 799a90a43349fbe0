import { z } from 'zod';
import { EXAMS_PAGE_SIZE, EXAMS_START_PAGE, TEXT_LIMITS } from './constants.js';
import { text } from './text.js';
import { topicMastery } from './tutor.js';

export const topicSummary = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  /** The topic quiz's size (DEFAULT_TOPIC_DURATION_MINUTES, DEFAULT_TOPIC_QUESTION_COUNT unless set). */
  durationMinutes: z.number().int().optional(),
  questionCount: z.number().int().optional(),
});
export const subjectSummary = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  durationMinutes: z.number().int(),
  questionCount: z.number().int(),
  topics: z.array(topicSummary),
});
export const moduleSummary = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  durationMinutes: z.number().int(),
  questionCount: z.number().int(),
  /** The scheme a new mock test of this module is marked by, for its instructions screen (docs/product.md#test-instructions). */
  markingScheme: z.object({ id: z.string(), name: z.string(), label: z.string() }).optional(),
  /** Its exam's languages, the authoritative first, when there is more than one (docs/languages.md). */
  languages: z.array(z.string()).optional(),
  subjects: z.array(subjectSummary),
});
export const examDetail = z.object({
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  modules: z.array(moduleSummary),
});
export type TopicSummary = z.infer<typeof topicSummary>;
export type SubjectSummary = z.infer<typeof subjectSummary>;
export type ModuleSummary = z.infer<typeof moduleSummary>;
export type ExamDetail = z.infer<typeof examDetail>;

export const examsQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(EXAMS_START_PAGE),
  limit: z.coerce.number().int().min(1).max(50).default(EXAMS_PAGE_SIZE),
});
export const examsList = z.object({
  exams: z.array(examDetail),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type ExamsList = z.infer<typeof examsList>;

const entityRef = z.object({ id: z.string(), name: z.string(), slug: z.string() });
export const performanceRecord = z.object({
  examModule: entityRef.nullable(),
  subject: entityRef.nullable(),
  topic: entityRef.nullable(),
  averageScore: z.number(),
  attempt: z.number().int(),
  lastAttemptScore: z.number(),
  totalScore: z.number(),
  totalMarks: z.number(),
  highestScore: z.number(),
  /** Percentages of the attempts, oldest first, for a small trend chart. */
  recentPercentages: z.array(z.number()).optional(),
});
export type PerformanceRecord = z.infer<typeof performanceRecord>;
export const userRecords = z.object({
  data: z.array(performanceRecord),
  /** Mastery per topic the learner has answered (docs/product.md#mastery-and-adaptive-sessions). */
  mastery: z.array(topicMastery).optional(),
});

/** `/v1/exams/:slug`. */
export const examParams = z.object({ slug: text(TEXT_LIMITS.slug).trim().min(1) });
export type ExamsQuery = z.infer<typeof examsQuery>;
