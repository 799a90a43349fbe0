import {
  droppedMark,
  keyText,
  markAnswer,
  schemeById,
  type KeyCorrectionResult,
  type QuestionKey,
} from '@ai-tutor/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { keyCorrections, questions, sessionCorrections } from '../../db/schema.js';
import { correctVersionKeys } from './version-keys.js';
import { auditRepository, CLI_ACTOR, type Actor } from '../console/audit-repository.js';
import { parseAnswers } from './answer-sheets.js';
import { mergeEffects, type QuizHooks } from './hooks.js';
import { rebuildRecords } from './rebuild-records.js';

/**
 * Key corrections (docs/product.md#key-corrections): an operator corrects a question's key or drops the
 * question (full marks to everyone who was given it), from the CLI (`keys correct|drop`) or the console
 * (`POST /v1/admin/questions/:id/key-corrections`); both call correctKey. In one transaction: the
 * correction's row, the question, every completed session that had it rescored by the scheme it was
 * taken under, a note per changed session (the learner's result shows it), the records of every learner
 * concerned rebuilt, and an audit row; what other areas do about it (ranked live tests re-ranked, the
 * question's open reports resolved) runs in the same transaction through hooks.keyCorrected (hooks.ts).
 * A dry run does all of it and rolls back, so it reports exactly what applying would do and leaves
 * nothing behind, not even the audit row (docs/decisions/0024-key-corrections-dry-run.md). Running
 * sessions are scored with the corrected key when they complete.
 */

export class CorrectionError extends Error {
  override name = 'CorrectionError';
  /** 400: the key does not fit the question; 404: no such question; 409: dropped already. */
  constructor(
    message: string,
    readonly status: 400 | 404 | 409 = 400,
  ) {
    super(message);
  }
}

export interface CorrectionRequest {
  questionId: string;
  /** The new key; absent: drop the question. */
  key?: QuestionKey;
  reason: string;
  /** Who made it, as the correction's row names them (the CLI's --by, the operator's email). */
  operator: string;
  /** The audit log's actor: the command line unless a console user. */
  actor?: Actor;
  dryRun?: boolean;
}

export type CorrectionSummary = KeyCorrectionResult & { question: string };

/** Thrown out of a dry run's transaction to roll it back, carrying what it found. */
class DryRunDone extends Error {
  constructor(readonly summary: CorrectionSummary) {
    super('dry run');
  }
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

/** `--answer`/`{answer}` and `--answers`/`{answers}` give a typed-answer question its accepted texts. */
function keyForType(type: string, key: QuestionKey | undefined): QuestionKey | undefined {
  if (type !== 'text' || !key) return key;
  if (key.type === 'single') return { type: 'text', answers: [key.answer], wildcard: false };
  if (key.type === 'multiple') return { type: 'text', answers: key.answers, wildcard: false };
  return key;
}

interface AffectedRow {
  id: string;
  user_id: string;
  name: string;
  email: string;
  test_name: string | null;
  marking_scheme: string;
  score: number | null;
  /** The session's answer sheet's answers (answer-sheets.ts). */
  answers: (string | null)[];
  scores_json: string | null;
  versions_json: string | null;
  positions: number[] | string;
}

export async function correctKey(
  db: Db,
  hooks: QuizHooks,
  request: CorrectionRequest,
): Promise<CorrectionSummary> {
  const reason = request.reason.trim();
  if (!reason) throw new CorrectionError('say why (--reason)');
  try {
    return await db.transaction(async (tx) => {
      const [question] = await tx
        .select()
        .from(questions)
        .where(eq(questions.id, request.questionId))
        .for('update');
      if (!question) throw new CorrectionError(`no question with id ${request.questionId}`, 404);
      if (question.droppedAt) throw new CorrectionError('the question was dropped already', 409);
      const key = keyForType(question.type, request.key);
      if (key) checkKey(question, key);

      const [correction] = await tx
        .insert(keyCorrections)
        .values({
          questionId: question.id,
          kind: key ? 'key' : 'drop',
          reason,
          operator: request.operator,
          before: question.key,
          after: key ?? null,
        })
        .returning({ id: keyCorrections.id });
      const correctionId = correction!.id;
      await tx
        .update(questions)
        .set(
          key
            ? { key, answer: keyText(key), updatedAt: new Date() }
            : { droppedAt: new Date(), updatedAt: new Date() },
        )
        .where(eq(questions.id, question.id));
      // Deliberate re-scoring reaches every version a session may hold (docs/decisions/0028-question-versions.md).
      const versionKeys = key
        ? await correctVersionKeys(tx, question, key, keyText)
        : new Map<number, QuestionKey>();

      const result = await tx.execute(sql`
        SELECT a.id, a.user_id, u.name, u.email, st.name AS test_name, a.marking_scheme, a.score, sh.answers,
          a.scores::text AS scores_json, array_to_json(a.question_versions)::text AS versions_json,
          (SELECT array_agg(s.pos::int - 1) FROM unnest(a.question_ids) WITH ORDINALITY AS s(id, pos)
            WHERE s.id = ${question.id}::uuid) AS positions
        FROM assessments a JOIN answer_sheets sh ON sh.assessment_id = a.id
        JOIN users u ON u.id = a.user_id
        LEFT JOIN scheduled_tests st ON st.id = a.scheduled_test_id
        WHERE a.session_completed AND a.question_ids @> ARRAY[${question.id}::uuid]
        ORDER BY u.email, a.created_at
        FOR UPDATE OF a`);
      const rows = result.rows as unknown as AffectedRow[];
      const updates: { id: string; scores: (number | null)[]; score: number }[] = [];
      const notes: (typeof sessionCorrections.$inferInsert)[] = [];
      const changes: CorrectionSummary['changes'] = [];
      for (const row of rows) {
        const scheme = schemeById(row.marking_scheme);
        const answers = parseAnswers(row.answers);
        const scores = JSON.parse(row.scores_json ?? '[]') as (number | null)[];
        const positions = Array.isArray(row.positions)
          ? row.positions.map(Number)
          : String(row.positions).replace(/[{}]/g, '').split(',').map(Number);
        const versions = JSON.parse(row.versions_json ?? '[]') as (number | null)[];
        let changed = false;
        for (const position of positions) {
          const before = scores[position] ?? null;
          const given = key && (versionKeys.get(versions[position] ?? question.version) ?? key);
          const after = given
            ? markAnswer(scheme, given, answers[position] ?? null).score
            : droppedMark(scheme, question.type).score;
          if (after === before) continue;
          scores[position] = after;
          changed = true;
          notes.push({
            assessmentId: row.id,
            correctionId,
            position,
            scoreBefore: before,
            scoreAfter: after,
          });
        }
        if (!changed) continue;
        const score = scores.reduce<number>((t, s) => t + (s ?? 0), 0);
        updates.push({ id: row.id, scores, score });
        changes.push({
          assessmentId: row.id,
          learner: { id: row.user_id, name: row.name, email: row.email },
          liveTest: row.test_name,
          scoreBefore: Number(row.score ?? 0),
          scoreAfter: score,
        });
      }
      if (updates.length) {
        await tx.execute(sql`
          UPDATE assessments a SET scores = v.scores, score = v.score
          FROM jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) AS v(id uuid, scores jsonb, score int)
          WHERE a.id = v.id`);
        await tx.insert(sessionCorrections).values(notes);
      }
      const learners = [...new Set(changes.map((change) => change.learner.id))];
      await rebuildRecords(tx, learners);
      const { reportsResolved, liveTests } = mergeEffects(
        await hooks.keyCorrected.run(tx, {
          questionId: question.id,
          correctionId,
          kind: key ? 'key' : 'drop',
          reason,
          rescoredSessionIds: updates.map((u) => u.id),
        }),
      );
      await tx
        .update(keyCorrections)
        .set({ sessionsRescored: updates.length })
        .where(eq(keyCorrections.id, correctionId));
      const summary: CorrectionSummary = {
        dryRun: request.dryRun ?? false,
        correctionId: request.dryRun ? null : correctionId,
        questionId: question.id,
        question: question.text,
        before: keyText(question.key),
        after: key ? keyText(key) : null,
        sessions: rows.length,
        changed: updates.length,
        learners: learners.length,
        reportsResolved,
        changes,
        liveTests,
      };
      await auditRepository.write(tx, request.actor ?? CLI_ACTOR, {
        action: key ? 'question.key-correct' : 'question.drop',
        objectType: 'question',
        objectId: question.id,
        objectLabel: question.text.replace(/\s+/g, ' ').slice(0, 120),
        before: { key: question.key },
        after: {
          key: key ?? null,
          dropped: !key,
          correctionId,
          sessionsRescored: updates.length,
          learners: learners.length,
          reportsResolved,
        },
        reason,
      });
      if (request.dryRun) throw new DryRunDone(summary);
      return summary;
    });
  } catch (error) {
    if (error instanceof DryRunDone) return error.summary;
    throw error;
  }
}

/** The corrections made, newest first. */
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
