import type { ExamDetail, PerformanceRecord } from '@ai-tutor/contract';
import { answerCalls } from '../../test/server';

/** The exams screens' server (MSW, test/server.ts): answers by URL; records every URL asked for. */
export type Handler = (url: URL) => { status?: number; body: unknown } | undefined;

export function mockApi(handler: Handler) {
  const recorded = answerCalls((call) => handler(call.url));
  return {
    get calls() {
      return recorded.map((call) => call.url);
    },
  };
}

export const ok = (data: unknown) => ({ body: { message: 'ok', data } });

const topic = (slug: string, name: string) => ({
  _id: `t-${slug}`,
  name,
  slug,
  durationMinutes: 15,
  questionCount: 6,
});

export const jee: ExamDetail = {
  name: 'JEE Main (Practice)',
  slug: 'jee-main-practice',
  description: 'Practice papers.',
  modules: [
    {
      _id: 'm-paper-1',
      name: 'Paper 1',
      slug: 'jee-main-paper-1',
      durationMinutes: 144,
      questionCount: 60,
      subjects: [
        {
          _id: 's-physics',
          name: 'Physics',
          slug: 'jee-physics',
          durationMinutes: 48,
          questionCount: 20,
          topics: [topic('jee-physics-mechanics', 'Mechanics'), topic('jee-physics-optics', 'Optics')],
        },
        {
          _id: 's-chemistry',
          name: 'Chemistry',
          slug: 'jee-chemistry',
          durationMinutes: 48,
          questionCount: 20,
          topics: [topic('jee-chemistry-organic', 'Organic Chemistry')],
        },
      ],
    },
  ],
};

export const exam = (i: number): ExamDetail => ({
  name: `Exam ${i}`,
  slug: `exam-${i}`,
  description: null,
  modules: [],
});

const ref = (id: string, name: string, slug: string) => ({ id, name, slug });
export const records: PerformanceRecord[] = [
  {
    examModule: ref('m-paper-1', 'Paper 1', 'jee-main-paper-1'),
    subject: null,
    topic: null,
    averageScore: 41.666666,
    attempt: 3,
    lastAttemptScore: 100,
    totalScore: 300,
    totalMarks: 720,
    highestScore: 140,
  },
  {
    examModule: null,
    subject: ref('s-physics', 'Physics', 'jee-physics'),
    topic: null,
    averageScore: 62.5,
    attempt: 2,
    lastAttemptScore: 40,
    totalScore: 100,
    totalMarks: 160,
    highestScore: 60,
  },
  {
    examModule: null,
    subject: null,
    topic: ref('t-jee-physics-optics', 'Optics', 'jee-physics-optics'),
    averageScore: 50,
    attempt: 1,
    lastAttemptScore: 12,
    totalScore: 12,
    totalMarks: 24,
    highestScore: 12,
  },
];
