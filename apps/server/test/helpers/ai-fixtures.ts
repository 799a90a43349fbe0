import { randomBytes } from 'node:crypto';
import { scoreAnswer } from '@ai-tutor/contract';
import type { Db } from '../../src/db/client.js';
import { evaluationId, newSessionId } from '../../src/services/quiz/session-ids.js';
import {
  answerSheets,
  assessments,
  exams,
  modules,
  questions,
  subjects,
  topics,
} from '../../src/db/schema.js';
import { textHash } from '../../src/import/types.js';
import { keyColumns } from './question-key.js';

/**
 * Rows for the AI tutor tests written straight to the database: a catalogue (exam → module → subject →
 * topic), questions, and attempts with their evaluations — completed or still running — without going
 * through the quiz engine.
 */

const suffix = () => randomBytes(4).toString('hex');

export interface AiScope {
  exam: { id: string; name: string; slug: string };
  module: { id: string; name: string; slug: string };
  subject: { id: string; name: string; slug: string };
  topic: { id: string; name: string; slug: string };
}

export async function insertScope(
  db: Db,
  names: { exam?: string; module?: string; subject?: string; topic?: string; questionCount?: number } = {},
): Promise<AiScope> {
  const s = suffix();
  const [exam] = await db
    .insert(exams)
    .values({ name: names.exam ?? 'JEE', slug: `jee-${s}` })
    .returning({ id: exams.id, name: exams.name, slug: exams.slug });
  const [module] = await db
    .insert(modules)
    .values({
      examId: exam!.id,
      name: names.module ?? 'JEE Main',
      slug: `jee-main-${s}`,
      durationMinutes: 180,
      questionCount: names.questionCount ?? 10,
    })
    .returning({ id: modules.id, name: modules.name, slug: modules.slug });
  const [subject] = await db
    .insert(subjects)
    .values({
      moduleId: module!.id,
      name: names.subject ?? 'Physics',
      slug: `physics-${s}`,
      durationMinutes: 30,
      questionCount: names.questionCount ?? 10,
    })
    .returning({ id: subjects.id, name: subjects.name, slug: subjects.slug });
  const [topic] = await db
    .insert(topics)
    .values({ subjectId: subject!.id, name: names.topic ?? 'Kinematics', slug: `kinematics-${s}` })
    .returning({ id: topics.id, name: topics.name, slug: topics.slug });
  return { exam: exam!, module: module!, subject: subject!, topic: topic! };
}

export interface QuestionSpec {
  text: string;
  options?: string[];
  answer: string;
  explanation?: string | null;
  status?: 'draft' | 'review' | 'approved' | 'retired';
  topic?: boolean;
}

export async function insertQuestions(db: Db, scope: AiScope, specs: QuestionSpec[]): Promise<string[]> {
  const ids: string[] = [];
  for (const q of specs) {
    const [row] = await db
      .insert(questions)
      .values({
        subjectId: scope.subject.id,
        topicId: q.topic ? scope.topic.id : null,
        text: q.text,
        textHash: textHash(q.text),
        options: q.options ?? [],
        ...keyColumns(q.options ?? [], q.answer),
        explanation: q.explanation === undefined ? `Because ${q.answer}.` : q.explanation,
        status: q.status ?? 'approved',
      })
      .returning({ id: questions.id });
    ids.push(row!.id);
  }
  return ids;
}

export interface Attempt {
  id: string;
  slug: string;
  score: number;
  totalMarks: number;
  evaluationIds: string[];
}

/** A subject quiz of `userId` over the given questions and answers; completed unless said otherwise. */
export async function insertAttempt(
  db: Db,
  scope: AiScope,
  userId: string,
  items: { questionId: string; answer: string; options: string[]; userAnswer: string | null }[],
  options: { completed?: boolean; endTime?: Date } = {},
): Promise<Attempt> {
  const completed = options.completed ?? true;
  const scores = items.map((i) => scoreAnswer(i.userAnswer, i.answer));
  const score = scores.reduce<number>((sum, s) => sum + (s ?? 0), 0);
  const start = new Date(Date.now() - 20 * 60_000);
  const slug = `physics-quiz-${suffix()}`;
  const id = newSessionId();
  const [assessment] = await db
    .insert(assessments)
    .values({
      id,
      scopeKey: completed ? `subject:${scope.module.id}:${scope.subject.id}:` : `fixture:${id}`,
      questionIds: items.map((i) => i.questionId),
      scores: completed ? scores : null,
      slug,
      userId,
      quizType: 'subject',
      examId: scope.exam.id,
      moduleId: scope.module.id,
      subjectId: scope.subject.id,
      sessionName: `${scope.subject.name} Quiz`,
      totalQuestions: items.length,
      totalMarks: 4 * items.length,
      totalTime: 30,
      startTime: start,
      deadline: new Date(start.getTime() + 30 * 60_000),
      endTime: completed ? (options.endTime ?? new Date()) : null,
      score: completed ? score : null,
      answeredQuestion: items.filter((i) => i.userAnswer).length,
      sessionCompleted: completed,
    })
    .returning({ id: assessments.id, deadline: assessments.deadline });
  await db.insert(answerSheets).values({
    assessmentId: id,
    userId,
    deadline: assessment!.deadline,
    totalTime: 30,
    completed,
    questionTypes: items.map((i) => (i.options.length ? 'single' : 'text')),
    options: items.map((i) => i.options),
    answers: items.map((i) => (i.userAnswer === null ? null : JSON.stringify(i.userAnswer))),
    marked: items.map(() => false),
    timeSpent: items.map(() => 0),
  });
  const evaluationIds = items.map((_, position) => evaluationId(id, position));
  return { id: assessment!.id, slug, score, totalMarks: 4 * items.length, evaluationIds };
}

export const PHYSICS_QUESTIONS: QuestionSpec[] = [
  {
    text: 'What is the SI unit of force?',
    options: ['Newton', 'Joule', 'Watt', 'Pascal'],
    answer: 'Newton',
    explanation: 'Force is measured in newtons: 1 N = 1 kg·m/s².',
  },
  {
    text: 'A car accelerates from rest at $2\\,m/s^2$ for 5 s. What is its final speed?',
    options: ['10 m/s', '2.5 m/s', '7 m/s', '25 m/s'],
    answer: '10 m/s',
    explanation: 'v = u + at = 0 + 2 × 5 = 10 m/s.',
  },
  { text: 'Write the value of $g$ in m/s² to one decimal.', answer: '9.8', explanation: null },
];

/** A scope, the three physics questions and one completed attempt: right, wrong, not answered. */
export async function insertCompletedAttempt(db: Db, userId: string, scope?: AiScope) {
  const s = scope ?? (await insertScope(db));
  const ids = await insertQuestions(
    db,
    s,
    PHYSICS_QUESTIONS.map((q) => ({ ...q, text: `${q.text} [${suffix()}]` })),
  );
  const attempt = await insertAttempt(db, s, userId, [
    { questionId: ids[0]!, answer: 'Newton', options: PHYSICS_QUESTIONS[0]!.options!, userAnswer: 'Newton' },
    { questionId: ids[1]!, answer: '10 m/s', options: PHYSICS_QUESTIONS[1]!.options!, userAnswer: '2.5 m/s' },
    { questionId: ids[2]!, answer: '9.8', options: [], userAnswer: null },
  ]);
  return { scope: s, questionIds: ids, attempt };
}
