import { keyText, type QuestionVersionList, type VersionDiff } from '@ai-tutor/contract';
import { and, desc, eq } from 'drizzle-orm';
import { isDeepStrictEqual } from 'node:util';
import type { DbOrTx } from '../../db/client.js';
import { passages, questions, questionVersions, users } from '../../db/schema.js';
import { approvedSnapshot } from './translation-edit.js';

/**
 * A question's versions and what changed between two (docs/question-bank.md#editing). A question
 * never edited since versions began has no rows: its one version is the question as it stands.
 */

type Content = VersionDiff['from'];
const FIELDS = ['type', 'text', 'passage', 'options', 'key', 'explanation', 'hints'] as const;

/** Null: no such question. */
export async function versionList(db: DbOrTx, id: string): Promise<QuestionVersionList | null> {
  const [q] = await db
    .select({ version: questions.version, updatedAt: questions.updatedAt })
    .from(questions)
    .where(eq(questions.id, id));
  if (!q) return null;
  const rows = await db
    .select({
      version: questionVersions.version,
      createdAt: questionVersions.createdAt,
      name: users.name,
      email: users.email,
    })
    .from(questionVersions)
    .leftJoin(users, eq(users.id, questionVersions.editorId))
    .where(eq(questionVersions.questionId, id))
    .orderBy(desc(questionVersions.version));
  const versions = rows.map((r) => ({
    version: r.version,
    editor: r.name || r.email || null,
    createdAt: r.createdAt.toISOString(),
    current: r.version === q.version,
  }));
  if (!versions.some((v) => v.current))
    versions.unshift({
      version: q.version,
      editor: null,
      createdAt: q.updatedAt.toISOString(),
      current: true,
    });
  return { versions };
}

async function content(db: DbOrTx, id: string, version: number): Promise<Content | null> {
  const [stored] = await db
    .select({ v: questionVersions, passage: passages.text })
    .from(questionVersions)
    .leftJoin(passages, eq(passages.id, questionVersions.passageId))
    .where(and(eq(questionVersions.questionId, id), eq(questionVersions.version, version)));
  const row =
    stored ??
    (await db
      .select({ v: questions, passage: passages.text })
      .from(questions)
      .leftJoin(passages, eq(passages.id, questions.passageId))
      .where(and(eq(questions.id, id), eq(questions.version, version)))
      .then((rows) => rows[0]));
  if (!row) return null;
  const { v } = row;
  const translations = stored ? stored.v.translations : await approvedSnapshot(db, id);
  return {
    version,
    type: v.type,
    text: v.text,
    options: v.options,
    key: keyText(v.key),
    explanation: v.explanation,
    hints: v.hints,
    passage: row.passage,
    translations,
  };
}

/** `translations.hi` for each language whose texts differ, when both versions recorded theirs. */
function changedTranslations(a: Content, b: Content): string[] {
  if (!a.translations || !b.translations) return [];
  const langs = [...new Set([...Object.keys(a.translations), ...Object.keys(b.translations)])].sort();
  return langs
    .filter((lang) => !isDeepStrictEqual(a.translations![lang], b.translations![lang]))
    .map((lang) => `translations.${lang}`);
}

/** Two versions side by side and the fields that differ; null: the question or a version is not there. */
export async function versionDiff(
  db: DbOrTx,
  id: string,
  from: number,
  to: number,
): Promise<VersionDiff | null> {
  const [a, b] = await Promise.all([content(db, id, from), content(db, id, to)]);
  if (!a || !b) return null;
  return {
    from: a,
    to: b,
    changed: [...FIELDS.filter((f) => !isDeepStrictEqual(a[f], b[f])), ...changedTranslations(a, b)],
  };
}
