import type { MyDataSummary } from '@ai-tutor/contract';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  answerSheets,
  assessments,
  auditLog,
  batches,
  batchMembers,
  liveTestRankings,
  performanceRecords,
  posts,
  questionReports,
  questions,
  reviewCards,
  userRoles,
  users,
} from '../../db/schema.js';
import { masteryOf } from '../review/mastery.js';
import { answersCount, sessionsJson } from './export-sessions.js';

const ABOUT =
  'Everything AI TUTOR holds about you, as of generatedAt: your profile, every session with its ' +
  'questions as you were given them, your answers, marks and times, your records, mastery, review ' +
  'cards, notebook, reports, posts, live-test rankings and the operators’ audit rows about your account.';

/** The profile without anything secret: no password hash, no Google id, no tokens. */
async function profileOf(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      verified: users.verified,
      signsInWithPassword: sql<boolean>`${users.passwordHash} IS NOT NULL`,
      signsInWithGoogle: sql<boolean>`${users.googleSub} IS NOT NULL`,
      usedInviteCode: users.usedInviteCode,
      disabledAt: users.disabledAt,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return null;
  const [roles, memberOf] = await Promise.all([
    db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId)),
    db
      .select({ name: batches.name, since: batchMembers.addedAt })
      .from(batchMembers)
      .innerJoin(batches, eq(batches.id, batchMembers.batchId))
      .where(eq(batchMembers.userId, userId)),
  ]);
  return { ...row, roles: roles.map((r) => r.role), batches: memberOf };
}

async function summaryOf(
  db: DbOrTx,
  profile: { name: string; email: string; createdAt: Date },
  userId: string,
) {
  const counted = async (table: typeof reviewCards | typeof questionReports | typeof posts) =>
    (await db.select({ n: count() }).from(table).where(eq(table.userId, userId)))[0]?.n ?? 0;
  const [[sessions], reviewCardCount, reportCount, postCount] = await Promise.all([
    db
      .select({
        all: count(),
        completed: sql<number>`count(*) FILTER (WHERE ${assessments.sessionCompleted})::int`,
        answers: answersCount,
      })
      .from(assessments)
      .innerJoin(answerSheets, eq(answerSheets.assessmentId, assessments.id))
      .where(eq(assessments.userId, userId)),
    counted(reviewCards),
    counted(questionReports),
    counted(posts),
  ]);
  const summary: MyDataSummary = {
    generatedAt: new Date().toISOString(),
    about: ABOUT,
    name: profile.name,
    email: profile.email,
    memberSince: profile.createdAt.toISOString(),
    sessions: sessions?.all ?? 0,
    completedSessions: Number(sessions?.completed ?? 0),
    answers: Number(sessions?.answers ?? 0),
    reviewCards: reviewCardCount,
    reports: reportCount,
    posts: postCount,
  };
  return summary;
}

/** The smaller sections: each one query, written whole. */
function smallSections(db: DbOrTx, userId: string): [string, () => Promise<unknown>][] {
  const mine = <T extends { userId: unknown }>(table: T) => eq(table.userId as never, userId);
  return [
    ['records', () => db.select().from(performanceRecords).where(mine(performanceRecords))],
    ['mastery', () => masteryOf(db, userId)],
    ['reviewCards', () => db.select().from(reviewCards).where(mine(reviewCards))],
    [
      'notebook',
      () =>
        db
          .select({
            questionId: reviewCards.questionId,
            question: questions.text,
            explanation: questions.explanation,
            lastOutcome: reviewCards.lastOutcome,
            lastAnswer: reviewCards.lastAnswer,
            due: reviewCards.due,
            dismissedAt: reviewCards.dismissedAt,
          })
          .from(reviewCards)
          .innerJoin(questions, eq(questions.id, reviewCards.questionId))
          .where(mine(reviewCards))
          .orderBy(asc(reviewCards.lastAnsweredAt)),
    ],
    ['reports', () => db.select().from(questionReports).where(mine(questionReports))],
    ['posts', () => db.select().from(posts).where(mine(posts))],
    ['liveTestRankings', () => db.select().from(liveTestRankings).where(mine(liveTestRankings))],
    [
      'auditLog',
      () =>
        db
          .select({
            at: auditLog.at,
            by: auditLog.actorLabel,
            action: auditLog.action,
            before: auditLog.before,
            after: auditLog.after,
            reason: auditLog.reason,
          })
          .from(auditLog)
          .where(and(eq(auditLog.objectType, 'user'), eq(auditLog.objectId, userId)))
          .orderBy(asc(auditLog.at)),
    ],
  ];
}

/**
 * The learner's data as one JSON document, written a piece at a time as it is read: the summary,
 * the profile, the sessions (a read of SESSIONS_PER_READ at a time), then the other sections. Only
 * rows of this learner, selected by their id; nothing secret (docs/decisions/0023-learners-data-and-backups.md).
 * Yields nothing for an unknown learner.
 */
export async function* exportMyData(db: DbOrTx, userId: string): AsyncGenerator<string> {
  const profile = await profileOf(db, userId);
  if (!profile) return;
  const summary = await summaryOf(db, profile, userId);
  yield `{\n"summary": ${JSON.stringify(summary, null, 2)},\n"profile": ${JSON.stringify(profile)},\n"sessions": [`;
  let first = true;
  for await (const session of sessionsJson(db, userId)) {
    yield (first ? '\n' : ',\n') + session;
    first = false;
  }
  yield '\n]';
  for (const [name, read] of smallSections(db, userId)) {
    yield `,\n${JSON.stringify(name)}: ${JSON.stringify(await read())}`;
  }
  yield '\n}\n';
}
