import { canonicalLanguage, translationProblems } from '@ai-tutor/contract';
import { and, asc, eq, isNull, ne, notExists } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { exams, modules, passages, questions, questionTranslations, subjects } from '../../db/schema.js';
import { auditRepository, CLI_ACTOR, type Actor } from '../console/audit-repository.js';
import { AiError, type AiProvider } from './provider.js';
import { translatePrompt } from './translate-prompt.js';

/**
 * `ai translate --exam SLUG --to hi` (docs/decisions/0027-questions-in-two-languages.md): drafts the missing translations
 * of an exam's questions with the AI provider, one question a request, each checked as an import's
 * would be (as many options, the same figures) and saved as a `draft` with source `ai`. A draft is shown
 * to nobody until a person approves it; an import of the language replaces it.
 */

export class TranslationError extends Error {
  override name = 'TranslationError';
  /** What the console answers for it: 409 without a provider, 404 for an unknown exam, else 400. */
  constructor(
    message: string,
    readonly status: 400 | 404 | 409 = 400,
  ) {
    super(message);
  }
}

const MAX_CONSECUTIVE_FAILURES = 3;

export interface TranslateOptions {
  examSlug: string;
  to: string;
  /** At most this many questions in one run (the rest stay missing for the next). */
  limit?: number;
  onProgress?: (done: number, total: number) => void | Promise<void>;
  /** Only this question of the exam (the console's editor). */
  questionId?: string;
  /** Who asked (the console's user); the CLI's otherwise. */
  actor?: Actor;
}

export interface TranslateSummary {
  lang: string;
  /** Questions lacking a translation in `lang` when the run started. */
  missing: number;
  saved: { id: string; text: string }[];
  rejected: { id: string; text: string; reason: string }[];
  failedRequests: number;
  stoppedBecause: string | null;
}

/** The exam and the language, or why the run cannot start. */
export async function translationTarget(db: Db, ai: AiProvider, examSlug: string, to: string) {
  if (!ai.enabled)
    throw new TranslationError(
      'No AI provider is configured: set AI_BASE_URL and AI_MODEL (and AI_API_KEY when the endpoint needs ' +
        'one). Nothing was translated; translations can be imported with `npm run cli -- import FILE`.',
      409,
    );
  const lang = canonicalLanguage(to);
  if (!lang) throw new TranslationError(`"${to}" is not a language tag (BCP 47, e.g. "hi")`);
  const [exam] = await db.select().from(exams).where(eq(exams.slug, examSlug));
  if (!exam) throw new TranslationError(`No exam with the slug "${examSlug}"`, 404);
  if (exam.languages[0] === lang)
    throw new TranslationError(`The questions of "${examSlug}" are in ${lang} already`);
  if (!exam.languages.includes(lang))
    throw new TranslationError(
      `The exam "${examSlug}" is not offered in ${lang} (its languages: ${exam.languages.join(', ')}): ` +
        'add it to the exam’s `languages` in its file and import it first',
    );
  return { exam, lang };
}

/** The exam's questions in circulation or drafted that have no row in `lang` (draft or approved). */
function missingQuestions(db: Db, examId: string, lang: string, questionId: string | undefined) {
  return db
    .select({
      id: questions.id,
      text: questions.text,
      options: questions.options,
      explanation: questions.explanation,
      hints: questions.hints,
      passage: passages.text,
    })
    .from(questions)
    .innerJoin(subjects, eq(subjects.id, questions.subjectId))
    .innerJoin(modules, eq(modules.id, subjects.moduleId))
    .leftJoin(passages, eq(passages.id, questions.passageId))
    .where(
      and(
        eq(modules.examId, examId),
        questionId === undefined ? undefined : eq(questions.id, questionId),
        ne(questions.status, 'retired'),
        isNull(questions.droppedAt),
        notExists(
          db
            .select({ id: questionTranslations.id })
            .from(questionTranslations)
            .where(
              and(eq(questionTranslations.questionId, questions.id), eq(questionTranslations.lang, lang)),
            ),
        ),
      ),
    )
    .orderBy(asc(modules.sortOrder), asc(subjects.sortOrder), asc(questions.createdAt), asc(questions.id));
}

export async function translateExam(
  db: Db,
  ai: AiProvider,
  options: TranslateOptions,
): Promise<TranslateSummary> {
  const { exam, lang } = await translationTarget(db, ai, options.examSlug, options.to);
  const all = await missingQuestions(db, exam.id, lang, options.questionId);
  const todo = options.limit ? all.slice(0, options.limit) : all;
  const language = new Intl.DisplayNames(['en'], { type: 'language' }).of(lang) ?? lang;
  const summary: TranslateSummary = {
    lang,
    missing: all.length,
    saved: [],
    rejected: [],
    failedRequests: 0,
    stoppedBecause: null,
  };
  let failures = 0;
  await options.onProgress?.(0, todo.length);
  for (const [i, q] of todo.entries()) {
    const original = { ...q, passage: q.passage ?? null };
    let answer;
    try {
      answer = await ai.run(translatePrompt, { lang, language, ...original });
      failures = 0;
    } catch (error) {
      if (!(error instanceof AiError)) throw error;
      summary.failedRequests++;
      if (++failures >= MAX_CONSECUTIVE_FAILURES) {
        summary.stoppedBecause = error.message;
        break;
      }
      summary.rejected.push({ id: q.id, text: q.text, reason: error.message });
      continue;
    }
    const translated = {
      text: answer.text,
      options: answer.options,
      explanation: original.explanation === null ? null : answer.explanation || null,
      hints: original.hints.length ? answer.hints : [],
      passage: original.passage === null ? null : answer.passage || null,
    };
    const problems = translationProblems(original, translated);
    if (problems.length) {
      summary.rejected.push({ id: q.id, text: q.text, reason: problems.join('; ') });
      continue;
    }
    // One audit row per draft, in its write's transaction (docs/decisions/0020-roles-audit-console.md).
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(questionTranslations)
        .values({ questionId: q.id, lang, ...translated, status: 'draft', source: 'ai' })
        // An import of the same language meanwhile wins: its texts are approved.
        .onConflictDoNothing()
        .returning({ id: questionTranslations.id });
      if (inserted)
        await auditRepository.write(tx, options.actor ?? CLI_ACTOR, {
          action: 'question.translation.draft',
          objectType: 'question',
          objectId: q.id,
          before: null,
          after: { lang, status: 'draft', source: 'ai', model: ai.model },
          reason: null,
        });
      return inserted;
    });
    if (row) summary.saved.push({ id: q.id, text: q.text });
    await options.onProgress?.(i + 1, todo.length);
  }
  return summary;
}
