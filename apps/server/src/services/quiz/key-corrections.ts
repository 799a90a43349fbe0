import { droppedMark, keyText, markAnswer, schemeById, type QuestionKey } from '@ai-tutor/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { keyCorrections, questions, sessionCorrections } from '../../db/schema.js';
import { liveTestsAfterCorrection } from '../live-tests/after-correction.js';
import { parseAnswers } from './answer-sheets.js';
import { rebuildRecords } from './rebuild-records.js';
import { resolveReports } from '../tutor/reports.js';

/**
 * Key corrections (docs/product.md#key-corrections): an operator corrects a question's key or drops the question (full
 * marks to everyone who was given it). In one transaction: the audit row, the question, every completed
 * session that had it rescored by the scheme it was taken under, a note per changed session (the
 * learner's result shows it) and the records of every learner concerned rebuilt. Running sessions
 * are scored with the corrected key when they complete.
 */

export class CorrectionError extends Error {
  override name = 'CorrectionError';
}

export interface CorrectionRequest {
  questionId: string;
  /** The new key; absent: drop the question. */
  key?: QuestionKey;
  reason: string;
  operator: string;
}

export interface CorrectionSummary {
  correctionId: string;
  question: string;
  before: string;
  after: string | null;
  sessions: number;
  changed: number;
  learners: number;
  /** Learners' open reports on the question, resolved by this correction. */
  reportsResolved: number;
}

function checkKey(question: { type: string; options: string[] }, key: QuestionKey): void {
  if (key.type !== question.type)
    throw new CorrectionError(`the question is ${question.type}; the new key is ${key.type}`);
  const named = key.type === 'single' ? [key.answer] : key.type === 'multiple' ? key.answers : [];
  const unknown = named.filter((a) => !question.options.includes(a));
  if (unknown.length) throw new CorrectionError(`not among the options: ${unknown.join(', ')}`);
  if (key.type === 'numerical' && !(key.min <= key.max))
    throw new CorrectionError('the numerical range is empty');
}

interface AffectedRow {
  id: string;
  user_id: string;
  marking_scheme: string;
  /** The session's answer sheet's answers (answer-sheets.ts). */
  answers: (string | null)[];
  scores_json: string | null;
  positions: number[] | string;
}

export async function correctKey(db: Db, request: CorrectionRequest): Promise<CorrectionSummary> {
  if (!request.reason.trim()) throw new CorrectionError('say why (--reason)');
  return db.transaction(async (tx) => {
    const [question] = await tx
      .select()
      .from(questions)
      .where(eq(questions.id, request.questionId))
      .for('update');
    if (!question) throw new CorrectionError(`no question with id ${request.questionId}`);
    if (question.droppedAt) throw new CorrectionError('the question was dropped already');
    // `--answer` names an option or, for a typed-answer question, the accepted text.
    const key: QuestionKey | undefined =
      request.key?.type === 'single' && question.type === 'text'
        ? { type: 'text', answers: [request.key.answer], wildcard: false }
        : request.key;
    if (key) checkKey(question, key);

    const [audit] = await tx
      .insert(keyCorrections)
      .values({
        questionId: question.id,
        kind: key ? 'key' : 'drop',
        reason: request.reason.trim(),
        operator: request.operator,
        before: question.key,
        after: key ?? null,
      })
      .returning({ id: keyCorrections.id });
    await tx
      .update(questions)
      .set(
        key
          ? { key, answer: keyText(key), updatedAt: new Date() }
          : { droppedAt: new Date(), updatedAt: new Date() },
      )
      .where(eq(questions.id, question.id));
    const reportsResolved = await resolveReports(tx, question.id, {
      note: `${key ? 'key corrected' : 'question dropped'}: ${request.reason.trim()}`,
      correctionId: audit!.id,
    });

    const result = await tx.execute(sql`
      SELECT a.id, a.user_id, a.marking_scheme, sh.answers, a.scores::text AS scores_json,
        (SELECT array_agg(s.pos::int - 1) FROM unnest(a.question_ids) WITH ORDINALITY AS s(id, pos)
          WHERE s.id = ${question.id}::uuid) AS positions
      FROM assessments a JOIN answer_sheets sh ON sh.assessment_id = a.id
      WHERE a.session_completed AND a.question_ids @> ARRAY[${question.id}::uuid]
      FOR UPDATE OF a`);
    const rows = result.rows as unknown as AffectedRow[];
    const updates: { id: string; scores: (number | null)[]; score: number }[] = [];
    const notes: (typeof sessionCorrections.$inferInsert)[] = [];
    for (const row of rows) {
      const scheme = schemeById(row.marking_scheme);
      const answers = parseAnswers(row.answers);
      const scores = JSON.parse(row.scores_json ?? '[]') as (number | null)[];
      const positions = Array.isArray(row.positions)
        ? row.positions.map(Number)
        : String(row.positions).replace(/[{}]/g, '').split(',').map(Number);
      let changed = false;
      for (const position of positions) {
        const before = scores[position] ?? null;
        const after = key
          ? markAnswer(scheme, key, answers[position] ?? null).score
          : droppedMark(scheme, question.type).score;
        if (after === before) continue;
        scores[position] = after;
        changed = true;
        notes.push({
          assessmentId: row.id,
          correctionId: audit!.id,
          position,
          scoreBefore: before,
          scoreAfter: after,
        });
      }
      if (changed)
        updates.push({ id: row.id, scores, score: scores.reduce<number>((t, s) => t + (s ?? 0), 0) });
    }
    if (updates.length) {
      await tx.execute(sql`
        UPDATE assessments a SET scores = v.scores, score = v.score
        FROM jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) AS v(id uuid, scores jsonb, score int)
        WHERE a.id = v.id`);
      await tx.insert(sessionCorrections).values(notes);
    }
    const learners = [
      ...new Set(rows.filter((r) => updates.some((u) => u.id === r.id)).map((r) => r.user_id)),
    ];
    await rebuildRecords(tx, learners);
    await liveTestsAfterCorrection(
      tx,
      question.id,
      updates.map((u) => u.id),
    );
    await tx
      .update(keyCorrections)
      .set({ sessionsRescored: updates.length })
      .where(eq(keyCorrections.id, audit!.id));
    return {
      correctionId: audit!.id,
      question: question.text,
      before: keyText(question.key),
      after: key ? keyText(key) : null,
      sessions: rows.length,
      changed: updates.length,
      learners: learners.length,
      reportsResolved,
    };
  });
}

/** The audit rows, newest first. */
export async function listCorrections(db: Db, limit = 50) {
  return db
    .select({
      id: keyCorrections.id,
      questionId: keyCorrections.questionId,
      kind: keyCorrections.kind,
      reason: keyCorrections.reason,
      operator: keyCorrections.operator,
      before: keyCorrections.before,
      after: keyCorrections.after,
      sessionsRescored: keyCorrections.sessionsRescored,
      createdAt: keyCorrections.createdAt,
    })
    .from(keyCorrections)
    .orderBy(sql`${keyCorrections.createdAt} DESC`)
    .limit(limit);
}
