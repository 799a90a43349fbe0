import { analysisMessages, keyText, type ItemAnalysisData, type ItemAnalysisItem } from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { PaperSubject } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { analyseItems } from './item-statistics.js';
import {
  bankQuestions,
  completedSessions,
  keyOptions,
  openReports,
  takersOf,
  type SessionRow,
} from './takers.js';

/**
 * Item analysis of a live test (its takers, completed by submit or by the server) or of a module (each
 * learner's first completed ordinary mock test of it): reads, then the arithmetic of item-statistics.ts.
 */

const PREVIEW = 140;
const preview = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > PREVIEW ? `${flat.slice(0, PREVIEW - 1)}…` : flat;
};

async function analyse(
  db: DbOrTx,
  scope: ItemAnalysisData['scope'],
  questionIds: string[],
  sessions: SessionRow[],
): Promise<ItemAnalysisData> {
  const bank = await bankQuestions(db, questionIds);
  const reports = await openReports(db, questionIds);
  const ids = questionIds.filter((id) => bank.has(id));
  const specs = ids.map((id) => {
    const q = bank.get(id)!;
    return { id, options: q.options, keyOptions: keyOptions(q.key), openReports: reports.get(id) ?? 0 };
  });
  const { test, items } = analyseItems(specs, takersOf(sessions, bank));
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
  rows.sort((a, b) => b.flags.length - a.flags.length || a.number - b.number);
  return { scope, test, items: rows };
}

export async function liveTestItemAnalysis(db: DbOrTx, testId: string): Promise<ItemAnalysisData> {
  const [test] = (
    await db.execute(sql`
      SELECT t.id, t.name, m.slug AS module_slug, t.paper::text AS paper
      FROM scheduled_tests t JOIN modules m ON m.id = t.module_id WHERE t.id = ${testId}::uuid`)
  ).rows as { id: string; name: string; module_slug: string; paper: string }[];
  if (!test) throw notFound(analysisMessages.testNotFound);
  const paper = JSON.parse(test.paper) as PaperSubject[];
  const sessions = await completedSessions(db, sql`a.scheduled_test_id = ${testId}::uuid`);
  return analyse(
    db,
    { kind: 'live-test', id: test.id, name: test.name, moduleSlug: test.module_slug },
    paper.flatMap((p) => p.questionIds),
    sessions,
  );
}

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
  return analyse(
    db,
    { kind: 'module', id: mod.id, name: mod.name, moduleSlug: mod.slug },
    ids.map((x) => x.id),
    sessions,
  );
}
