import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { apiAs } from './api.js';
import type { Session } from './learner.js';

/**
 * A 75-question arithmetic paper in our import format (docs/import-format.md), made at run time, and
 * a class that answers it as a real one would (the model of the server's analysis tests,
 * apps/server/test/helpers/analysis.ts): for the item-analysis journey (docs/item-analysis.md).
 */

/** A seeded generator (mulberry32): the same paper and the same class on every run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface PaperQuestion {
  text: string;
  subject: string;
  topic: string;
  /** The bank's options; empty for the numerical question. */
  options: string[];
  /** The true answer. */
  truth: string;
  /** What the file says is right: the truth, but for the planted question. */
  key: string;
  /** 0–1: how able a learner must be to get it right half the time. */
  difficulty: number;
}

const SUBJECTS = [
  { name: 'Addition', op: '+', topics: ['Single-digit sums', 'Two-digit sums', 'Three-digit sums'] },
  {
    name: 'Subtraction',
    op: '−',
    topics: ['Single-digit differences', 'Two-digit differences', 'Three-digit differences'],
  },
  {
    name: 'Multiplication',
    op: '×',
    topics: ['Times tables', 'Two-digit by one-digit', 'Two-digit by two-digit'],
  },
] as const;
/** The topics of the last level in each subject: the class's weakest. */
export const HARDEST_TOPICS = SUBJECTS.map((s) => s.topics[2]);
export const EASIEST_TOPICS = SUBJECTS.map((s) => s.topics[0]);

const slug = (text: string) => `ia-${text.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

function operands(op: string, level: number, random: () => number): [number, number] {
  const pick = (from: number, to: number) => from + Math.floor(random() * (to - from + 1));
  const digits = (n: number) => (n === 1 ? pick(2, 9) : n === 2 ? pick(11, 99) : pick(101, 999));
  if (op === '×')
    return level === 0
      ? [pick(2, 9), pick(2, 9)]
      : level === 1
        ? [digits(2), digits(1)]
        : [digits(2), digits(2)];
  const [a, b] = [digits(level + 1), digits(level + 1)];
  // A difference of at least 2, so that every option (the result − 1 among them) is positive.
  if (op === '−') return a - b >= 2 ? [a, b] : b - a >= 2 ? [b, a] : [a + 2, a];
  return [a, b];
}

/**
 * Three subjects of 25: per topic 8 single-correct questions (4 options: the result, ± 1, + 10), and one
 * numerical per subject. Harder topics need more ability. The planted question, an easy two-digit sum,
 * carries the key "result + 1": the class's able learners answer the truth and the analysis should say so.
 */
export function makePaper(seed = 20261128) {
  const random = seeded(seed);
  const questions: PaperQuestion[] = [];
  let planted: PaperQuestion | undefined;
  for (const [s, subject] of SUBJECTS.entries()) {
    const texts = new Set<string>();
    for (let i = 0; i < 25; i += 1) {
      const numerical = i === 24;
      const level = numerical ? 0 : Math.floor(i / 8);
      let text = '';
      let result = 0;
      while (!text || texts.has(text)) {
        const [a, b] = operands(subject.op, level, random);
        result = subject.op === '+' ? a + b : subject.op === '−' ? a - b : a * b;
        text = numerical ? `Type the value of ${a} ${subject.op} ${b}.` : `What is ${a} ${subject.op} ${b}?`;
      }
      texts.add(text);
      const truth = String(result);
      const options = numerical
        ? []
        : [result, result + 1, result - 1, result + 10]
            .map((n) => ({ n: String(n), order: random() }))
            .sort((x, y) => x.order - y.order)
            .map((o) => o.n);
      const isPlanted = s === 0 && i === 8;
      const question: PaperQuestion = {
        text,
        subject: subject.name,
        topic: subject.topics[level]!,
        options,
        truth,
        key: isPlanted ? String(result + 1) : truth,
        difficulty: isPlanted ? 0.05 : 0.2 + 0.2 * level + 0.04 * s + (random() - 0.5) * 0.08,
      };
      if (isPlanted) planted = question;
      questions.push(question);
    }
  }
  return { questions, planted: planted! };
}

export const EXAM_SLUG = 'ia-arithmetic';
export const MODULE_SLUG = 'ia-paper';

/** The paper as an import file (JSON) in a temporary directory, for the server setup's `cli import`. */
export function writePaperFile(questions: PaperQuestion[], durationMinutes: number): string {
  const file = {
    exams: [
      {
        name: 'Arithmetic Olympiad',
        slug: EXAM_SLUG,
        description: 'A 75-question live paper; one key was typed wrong.',
        modules: [
          {
            name: 'Olympiad Paper',
            slug: MODULE_SLUG,
            durationMinutes,
            questionCount: 75,
            subjects: SUBJECTS.map((subject) => ({
              name: subject.name,
              slug: slug(subject.name),
              durationMinutes,
              questionCount: 25,
              topics: subject.topics.map((topic) => ({ name: topic, slug: slug(topic) })),
              questions: questions
                .filter((q) => q.subject === subject.name)
                .map((q) =>
                  q.options.length
                    ? { text: q.text, options: q.options, answer: q.key, topic: slug(q.topic) }
                    : { type: 'numerical', text: q.text, answer: Number(q.key), topic: slug(q.topic) },
                ),
            })),
          },
        ],
      },
    ],
  };
  const path = join(mkdtempSync(join(tmpdir(), 'ai-tutor-e2e-paper-')), 'olympiad.json');
  writeFileSync(path, JSON.stringify(file, null, 2));
  return path;
}

/**
 * What a learner of ability θ (0–1) answers to a question of difficulty δ: the truth with probability
 * 1 / (1 + e^(−8(θ − δ))), else a skip one time in six, else a wrong option (by its text: the server
 * shuffles each taker's options) or, for the numerical one, a wrong number.
 */
export function answerOf(question: PaperQuestion, ability: number, random: () => number): string | null {
  const p = 1 / (1 + Math.exp(-8 * (ability - question.difficulty)));
  if (random() < p) return question.truth;
  if (random() < 1 / 6) return null;
  if (!question.options.length) return String(Number(question.truth) + 1);
  const wrong = question.options.filter((o) => o !== question.truth);
  return wrong[Math.floor(random() * wrong.length)]!;
}

/** Marks by the spec scheme (+4 right, −1 wrong, 0 blank) against `key`, as the server marks. */
export const marksOf = (answer: string | null, key: string) =>
  answer === null ? 0 : answer === key ? 4 : -1;

/**
 * One learner sits the live test through the API as a real one would (`answerOf`), in the paper's
 * order (by text: the server shuffles each taker's questions, and the seeded draws must fall on the
 * same questions every run), and submits unless `leaves`. Returns their answers by question text.
 */
export async function sitLiveTest(
  baseURL: string,
  session: Session,
  testId: string,
  paper: Map<string, PaperQuestion>,
  learner: { ability: number; seed: number; leaves: boolean },
) {
  const call = apiAs(baseURL, session);
  const started = await call('/v1/assessment', {
    examSlug: EXAM_SLUG,
    quizType: 'module',
    moduleSlug: MODULE_SLUG,
    scheduledTestId: testId,
    type: 'quiz',
  });
  expect(started.status, started.message).toBe(201);
  const evaluations = (started.data.evaluation as { _id: string; baseQuestion: { questionText: string } }[])
    .map((e) => ({ id: e._id, question: paper.get(e.baseQuestion.questionText.trim())! }))
    .sort((a, b) => a.question.text.localeCompare(b.question.text));
  expect(evaluations).toHaveLength(paper.size);
  const random = seeded(learner.seed);
  const answers = new Map<string, string | null>();
  for (const { id, question } of evaluations) {
    const answer = answerOf(question, learner.ability, random);
    answers.set(question.text, answer);
    const timeSpentSeconds = 5 + Math.round(random() * 40);
    if (answer === null) continue;
    const saved = await call('/v1/evaluations', { evaluationId: id, userAnswer: answer, timeSpentSeconds });
    expect(saved.status, saved.message).toBe(200);
  }
  if (!learner.leaves) {
    const submitted = await call(`/v1/assessment/${started.data.assessment.slug}/submit`, {});
    expect(submitted.status, submitted.message).toBe(200);
  }
  return answers;
}
