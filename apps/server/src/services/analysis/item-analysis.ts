import { analysisMessages, keyText, type ItemAnalysisData, type ItemAnalysisItem } from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { PaperSubject, StoredItemAnalysis } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { analyseColumns } from './item-columns.js';
import { openReportsFlag } from './item-figures.js';
import {
  bankQuestions,
  columnsOf,
  completedSessions,
  givenVersions,
  keyOptions,
  openReports,
  type SessionRow,
} from './takers.js';

/**
 * Item analysis of a live test (its takers, completed by submit or by the server) or of a module (each
 * learner's first completed ordinary mock test of it): one read of the sessions, then the one-pass
 * arithmetic of item-columns.ts. A live test's is stored by the ranking job (stored-item-analysis.ts)
 * and read from there; only the open reports are joined live (docs/item-analysis.md#when-it-is-computed).
 */

const PREVIEW = 140;
const preview = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > PREVIEW ? `${flat.slice(0, PREVIEW - 1)}…` : flat;
};

/** The figures without open reports: what is stored, and what a read adds the open reports to. */
async function analyse(
  db: DbOrTx,
  questionIds: string[],
  sessions: SessionRow[],
): Promise<StoredItemAnalysis> {
  // The key and options the takers were given, not the question's now (an edit after the test).
  const bank = await bankQuestions(db, questionIds, givenVersions(sessions));
  const ids = questionIds.filter((id) => bank.has(id));
  const specs = ids.map((id) => {
    const q = bank.get(id)!;
    return { id, options: q.options, keyOptions: keyOptions(q.key), openReports: 0 };
  });
  const { test, items } = analyseColumns(specs, columnsOf(sessions, ids, bank));
  const rows: ItemAnalysisItem[] = items.map((figures, i) => {
    const q = bank.get(figures.questionId)!;
    return {
      ...figures,
      number: i + 1,
      subject: q.subjectName,
      topic: q.topicName,
      type: q.type,
      text: preview(q.text),
      key: keyText(q.key),
      dropped: q.dropped,
    };
  });
  return { test, items: rows };
}

/** The learners' open reports as they are now, their flag, and the order: flagged first. */
async function withOpenReports(
  db: DbOrTx,
  scope: ItemAnalysisData['scope'],
  figures: StoredItemAnalysis,
): Promise<ItemAnalysisData> {
  const reports = await openReports(
    db,
    figures.items.map((i) => i.questionId),
  );
  const items = figures.items.map((item) => {
    const open = reports.get(item.questionId) ?? 0;
    const flag = openReportsFlag(open);
    const flags = item.flags.filter((f) => f.code !== 'open-reports');
    return { ...item, openReports: open, flags: flag ? [...flags, flag] : flags };
  });
  items.sort((a, b) => b.flags.length - a.flags.length || a.number - b.number);
  return { scope, test: figures.test, items };
}

/** A live test's figures computed afresh from its completed sessions (the ranking job stores them). */
export async function computeLiveTestItemAnalysis(db: DbOrTx, testId: string): Promise<StoredItemAnalysis> {
  const [test] = (
    await db.execute(sql`SELECT paper::text AS paper FROM scheduled_tests WHERE id = ${testId}::uuid`)
  ).rows as { paper: string }[];
  if (!test) throw notFound(analysisMessages.testNotFound);
  const paper = JSON.parse(test.paper) as PaperSubject[];
  const sessions = await completedSessions(db, sql`a.scheduled_test_id = ${testId}::uuid`);
  return analyse(
    db,
    paper.flatMap((p) => p.questionIds),
    sessions,
  );
}

/**
 * The stored analysis when there is one (the test closed and its sessions completed), else computed
 * now: a test still running, or closed a moment ago and not yet analysed by the job.
 */
export async function liveTestItemAnalysis(db: DbOrTx, testId: string): Promise<ItemAnalysisData> {
  const [test] = (
    await db.execute(sql`
      SELECT t.id, t.name, m.slug AS module_slug, s.analysis::text AS analysis,
        CASE WHEN s.test_id IS NULL THEN (SELECT count(*)::int FROM assessments a
          WHERE a.scheduled_test_id = t.id AND NOT a.session_completed) ELSE 0 END AS not_completed
      FROM scheduled_tests t JOIN modules m ON m.id = t.module_id
      LEFT JOIN live_test_item_analyses s ON s.test_id = t.id
      WHERE t.id = ${testId}::uuid`)
  ).rows as {
    id: string;
    name: string;
    module_slug: string;
    analysis: string | null;
    not_completed: number;
  }[];
  if (!test) throw notFound(analysisMessages.testNotFound);
  const figures = test.analysis
    ? (JSON.parse(test.analysis) as StoredItemAnalysis)
    : await computeLiveTestItemAnalysis(db, testId);
  const data = await withOpenReports(
    db,
    { kind: 'live-test', id: test.id, name: test.name, moduleSlug: test.module_slug },
    figures,
  );
  // Sessions the server has yet to complete (a taker who never submitted, just after the close): the
  // console says the figures are partial and asks again until they are all in.
  const notCompleted = Number(test.not_completed);
  return notCompleted > 0 ? { ...data, notCompleted } : data;
}

/**
 * A module's analysis is computed on every read: its first attempts grow one by one, and it is an
 * editor's occasional look, not the close of a 10,000-taker test (docs/item-analysis.md).
 */
export async function moduleItemAnalysis(db: DbOrTx, slug: string): Promise<ItemAnalysisData> {
  const [mod] = (await db.execute(sql`SELECT id, name, slug FROM modules WHERE slug = ${slug}`)).rows as {
    id: string;
    name: string;
    slug: string;
  }[];
  if (!mod) throw notFound(analysisMessages.moduleNotFound);
  const sessions = await completedSessions(
    db,
    sql`a.id IN (SELECT assessment_id FROM practice_first_attempts WHERE module_id = ${mod.id}::uuid)`,
  );
  // Every question any first attempt had, by subject order then as first met.
  const seen = [...new Set(sessions.flatMap((s) => s.questionIds))];
  const order = (
    await db.execute(sql`SELECT id FROM subjects WHERE module_id = ${mod.id}::uuid ORDER BY sort_order, name`)
  ).rows as { id: string }[];
  const bank = await bankQuestions(db, seen);
  const rank = (id: string) => {
    const at = order.findIndex((s) => s.id === bank.get(id)?.subjectId);
    return at < 0 ? order.length : at;
  };
  const ids = seen.map((id, i) => ({ id, i })).sort((a, b) => rank(a.id) - rank(b.id) || a.i - b.i);
  return withOpenReports(
    db,
    { kind: 'module', id: mod.id, name: mod.name, moduleSlug: mod.slug },
    await analyse(
      db,
      ids.map((x) => x.id),
      sessions,
    ),
  );
}
