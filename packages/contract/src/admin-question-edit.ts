import { z } from 'zod';
import { AUTHORED_HINTS_MAX } from './constants.js';
import { questionKeySchema } from './admin-keys.js';
import { editLanguages, translationEdit, translationForEdit } from './admin-translations.js';
import { QUESTION_STATUSES, QUESTION_TYPES } from './questions.js';

/**
 * Editing one question in the console (docs/question-bank.md#editing): every field of every type, the
 * importer's rules, a new version when what learners see or the key changes
 * (docs/decisions/0028-question-versions.md).
 */

const slug = z.string().trim().min(1).max(120);
/** The limits the importer keeps (apps/server/src/import/question-rules.ts). */
const LONG_TEXT = 20_000;
const OPTION_TEXT = 2_000;

export const questionEditParams = z.object({ id: z.uuid() });

/** What an editor writes: the question's content, its key, where it sits and its status. */
export const questionEditBody = z.object({
  type: z.enum(QUESTION_TYPES),
  text: z.string().max(LONG_TEXT),
  /** The options in the paper's order; [] for numerical and text questions. */
  options: z.array(z.string().max(OPTION_TEXT)).max(10),
  key: questionKeySchema,
  explanation: z.string().max(LONG_TEXT).nullable(),
  hints: z.array(z.string().max(OPTION_TEXT)).max(AUTHORED_HINTS_MAX),
  /** A comprehension passage shown above it (shared with every question of the same text), or null. */
  passage: z.string().max(LONG_TEXT).nullable(),
  topicSlug: slug.nullable(),
  status: z.enum(QUESTION_STATUSES),
  /** The version the editor opened: a save on top of a newer one is refused (409), nothing lost. */
  baseVersion: z.number().int().min(1),
  reason: z.string().trim().max(500).optional(),
  /** Translations written (docs/languages.md#the-console); a language left out is left as it is. */
  translations: z.array(translationEdit).max(10).optional(),
});
export type QuestionEditBody = z.infer<typeof questionEditBody>;

/** A warning the importer would give (unbalanced `$`, LaTeX outside maths, stray option markers). */
export const editWarning = z.object({ path: z.string(), message: z.string() });
export type EditWarning = z.infer<typeof editWarning>;

export const questionForEdit = z.object({
  id: z.string(),
  version: z.number(),
  type: z.enum(QUESTION_TYPES),
  text: z.string(),
  options: z.array(z.string()),
  key: questionKeySchema,
  explanation: z.string().nullable(),
  hints: z.array(z.string()),
  passage: z.string().nullable(),
  topicSlug: z.string().nullable(),
  status: z.enum(QUESTION_STATUSES),
  /** A key correction dropped it: it keeps its content, and is drawn no more. */
  dropped: z.boolean(),
  subject: z.object({ name: z.string(), slug: z.string() }),
  /** The topics it may be moved to: its subject's. */
  topics: z.array(z.object({ slug: z.string(), name: z.string() })),
  updatedAt: z.string(),
  warnings: z.array(editWarning),
  languages: editLanguages,
  /** The stored translations, drafts too, in the exam's order of languages. */
  translations: z.array(translationForEdit),
});
export type QuestionForEdit = z.infer<typeof questionForEdit>;

export const questionSaved = z.object({
  question: questionForEdit,
  /** False when the save changed nothing learners see: no new version was written. */
  newVersion: z.boolean(),
});
export type QuestionSaved = z.infer<typeof questionSaved>;

export const questionVersionRow = z.object({
  version: z.number(),
  /** Who wrote it in the console; null: imported, drafted by the AI, or written before versions. */
  editor: z.string().nullable(),
  createdAt: z.string(),
  current: z.boolean(),
});
export const questionVersionList = z.object({ versions: z.array(questionVersionRow) });
export type QuestionVersionList = z.infer<typeof questionVersionList>;

export const questionVersionContent = z.object({
  version: z.number(),
  type: z.enum(QUESTION_TYPES),
  text: z.string(),
  options: z.array(z.string()),
  /** The key as the result shows it. */
  key: z.string(),
  explanation: z.string().nullable(),
  hints: z.array(z.string()),
  passage: z.string().nullable(),
  /**
   * The approved translations learners were shown with it, by language; null: not recorded (a version
   * superseded before versions covered translations).
   */
  translations: z.record(z.string(), translationEdit.omit({ lang: true })).nullable(),
});
export const versionDiffQuery = z.object({
  from: z.coerce.number().int().min(1),
  to: z.coerce.number().int().min(1),
});
export const versionDiff = z.object({
  from: questionVersionContent,
  to: questionVersionContent,
  /** The fields that differ, in the editor's order; a translation as `translations.hi`. */
  changed: z.array(z.string()),
});
export type VersionDiff = z.infer<typeof versionDiff>;

export const questionEditMessages = {
  notFound: 'Question not found',
  versionNotFound: 'No such version of this question',
  invalid: 'The question has problems: see each field.',
  stale: (version: number) =>
    `Someone saved version ${version} of this question since you opened it: reload it to see their changes.`,
  saved: (version: number) => `Saved as version ${version}.`,
  savedNoVersion: 'Saved (nothing learners see changed: no new version).',
  topicNotFound: "That topic is not one of the question's subject.",
} as const;
