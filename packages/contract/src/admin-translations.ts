import { z } from 'zod';
import { TRANSLATION_SOURCES, TRANSLATION_STATUSES } from './translations.js';

/**
 * A question's translations in the console's editor (docs/languages.md#the-console,
 * docs/decisions/0027-questions-in-two-languages.md): edited beside the original, checked by the
 * importer's rules, approved by an admin, drafted by the AI on request.
 */

/** The limits the importer keeps, as admin-question-edit.ts. */
const LONG_TEXT = 20_000;
const OPTION_TEXT = 2_000;

/** One language's texts as the editor writes them; options in the original's order, as many. */
export const translationEdit = z.object({
  lang: z.string().min(2).max(35),
  text: z.string().max(LONG_TEXT),
  options: z.array(z.string().max(OPTION_TEXT)).max(10),
  /** null: the original's is shown. */
  explanation: z.string().max(LONG_TEXT).nullable(),
  /** []: the original's; otherwise as many as the original has. */
  hints: z.array(z.string().max(OPTION_TEXT)).max(3),
  passage: z.string().max(LONG_TEXT).nullable(),
});
export type TranslationEdit = z.infer<typeof translationEdit>;

/** A stored translation as the editor opens it, with whether learners may see it. */
export const translationForEdit = translationEdit.extend({
  status: z.enum(TRANSLATION_STATUSES),
  source: z.enum(TRANSLATION_SOURCES),
  updatedAt: z.string(),
});
export type TranslationForEdit = z.infer<typeof translationForEdit>;

/** The exam's languages as the editor offers them: the questions' own first, then the translations'. */
export const editLanguages = z.object({
  /** The question's exam, whose missing translations the editor may have the AI draft. */
  exam: z.object({ slug: z.string(), name: z.string() }).nullable(),
  /** The language of the question's own texts (its exam's first). */
  own: z.string(),
  authoritative: z.string(),
  /** The other languages of the exam: one translation each. */
  others: z.array(z.string()),
});
export type EditLanguages = z.infer<typeof editLanguages>;

export const translationLangParams = z.object({ id: z.uuid(), lang: z.string().min(2).max(35) });

/** Drafting a question's missing translations; without `lang`, every language of its exam it lacks. */
export const questionTranslationDraftBody = z.object({ lang: z.string().min(2).max(35).optional() });

export const translationDraftOutcome = z.object({
  lang: z.string(),
  /** Questions drafted (ids), and those the model's answer was refused for, with why. */
  saved: z.array(z.string()),
  rejected: z.array(z.object({ id: z.string(), text: z.string(), reason: z.string() })),
  stoppedBecause: z.string().nullable(),
});
export type TranslationDraftOutcome = z.infer<typeof translationDraftOutcome>;

export const examTranslationParams = z.object({ slug: z.string().trim().min(1).max(120) });
export const examTranslationDraftBody = z.object({ lang: z.string().min(2).max(35) });

export const TRANSLATION_JOB_STATES = ['running', 'done', 'failed'] as const;
/** An exam-wide drafting run, which the console polls (as an import: docs/decisions/0026-imports-in-the-browser.md). */
export const translationJob = z.object({
  id: z.string(),
  exam: z.string(),
  lang: z.string(),
  state: z.enum(TRANSLATION_JOB_STATES),
  processed: z.number(),
  total: z.number(),
  startedAt: z.string(),
  outcome: translationDraftOutcome.nullable(),
  failure: z.string().nullable(),
});
export type TranslationJob = z.infer<typeof translationJob>;
export const translationJobParams = z.object({ id: z.uuid() });

export const adminTranslationPaths = {
  /** POST (editor): the AI drafts the question's missing translations, as drafts. */
  questionDraft: '/v1/admin/questions/:id/translations/draft',
  /** POST (admin): a draft translation approved, shown to learners from the next version. */
  questionApprove: '/v1/admin/questions/:id/translations/:lang/approve',
  /** POST (admin): a draft translation rejected: deleted, so the next drafting writes it anew. */
  questionReject: '/v1/admin/questions/:id/translations/:lang/reject',
  /** POST (editor): the AI drafts an exam's missing translations in a language; 202 with the job. */
  examDraft: '/v1/admin/exams/:slug/translations/draft',
  /** GET: a drafting job, to its starter. */
  job: '/v1/admin/translation-jobs/:id',
} as const;

export const translationMessages = {
  notInExam: (lang: string, languages: string[]) =>
    `the exam is not offered in "${lang}" (its other languages: ${languages.join(', ') || 'none'})`,
  noDraft: 'This question has no draft translation in that language (approved already, or none).',
  approved: (lang: string, version: number) =>
    `The ${lang} translation is approved: learners see it from version ${version}.`,
  rejected: (lang: string) => `The ${lang} draft translation is rejected and deleted.`,
  jobNotFound: 'No such translation job',
  busy: 'Two exams are being translated on this server already: try again when one has finished.',
  failed: 'The translation run stopped on an unexpected error; the drafts saved before it are kept.',
  lost: 'The server stopped during the run; the drafts saved before it are kept. Start it again for the rest.',
} as const;
