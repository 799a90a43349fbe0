import {
  AUTHORED_HINTS_MAX,
  MARKING_SCHEME_NAMES,
  QUESTION_TYPES,
  type QuestionKey,
} from '@ai-tutor/contract';
import { z } from 'zod';
import { SLUG_PATTERN } from './types.js';
import { toleranceKey } from './keys.js';

/** Our own format's shape (docs/import-format.md), checked by zod, and the key a question states. */

const slug = z
  .string()
  .max(80)
  .regex(SLUG_PATTERN, 'a slug uses lower-case letters, digits and single hyphens, e.g. "jee-physics"');
const name = z.string().trim().min(1, 'must not be empty').max(200);
const minutes = z.number().int().min(1).max(1_000);
const count = z.number().int().min(1).max(1_000);
/** YAML reads `answer: 42` as a number: numbers and booleans are taken as the text they were. */
const textValue = z.union([z.string(), z.number(), z.boolean()]).transform((v) => String(v));

/** A question's texts in another language; its options in the question's order (docs/import-format.md). */
const translationSchema = z.strictObject({
  text: textValue,
  options: z.array(textValue).optional(),
  explanation: z.string().nullish(),
  hints: z.array(z.string().trim().min(1, 'a hint must not be empty').max(2_000)).optional(),
});

/**
 * A question: `type` (default: single with options, text without); `answer` (the right option, the
 * typed answer, or the number); `answers` (multiple: the right options; text: more accepted answers);
 * numerical: `tolerance` around `answer`, or `range: [min, max]`; `passage`: an id of the subject's
 * passages. Texts may show figures of the file as `![alt](figure:<name>)`.
 */
const questionSchema = z.strictObject({
  type: z.enum(QUESTION_TYPES).optional(),
  text: textValue,
  options: z.array(textValue).optional(),
  answer: textValue.optional(),
  answers: z.array(textValue).min(1).optional(),
  tolerance: z.number().min(0).optional(),
  range: z.tuple([z.number(), z.number()]).optional(),
  passage: z.string().optional(),
  explanation: z.string().nullish(),
  /** Authored hints, levels 1–3 in order; level 4 is always the worked solution (`explanation`). */
  hints: z
    .array(z.string().trim().min(1, 'a hint must not be empty').max(2_000))
    .max(AUTHORED_HINTS_MAX)
    .optional(),
  topic: slug.nullish(),
  status: z.enum(['active', 'draft']).optional(),
  /** By language tag: `translations: { hi: { text, options, explanation, hints } }`. */
  translations: z.record(z.string(), translationSchema).optional(),
});
const markingScheme = z.enum(MARKING_SCHEME_NAMES).optional();
/** A figure: an SVG as text, or any allowed image as base64. */
const figureSchema = z.union([
  z.strictObject({ svg: z.string().min(1) }),
  z.strictObject({ base64: z.string().min(1) }),
]);
const topicSchema = z.strictObject({
  name,
  slug,
  durationMinutes: minutes.optional(),
  questionCount: count.optional(),
  sortOrder: z.number().int().optional(),
});
const subjectSchema = z.strictObject({
  name,
  slug,
  durationMinutes: minutes,
  questionCount: count,
  sortOrder: z.number().int().optional(),
  topics: z.array(topicSchema).optional(),
  /** Comprehension passages by id, shown above each question that names one. */
  passages: z.record(z.string(), z.string().min(1)).optional(),
  /** The passages in other languages: `{ hi: { p1: "…" } }`. */
  passageTranslations: z.record(z.string(), z.record(z.string(), z.string().min(1))).optional(),
  questions: z.array(questionSchema).optional(),
});
const moduleSchema = z.strictObject({
  name,
  slug,
  durationMinutes: minutes,
  questionCount: count,
  sortOrder: z.number().int().optional(),
  markingScheme,
  subjects: z.array(subjectSchema).optional(),
});
const examSchema = z.strictObject({
  name,
  slug,
  description: z.string().nullish(),
  sortOrder: z.number().int().optional(),
  markingScheme,
  shuffleOptions: z.boolean().optional(),
  /** Its papers' languages, the questions' own first (default `[en]`), and the one that counts. */
  languages: z.array(z.string()).min(1).optional(),
  authoritativeLanguage: z.string().optional(),
  modules: z.array(moduleSchema).optional(),
});
export const fileSchema = z.strictObject({
  figures: z.record(z.string(), figureSchema).optional(),
  exams: z.array(examSchema),
});

export type FileSubject = z.infer<typeof subjectSchema>;
export type FileQuestion = z.infer<typeof questionSchema>;

/** The key a question of the file states, or a problem with it. */
export function keyOf(q: FileQuestion, options: string[]): QuestionKey | string {
  const type = q.type ?? (options.length ? 'single' : 'text');
  switch (type) {
    case 'single':
      return q.answer === undefined
        ? 'a single-correct question needs `answer`'
        : { type, answer: q.answer.trim() };
    case 'multiple':
      return q.answers
        ? { type, answers: q.answers.map((a) => a.trim()) }
        : 'a multiple-correct question needs `answers`';
    case 'numerical': {
      if (q.range) return { type, min: q.range[0], max: q.range[1], value: null };
      const value = q.answer === undefined ? Number.NaN : Number(q.answer);
      if (!Number.isFinite(value)) return 'a numerical question needs a number as `answer`, or a `range`';
      return toleranceKey(value, q.tolerance ?? 0);
    }
    case 'text': {
      const accepted = [...(q.answer === undefined ? [] : [q.answer]), ...(q.answers ?? [])].map((a) =>
        a.trim(),
      );
      return accepted.length
        ? { type, answers: accepted, wildcard: false }
        : 'a text question needs `answer`';
    }
  }
}
