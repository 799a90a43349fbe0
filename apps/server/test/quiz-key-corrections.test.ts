import type { ResultData, SessionData } from '@ai-tutor/contract';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { keyCommands } from '../src/cli/key-commands.js';
import { auditLog, keyCorrections, performanceRecords } from '../src/db/schema.js';
import { useTestApp } from './helpers/app.js';
import {
  fetchResult,
  insertCatalogue,
  save,
  startSession,
  submit,
  subjectQuiz,
  type TestCatalogue,
} from './helpers/catalogue.js';
import { createLearner, type TestLearner } from './helpers/learner.js';

// docs/product.md#key-corrections key corrections, through the operator's CLI: rescoring, records, the audit row and
// what the learner's result says.
let c: TestCatalogue;
const t = useTestApp();
beforeAll(async () => {
  c = await insertCatalogue(t.app.db, {
    subjects: [
      {
        name: 'Physics',
        questionCount: 2,
        questions: [
          { text: 'Unit of charge?', options: ['coulomb', 'ampere', 'volt'], answer: 'ampere' },
          { text: 'Unit of current?', options: ['ampere', 'ohm', 'tesla'], answer: 'ampere' },
        ],
      },
    ],
  });
});
afterEach(() => vi.restoreAllMocks());

async function keys(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => void out.push(parts.join(' ')));
  vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => void err.push(parts.join(' ')));
  const code = await keyCommands.keys!.run({ config: t.config, database: t.database, args });
  vi.restoreAllMocks();
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function takeQuiz(who: TestLearner, answers: Record<string, string | null>): Promise<SessionData> {
  const s = await startSession(t.app, who, subjectQuiz(c));
  for (const e of s.evaluation) {
    const answer = answers[e.baseQuestion.questionText];
    if (answer) await save(t.app, who, { evaluationId: e._id, userAnswer: answer });
  }
  await submit(t.app, who, s.assessment.slug);
  return s;
}
const numberOf = (r: ResultData, text: string) =>
  r.evaluations.findIndex((e) => e.baseQuestion.questionText === text) + 1;
const recordOf = async (who: TestLearner) =>
  (await t.app.db.select().from(performanceRecords).where(eq(performanceRecords.userId, who.id)))[0];

describe('key corrections', () => {
  it('a corrected key rescores every completed session that had it, rebuilds records and tells the learner', async () => {
    const wrongBefore = await createLearner(t.app);
    const rightBefore = await createLearner(t.app);
    const a = await takeQuiz(wrongBefore, { 'Unit of charge?': 'coulomb', 'Unit of current?': 'ampere' });
    const b = await takeQuiz(rightBefore, { 'Unit of charge?': 'ampere', 'Unit of current?': 'ampere' });
    expect((await fetchResult(t.app, wrongBefore, a.assessment.slug)).assessment.score).toBe(3);
    expect((await recordOf(rightBefore))?.highestScore).toBe(8);
    // A session still running when the key changes is marked by the new key when it completes.
    const latecomer = await createLearner(t.app);
    const running = await startSession(t.app, latecomer, subjectQuiz(c));
    const charge = running.evaluation.find((e) => e.baseQuestion.questionText === 'Unit of charge?')!;
    await save(t.app, latecomer, { evaluationId: charge._id, userAnswer: 'coulomb' });

    const questionId = c.subjects[0]!.questionIds[0]!;
    // A dry run says who would change and writes nothing.
    const dry = await keys(
      'correct',
      questionId,
      '--answer',
      'coulomb',
      '--reason',
      'NTA final key',
      '--dry-run',
    );
    expect(dry.code, dry.err).toBe(0);
    expect(dry.out).toContain('Would rescore 2 of 2 completed sessions of 2 learners.');
    expect(dry.out).toContain(`${wrongBefore.email}: 3 → 8`);
    expect(await t.app.db.select().from(keyCorrections)).toHaveLength(0);
    expect(await t.app.db.select().from(auditLog)).toHaveLength(0);
    expect((await fetchResult(t.app, wrongBefore, a.assessment.slug)).assessment.score).toBe(3);

    const cli = await keys(
      'correct',
      questionId,
      '--answer',
      'coulomb',
      '--reason',
      'NTA final key',
      '--by',
      'ops',
    );
    expect(cli.code, cli.err).toBe(0);
    expect(cli.out).toContain('Key: ampere → coulomb');
    expect(cli.out).toContain('Rescored 2 of 2 completed sessions; records rebuilt for 2 learners');

    const fixed = await fetchResult(t.app, wrongBefore, a.assessment.slug);
    expect(fixed.assessment.score).toBe(8);
    const n = numberOf(fixed, 'Unit of charge?');
    expect(fixed.evaluations[n - 1]).toMatchObject({ score: 4, outcome: 'Correct', baseAnswer: 'coulomb' });
    expect(fixed.corrections).toEqual([
      expect.objectContaining({
        questionNumber: n,
        kind: 'key',
        reason: 'NTA final key',
        scoreBefore: -1,
        scoreAfter: 4,
      }),
    ]);
    const lowered = await fetchResult(t.app, rightBefore, b.assessment.slug);
    expect(lowered.assessment.score).toBe(3);
    expect(lowered.corrections[0]).toMatchObject({ scoreBefore: 4, scoreAfter: -1 });
    expect(await recordOf(wrongBefore)).toMatchObject({
      attempts: 1,
      totalScore: 8,
      highestScore: 8,
      lastAttemptScore: 8,
    });
    expect(await recordOf(rightBefore)).toMatchObject({ attempts: 1, totalScore: 3, highestScore: 3 });

    const [audit] = await t.app.db
      .select()
      .from(keyCorrections)
      .where(eq(keyCorrections.questionId, questionId));
    expect(audit).toMatchObject({
      kind: 'key',
      operator: 'ops',
      reason: 'NTA final key',
      before: { type: 'single', answer: 'ampere' },
      after: { type: 'single', answer: 'coulomb' },
      sessionsRescored: 2,
    });
    // The audit log has it too, by the command line, with the keys before and after and the reason.
    expect(await t.app.db.select().from(auditLog)).toEqual([
      expect.objectContaining({
        actorLabel: 'cli',
        action: 'question.key-correct',
        objectId: questionId,
        reason: 'NTA final key',
        before: { key: { type: 'single', answer: 'ampere' } },
      }),
    ]);

    await submit(t.app, latecomer, running.assessment.slug);
    const late = await fetchResult(t.app, latecomer, running.assessment.slug);
    expect(late.evaluations[numberOf(late, 'Unit of charge?') - 1]).toMatchObject({
      score: 4,
      outcome: 'Correct',
    });
    expect(late.corrections).toEqual([]);
  });

  it('a dropped question gives full marks to everyone who was given it, answered or not', async () => {
    const skipped = await createLearner(t.app);
    const s = await takeQuiz(skipped, { 'Unit of charge?': null, 'Unit of current?': 'ohm' });
    expect((await fetchResult(t.app, skipped, s.assessment.slug)).assessment.score).toBe(-1);
    const questionId = c.subjects[0]!.questionIds[1]!;
    const cli = await keys('drop', questionId, '--reason', 'ambiguous wording');
    expect(cli.code, cli.err).toBe(0);
    const result = await fetchResult(t.app, skipped, s.assessment.slug);
    expect(result.assessment.score).toBe(4);
    expect(result.corrections).toEqual([
      expect.objectContaining({ kind: 'drop', reason: 'ambiguous wording', scoreBefore: -1, scoreAfter: 4 }),
    ]);
    // Dropped questions are drawn no more.
    const next = await startSession(t.app, skipped, subjectQuiz(c));
    expect(next.evaluation.map((e) => e.baseQuestion.questionText)).toEqual(['Unit of charge?']);
  });

  it('refuses a key that is not an option, a missing reason, and an unknown question, changing nothing', async () => {
    const questionId = c.subjects[0]!.questionIds[0]!;
    expect(await keys('correct', questionId, '--answer', 'joule', '--reason', 'x')).toMatchObject({
      code: 1,
      err: 'keys correct: not among the options: joule',
    });
    expect((await keys('correct', questionId, '--answer', 'volt')).err).toContain('--reason is required');
    expect((await keys('drop', '00000000-0000-4000-8000-000000000000', '--reason', 'x')).err).toContain(
      'no question with id',
    );
    const audits = await t.app.db
      .select()
      .from(keyCorrections)
      .where(eq(keyCorrections.questionId, questionId));
    expect(audits).toHaveLength(1);
  });
});
