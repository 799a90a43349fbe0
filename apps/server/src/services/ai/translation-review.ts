import { canonicalLanguage } from '@ai-tutor/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { exams, modules, questions, questionTranslations, subjects } from '../../db/schema.js';
import { approveDrafts, rejectDrafts } from '../bank/translation-versions.js';
import { CLI_ACTOR, type Actor } from '../console/audit-repository.js';
import { isUuid } from './explain.js';
import { TranslationError } from './translate-questions.js';

/**
 * `translations review|approve|reject` (docs/decisions/0027-questions-in-two-languages.md): a person decides on the
 * translations the AI drafted. Approving makes one showable; rejecting deletes it, so the next
 * `ai translate` drafts it anew. Approved translations (imports') are never touched here.
 */

export interface TranslationDraft {
  questionId: string;
  original: { text: string; options: string[]; explanation: string | null; hints: string[] };
  translated: { text: string; options: string[]; explanation: string | null; hints: string[] };
  answer: string;
}

export interface TranslationDecision {
  done: string[];
  /** Ids with no draft in that language (unknown, approved already, or not a question id). */
  notDrafts: string[];
}

export function languageOf(tag: string): string {
  const lang = canonicalLanguage(tag);
  if (!lang) throw new TranslationError(`"${tag}" is not a language tag (BCP 47, e.g. "hi")`);
  return lang;
}

/** The exam's draft translations in `lang`, in paper order, beside their originals. */
export async function listTranslationDrafts(
  db: Db,
  examSlug: string,
  tag: string,
): Promise<TranslationDraft[]> {
  const lang = languageOf(tag);
  const [exam] = await db.select({ id: exams.id }).from(exams).where(eq(exams.slug, examSlug));
  if (!exam) throw new TranslationError(`No exam with the slug "${examSlug}"`);
  const rows = await db
    .select({ q: questions, t: questionTranslations })
    .from(questionTranslations)
    .innerJoin(questions, eq(questions.id, questionTranslations.questionId))
    .innerJoin(subjects, eq(subjects.id, questions.subjectId))
    .innerJoin(modules, eq(modules.id, subjects.moduleId))
    .where(
      and(
        eq(modules.examId, exam.id),
        eq(questionTranslations.lang, lang),
        eq(questionTranslations.status, 'draft'),
      ),
    )
    .orderBy(asc(modules.sortOrder), asc(subjects.sortOrder), asc(questions.createdAt), asc(questions.id));
  return rows.map(({ q, t }) => ({
    questionId: q.id,
    original: { text: q.text, options: q.options, explanation: q.explanation, hints: q.hints },
    translated: { text: t.text, options: t.options, explanation: t.explanation, hints: t.hints },
    answer: q.answer,
  }));
}

/**
 * Approves (or deletes) the drafts in `lang` of these questions in one transaction, as the console's
 * buttons do: an approval is a new version of each question (services/bank/translation-versions.ts).
 */
export async function decideTranslationDrafts(
  db: Db,
  decision: 'approve' | 'reject',
  tag: string,
  ids: string[],
  actor: Actor = CLI_ACTOR,
): Promise<TranslationDecision> {
  const lang = languageOf(tag);
  const wanted = [...new Set(ids.map((id) => id.trim().toLowerCase()).filter(Boolean))];
  const valid = wanted.filter(isUuid);
  const decide = decision === 'approve' ? approveDrafts : rejectDrafts;
  const done = valid.length ? await db.transaction((tx) => decide(tx, actor, lang, valid)) : [];
  return { done, notDrafts: wanted.filter((id) => !done.includes(id)) };
}
