import type { QuestionTranslation } from '@ai-tutor/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { questionTranslations } from '../../db/schema.js';

/**
 * What a screen in another language may show (docs/decisions/0027-questions-in-two-languages.md): approved translations
 * only, by question id. A question without one, or with only an AI draft, is shown in its own
 * language. Options come in the question's order: a screen maps the learner's choice by position.
 */
export async function approvedTranslations(
  db: DbOrTx,
  questionIds: string[],
  lang: string,
): Promise<Map<string, QuestionTranslation>> {
  if (!questionIds.length) return new Map();
  const rows = await db
    .select()
    .from(questionTranslations)
    .where(
      and(
        inArray(questionTranslations.questionId, [...new Set(questionIds)]),
        eq(questionTranslations.lang, lang),
        eq(questionTranslations.status, 'approved'),
      ),
    );
  return new Map(
    rows.map((row) => [
      row.questionId,
      {
        questionId: row.questionId,
        lang: row.lang,
        text: row.text,
        options: row.options,
        explanation: row.explanation,
        hints: row.hints,
        passage: row.passage,
        status: row.status,
        source: row.source,
        updatedAt: row.updatedAt.toISOString(),
      },
    ]),
  );
}

/** An exam's languages as learners are offered them (docs/languages.md): the authoritative one first. */
export function offeredLanguages(exam: { languages: string[]; authoritativeLanguage: string }): string[] {
  return [exam.authoritativeLanguage, ...exam.languages.filter((l) => l !== exam.authoritativeLanguage)];
}
