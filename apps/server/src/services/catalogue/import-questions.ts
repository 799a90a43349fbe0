import { isDeepStrictEqual } from 'node:util';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { passages, questions, questionVersions, topics } from '../../db/schema.js';
import { slugify, textHash, type TopicRef } from '../../import/index.js';
import { keepCurrentVersion } from '../bank/question-edit.js';
import type { ImportRun, QuestionItem } from './import-run.js';
import { warnUnlistedLanguages, writeTranslations } from './import-translations.js';
import type { SubjectCounts } from './import-summary.js';

/**
 * Writes questions of one subject; a question is the same question when its subject and text are (the
 * text it was first imported or written with: an edit keeps that identity). A question edited in the
 * console is left as it is (docs/question-bank.md#re-importing-after-an-edit).
 */

const CHUNK = 200;
const chunks = <T>(items: T[], size = CHUNK): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

const sameOptions = (a: string[], b: string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

type QuestionRow = typeof questions.$inferSelect;

/** Passages by text: one row per distinct text, shared by every question that names it. */
async function passageIds(run: ImportRun, items: QuestionItem[]): Promise<Map<string, string>> {
  const texts = [...new Set(items.map((item) => item.q.passage).filter((p): p is string => p !== null))];
  if (texts.length === 0) return new Map();
  const rows = await run.tx
    .insert(passages)
    .values(texts.map((text) => ({ text, textHash: textHash(text) })))
    .onConflictDoUpdate({ target: passages.textHash, set: { text: sql`excluded.text` } })
    .returning({ id: passages.id, text: passages.text });
  return new Map(rows.map((row) => [row.text, row.id]));
}

/**
 * Updates a known question when anything changed (only says so when not `apply`): whether it did, and
 * whether that made a new version.
 */
async function updateQuestion(
  run: ImportRun,
  row: QuestionRow,
  { q, topicId }: QuestionItem,
  passageId: string | null,
  apply = true,
) {
  const next = {
    topicId: topicId ?? row.topicId,
    type: q.type,
    options: q.options,
    key: q.key,
    answer: q.answer,
    passageId,
    explanation: q.explanation,
    hints: q.hints,
    status: q.status ? bankStatus(q.status) : row.status,
  };
  const changed =
    next.topicId !== row.topicId ||
    next.type !== row.type ||
    next.passageId !== row.passageId ||
    // jsonb gives keys back in its own order ({max, min, type, value}): compare values, not text.
    !isDeepStrictEqual(next.key, row.key) ||
    !sameOptions(next.options, row.options) ||
    next.answer !== row.answer ||
    next.explanation !== row.explanation ||
    !isDeepStrictEqual(next.hints, row.hints) ||
    next.status !== row.status;
  // A re-import that changes what learners see is a new version, as an edit is: sessions given the
  // old one keep it (docs/decisions/0028-question-versions.md).
  const newContent =
    next.type !== row.type ||
    next.passageId !== row.passageId ||
    !isDeepStrictEqual(next.key, row.key) ||
    !sameOptions(next.options, row.options) ||
    next.explanation !== row.explanation ||
    !isDeepStrictEqual(next.hints, row.hints);
  if (!apply) return { changed, newContent };
  if (newContent) await keepCurrentVersion(run.tx, row);
  if (changed)
    await run.tx
      .update(questions)
      .set({ ...next, ...(newContent ? { version: row.version + 1 } : {}), updatedAt: new Date() })
      .where(eq(questions.id, row.id));
  return { changed, newContent };
}

const keptMessage = (row: QuestionRow) =>
  `"${row.text.replace(/\s+/g, ' ').slice(0, 60)}" was edited in the console (now version ${row.version}): ` +
  `the console's version is kept and this file's copy is not applied`;

/**
 * The bank's questions a chunk names: by identity (the hash of the first version's text, kept through
 * edits) or, for a file that holds a console edit's text, by the text it has now; and which of them
 * were ever edited in the console.
 */
async function knownQuestions(run: ImportRun, subjectId: string, part: QuestionItem[], hashes: string[]) {
  const byHash = await run.tx
    .select()
    .from(questions)
    .where(and(eq(questions.subjectId, subjectId), inArray(questions.textHash, hashes)));
  const found = new Set(byHash.map((row) => row.textHash));
  const rest = part.filter((_item, i) => !found.has(hashes[i]!)).map((item) => item.q.text);
  const byText = rest.length
    ? await run.tx
        .select()
        .from(questions)
        .where(and(eq(questions.subjectId, subjectId), inArray(questions.text, rest)))
    : [];
  const existing = new Map<string, QuestionRow>([
    ...byHash.map((row) => [row.textHash, row] as const),
    ...byText.map((row) => [row.text, row] as const),
  ]);
  const ids = [...byHash, ...byText].map((row) => row.id);
  const edited = new Set(
    ids.length
      ? (
          await run.tx
            .selectDistinct({ id: questionVersions.questionId })
            .from(questionVersions)
            .where(and(inArray(questionVersions.questionId, ids), isNotNull(questionVersions.editorId)))
        ).map((row) => row.id)
      : [],
  );
  return { existing, edited };
}

export async function writeQuestions(
  run: ImportRun,
  subjectId: string,
  entry: SubjectCounts,
  items: QuestionItem[],
) {
  const source = run.options.source ?? 'import';
  await warnUnlistedLanguages(
    run,
    subjectId,
    items.map((item) => item.q.translations),
  );
  for (const part of chunks(items)) {
    const passageOf = await passageIds(run, part);
    const hashes = part.map((item) => textHash(item.q.text));
    const { existing, edited } = await knownQuestions(run, subjectId, part, hashes);
    const inserts: (typeof questions.$inferInsert)[] = [];
    /** Questions already in the bank: whether their own texts changed (their translations may too). */
    const known: {
      id: string;
      item: QuestionItem;
      changed: boolean;
      kept?: boolean;
      /** Its version as it was, when the file's texts did not make a new one (its translations may). */
      row?: QuestionRow;
    }[] = [];
    for (const [i, item] of part.entries()) {
      const { q, topicId } = item;
      const hash = hashes[i]!;
      if (topicId) run.touched.topics.add(topicId);
      const row = existing.get(hash) ?? existing.get(q.text);
      const passageId = q.passage === null ? null : (passageOf.get(q.passage) ?? null);
      if (row && edited.has(row.id)) {
        // Edited in the console: that edit wins over a file (docs/question-bank.md#re-importing-after-an-edit).
        if (row.text !== q.text || (await updateQuestion(run, row, item, passageId, false)).changed)
          run.summary.warnings.push({
            file: run.summary.files.at(-1) ?? '',
            where: q.where,
            message: keptMessage(row),
          });
        known.push({ id: row.id, item, changed: false, kept: true });
      } else if (!row) {
        inserts.push({
          subjectId,
          topicId,
          text: q.text,
          textHash: hash,
          type: q.type,
          options: q.options,
          key: q.key,
          answer: q.answer,
          passageId,
          explanation: q.explanation,
          hints: q.hints,
          source,
          status: bankStatus(q.status ?? 'active'),
        });
        entry.created++;
      } else {
        const { changed, newContent } = await updateQuestion(run, row, item, passageId);
        known.push({ id: row.id, item, changed, ...(newContent ? {} : { row }) });
      }
    }
    const created = inserts.length
      ? await run.tx
          .insert(questions)
          .values(inserts)
          .returning({ id: questions.id, textHash: questions.textHash })
      : [];
    const createdIds = new Map(created.map((row) => [row.textHash, row.id]));
    const translated = await writeTranslations(run, [
      ...known
        .filter(({ kept }) => !kept)
        .map(({ id, item, row }) => ({ questionId: id, translations: item.q.translations, row })),
      ...part.flatMap((item, i) => {
        const id = createdIds.get(hashes[i]!);
        return id ? [{ questionId: id, translations: item.q.translations }] : [];
      }),
    ]);
    for (const { id, changed } of known) {
      if (changed || translated.has(id)) entry.updated++;
      else entry.unchanged++;
    }
    run.done += part.length;
    await run.options.onProgress?.(run.done, run.total);
  }
}

/** Topics named by a bank file: found by slug or name within the subject, created when missing. */
export function topicResolver(run: ImportRun, subject: { id: string; slug: string }) {
  const cache = new Map<string, string>();
  return async (ref: TopicRef): Promise<string> => {
    const label = (ref.name ?? ref.slug ?? '').trim();
    const key = label.toLowerCase();
    const cached = cache.get(key);
    if (cached) return cached;
    const own = await run.tx.select().from(topics).where(eq(topics.subjectId, subject.id));
    const found =
      own.find((t) => t.slug === label) ??
      own.find((t) => t.name.toLowerCase() === key) ??
      own.find((t) => t.slug === slugify(label));
    if (found) {
      cache.set(key, found.id);
      return found.id;
    }
    // Topic slugs are unique across the catalogue: a taken one gets the subject's slug in front.
    const base = slugify(label) || 'topic';
    const candidates = [base, `${subject.slug}-${base}`];
    for (let n = 2; n < 100; n++) candidates.push(`${subject.slug}-${base}-${n}`);
    const taken = new Set(
      (await run.tx.select({ slug: topics.slug }).from(topics).where(inArray(topics.slug, candidates))).map(
        (t) => t.slug,
      ),
    );
    const slug = candidates.find((c) => !taken.has(c))!;
    const [row] = await run.tx
      .insert(topics)
      .values({ subjectId: subject.id, name: label, slug, sortOrder: own.length })
      .returning({ id: topics.id });
    run.count('topics', 'created');
    run.touched.topics.add(row!.id);
    cache.set(key, row!.id);
    return row!.id;
  };
}

/** A file's `active` is the bank's `approved` (docs/import-format.md: files predate the review step). */
const bankStatus = (status: 'active' | 'draft') => (status === 'active' ? 'approved' : 'draft');
