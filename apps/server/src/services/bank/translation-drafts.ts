import { randomUUID } from 'node:crypto';
import {
  translationMessages as messages,
  type TranslationDraftOutcome,
  type TranslationJob,
} from '@ai-tutor/contract';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { exams, importJobs, modules, questions, questionTranslations, subjects } from '../../db/schema.js';
import { AppError, unauthorized } from '../../lib/errors.js';
import type { AiProvider } from '../ai/provider.js';
import {
  translateExam,
  TranslationError,
  translationTarget,
  type TranslateSummary,
} from '../ai/translate-questions.js';
import type { Actor } from '../console/audit-repository.js';

/**
 * The console's Translate buttons (docs/languages.md#the-console): the AI drafts missing translations
 * through the command line's own run (`ai translate`, services/ai/translate-questions.ts), saved as
 * drafts for a person to approve. One question answers when done; an exam is a job the console polls,
 * its row in import_jobs (mode `translate`), as imports are (docs/decisions/0026-imports-in-the-browser.md).
 */

/** The mode of a drafting job's row in import_jobs. */
export const TRANSLATE_MODE = 'translate';
const MAX_RUNNING = 2;
const HEARTBEAT_MS = 5000;
const STALE_MS = 60_000;
const KEEP_FINISHED_MS = 24 * 60 * 60 * 1000;

const outcomeOf = (s: TranslateSummary): TranslationDraftOutcome => ({
  lang: s.lang,
  saved: s.saved.map((q) => q.id),
  rejected: s.rejected,
  stoppedBecause: s.stoppedBecause,
});

/** The TranslationError as the console's answer. */
export function asAppError(error: unknown): unknown {
  return error instanceof TranslationError ? new AppError(error.status, error.message) : error;
}

/** Drafts the question's missing translations (every language of its exam it lacks, or `lang`). */
export async function draftQuestionTranslations(
  db: Db,
  ai: AiProvider,
  actor: Actor,
  questionId: string,
  lang: string | undefined,
): Promise<TranslationDraftOutcome[] | null> {
  const [q] = await db
    .select({ exam: exams.slug, languages: exams.languages })
    .from(questions)
    .innerJoin(subjects, eq(subjects.id, questions.subjectId))
    .innerJoin(modules, eq(modules.id, subjects.moduleId))
    .innerJoin(exams, eq(exams.id, modules.examId))
    .where(eq(questions.id, questionId));
  if (!q) return null;
  const have = new Set(
    (
      await db
        .select({ lang: questionTranslations.lang })
        .from(questionTranslations)
        .where(eq(questionTranslations.questionId, questionId))
    ).map((r) => r.lang),
  );
  const langs = lang === undefined ? q.languages.slice(1).filter((l) => !have.has(l)) : [lang];
  // A missing provider is said even when nothing is missing; a language asked for is checked first.
  if (!ai.enabled || lang !== undefined) await translationTarget(db, ai, q.exam, lang ?? '');
  const outcomes: TranslationDraftOutcome[] = [];
  for (const to of langs)
    outcomes.push(outcomeOf(await translateExam(db, ai, { examSlug: q.exam, to, questionId, actor })));
  return outcomes;
}

interface JobReport {
  exam: string;
  lang: string;
  outcome: TranslationDraftOutcome | null;
}

function fromRow(row: typeof importJobs.$inferSelect): TranslationJob {
  const lost = row.state === 'running' && Date.now() - row.updatedAt.getTime() > STALE_MS;
  const report = row.report as JobReport;
  return {
    id: row.id,
    exam: report.exam,
    lang: report.lang,
    state: lost ? 'failed' : (row.state as TranslationJob['state']),
    processed: row.processed,
    total: row.total,
    startedAt: row.startedAt.toISOString(),
    outcome: report.outcome,
    failure: lost ? messages.lost : row.failure,
  };
}

/** Exam-wide runs as jobs: the POST answers 202 at once; each question's draft is its own transaction. */
export function createTranslationJobs(db: Db, ai: AiProvider, log: FastifyBaseLogger) {
  const running = new Set<string>();
  const tasks = new Set<Promise<void>>();

  async function run(id: string, actor: Actor, exam: string, lang: string) {
    const progress = { processed: 0, total: 0 };
    const store = (set: Partial<typeof importJobs.$inferInsert>) =>
      db
        .update(importJobs)
        .set({ ...progress, updatedAt: new Date(), ...set })
        .where(eq(importJobs.id, id))
        .catch((error: unknown) => log.warn({ err: error, jobId: id }, 'translation job not stored'));
    const timer = setInterval(() => void store({}), HEARTBEAT_MS);
    timer.unref();
    try {
      const summary = await translateExam(db, ai, {
        examSlug: exam,
        to: lang,
        actor,
        onProgress: async (done, total) => {
          Object.assign(progress, { processed: done, total });
          await store({});
        },
      });
      progress.processed = progress.total;
      const report: JobReport = { exam, lang, outcome: outcomeOf(summary) };
      await store({ state: 'done', report, finishedAt: new Date() });
    } catch (error) {
      log.error({ err: error, jobId: id }, 'translation job failed');
      await store({ state: 'failed', failure: messages.failed, finishedAt: new Date() });
    } finally {
      clearInterval(timer);
      running.delete(id);
    }
  }

  return {
    /** Starts drafting the exam's missing `lang` translations; a 4xx at once if it cannot start. */
    async start(actor: Actor, examSlug: string, to: string): Promise<TranslationJob> {
      if (!actor.userId) throw unauthorized();
      const { exam, lang } = await translationTarget(db, ai, examSlug, to).catch((error: unknown) => {
        throw asAppError(error);
      });
      if (running.size >= MAX_RUNNING) throw new AppError(409, messages.busy);
      const id = randomUUID();
      running.add(id);
      const report: JobReport = { exam: exam.slug, lang, outcome: null };
      try {
        await db.delete(importJobs).where(lt(importJobs.finishedAt, new Date(Date.now() - KEEP_FINISHED_MS)));
        const [row] = await db
          .insert(importJobs)
          .values({ id, ownerId: actor.userId, mode: TRANSLATE_MODE, state: 'running', report })
          .returning();
        const task = run(id, actor, exam.slug, lang).finally(() => tasks.delete(task));
        tasks.add(task);
        return fromRow(row!);
      } catch (error) {
        running.delete(id);
        throw error;
      }
    },

    /** A job, to its starter only. */
    async get(id: string, userId: string): Promise<TranslationJob | null> {
      const [row] = await db
        .select()
        .from(importJobs)
        .where(
          and(eq(importJobs.id, id), eq(importJobs.ownerId, userId), eq(importJobs.mode, TRANSLATE_MODE)),
        );
      return row ? fromRow(row) : null;
    },

    async drain() {
      await Promise.all([...tasks]);
    },
  };
}
