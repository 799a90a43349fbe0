import { randomUUID } from 'node:crypto';
import { importMessages, type ImportJob, type ImportMode, type ImportReport } from '@ai-tutor/contract';
import { and, eq, lt, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { importJobs } from '../../db/schema.js';
import { AppError, unauthorized } from '../../lib/errors.js';
import type { Actor } from '../console/audit-repository.js';
import { runImport, type ImportInput } from './import-job.js';

/**
 * The console's imports as jobs (docs/decisions/0026-imports-in-the-browser.md): a POST starts one and
 * answers at once with its id; the job runs on in this instance whatever becomes of the request, and
 * the console polls it. The instance running a job answers from memory: on the embedded store the
 * import's transaction holds the one connection, so a read would wait for the end. Any other instance
 * answers from the job's row, which the running instance refreshes every second (a heartbeat through
 * another pooled connection) and completes with the report.
 */

/** Imports this instance runs at once at most: each holds a transaction. */
const MAX_RUNNING = 2;
const HEARTBEAT_MS = 1000;
/** A running row without a heartbeat for this long lost its instance. */
const STALE_MS = 60_000;
const KEEP_FINISHED_MS = 24 * 60 * 60 * 1000;

export const LOST_JOB =
  'The server stopped during the import. An import is one transaction: it wrote all of its questions or none; a dry run tells which.';
const FAILED_JOB = 'The import stopped on an unexpected error: nothing was written. Try again.';

interface Running {
  job: ImportJob;
  ownerId: string;
}

function fromRow(row: typeof importJobs.$inferSelect): ImportJob {
  const lost = row.state === 'running' && Date.now() - row.updatedAt.getTime() > STALE_MS;
  return {
    id: row.id,
    mode: row.mode as ImportMode,
    state: lost ? 'failed' : (row.state as ImportJob['state']),
    processed: row.processed,
    total: row.total,
    startedAt: row.startedAt.toISOString(),
    report: (row.report as ImportReport | null) ?? null,
    failure: lost ? LOST_JOB : row.failure,
  };
}

export function createImportJobs(db: Db, log: FastifyBaseLogger) {
  const running = new Map<string, Running>();
  const tasks = new Set<Promise<void>>();

  async function run({ job }: Running, actor: Actor, input: ImportInput) {
    let beating: Promise<unknown> | null = null;
    const beat = () => {
      beating ??= db
        .update(importJobs)
        .set({ processed: job.processed, total: job.total, updatedAt: new Date() })
        .where(eq(importJobs.id, job.id))
        .catch((error: unknown) => log.warn({ err: error, importId: job.id }, 'import heartbeat failed'))
        .finally(() => {
          beating = null;
        });
    };
    const timer = setInterval(beat, HEARTBEAT_MS);
    timer.unref();
    try {
      // Reading the files takes the event loop: the request that started the job answers first.
      await new Promise((resolve) => setImmediate(resolve));
      job.report = await runImport(db, actor, job.id, input, {
        total: (total) => void (job.total = total),
        progress: async (done) => {
          job.processed = Math.min(done, job.total);
          // The embedded store runs in this thread and never leaves it between a transaction's
          // statements: without a turn of the event loop here, no poll is answered until the end.
          await new Promise((resolve) => setImmediate(resolve));
        },
      });
      job.processed = job.total;
      job.state = 'done';
    } catch (error) {
      log.error({ err: error, importId: job.id }, 'import failed');
      job.state = 'failed';
      job.failure = FAILED_JOB;
    } finally {
      clearInterval(timer);
      await beating;
      const now = new Date();
      await db
        .update(importJobs)
        .set({
          state: job.state,
          processed: job.processed,
          total: job.total,
          report: job.report,
          failure: job.failure,
          updatedAt: now,
          finishedAt: now,
        })
        .where(eq(importJobs.id, job.id))
        .catch((error: unknown) => log.error({ err: error, importId: job.id }, 'import end not stored'));
      running.delete(job.id);
    }
  }

  return {
    /** Starts an import; 409 while this instance runs too many. */
    async start(actor: Actor, input: ImportInput): Promise<ImportJob> {
      if (!actor.userId) throw unauthorized();
      if (running.size >= MAX_RUNNING) throw new AppError(409, importMessages.busy);
      const job: ImportJob = {
        id: randomUUID(),
        mode: input.mode,
        state: 'running',
        processed: 0,
        total: 0,
        startedAt: new Date().toISOString(),
        report: null,
        failure: null,
      };
      const entry: Running = { job, ownerId: actor.userId };
      running.set(job.id, entry);
      try {
        await db.delete(importJobs).where(lt(importJobs.finishedAt, new Date(Date.now() - KEEP_FINISHED_MS)));
        await db.insert(importJobs).values({
          id: job.id,
          ownerId: actor.userId,
          mode: job.mode,
          state: job.state,
          startedAt: new Date(job.startedAt),
        });
      } catch (error) {
        running.delete(job.id);
        throw error;
      }
      const task = run(entry, actor, input).finally(() => tasks.delete(task));
      tasks.add(task);
      return { ...job };
    },

    /** A job this instance runs, to its starter, read without the database. */
    runningHere(id: string, userId: string): ImportJob | null {
      const entry = running.get(id);
      return entry && entry.ownerId === userId ? { ...entry.job } : null;
    },

    /** A job from its row (another instance's, or finished), to its starter only. */
    async stored(id: string, userId: string): Promise<ImportJob | null> {
      const [row] = await db
        .select()
        .from(importJobs)
        // The console's translation jobs share the table (services/bank/translation-drafts.ts).
        .where(and(eq(importJobs.id, id), eq(importJobs.ownerId, userId), ne(importJobs.mode, 'translate')));
      return row ? fromRow(row) : null;
    },

    /** Waits for the running imports (the server closing). */
    async drain() {
      await Promise.all([...tasks]);
    },
  };
}

export type ImportJobs = ReturnType<typeof createImportJobs>;
