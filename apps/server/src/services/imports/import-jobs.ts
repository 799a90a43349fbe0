import { randomUUID } from 'node:crypto';
import { importMessages, type ImportJob } from '@ai-tutor/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { Actor } from '../console/audit-repository.js';
import { runImport, type ImportInput } from './import-job.js';

/**
 * The console's imports as jobs (docs/decisions/0026-imports-in-the-browser.md): a POST starts one
 * and answers at once with its id; the job runs on in this process whatever becomes of the request,
 * and the console polls it for {processed, total, state, report}. Kept in memory: the import itself
 * is one transaction, so a job lost to a restart wrote nothing (or everything) and is simply run
 * again; finished jobs are forgotten after an hour.
 */

/** Imports running at once at most: each holds a transaction (the embedded store runs one at a time). */
const MAX_RUNNING = 2;
const KEEP_FINISHED_MS = 60 * 60 * 1000;
const KEEP_AT_MOST = 200;

interface Entry {
  job: ImportJob;
  ownerId: string | null;
  finishedAt: number | null;
}

export function createImportJobs(db: Db, log: FastifyBaseLogger) {
  const jobs = new Map<string, Entry>();
  const running = new Set<Promise<void>>();

  const prune = () => {
    const now = Date.now();
    for (const [id, entry] of jobs)
      if (entry.finishedAt !== null && now - entry.finishedAt > KEEP_FINISHED_MS) jobs.delete(id);
    for (const [id, entry] of jobs) {
      if (jobs.size <= KEEP_AT_MOST) break;
      if (entry.finishedAt !== null) jobs.delete(id);
    }
  };

  async function run(entry: Entry, actor: Actor, input: ImportInput) {
    const { job } = entry;
    try {
      // Let the request that started it answer first.
      await new Promise((resolve) => setImmediate(resolve));
      job.report = await runImport(db, actor, job.id, input, {
        total: (total) => void (job.total = total),
        progress: (done) => void (job.processed = Math.min(done, job.total)),
      });
      job.processed = job.total;
      job.state = 'done';
    } catch (error) {
      log.error({ err: error, importId: job.id }, 'import failed');
      job.state = 'failed';
      job.failure = 'The import stopped on an unexpected error: nothing was written. Try again.';
    } finally {
      entry.finishedAt = Date.now();
    }
  }

  return {
    /** Starts an import; 409 while too many run. */
    start(actor: Actor, input: ImportInput): ImportJob {
      prune();
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
      const entry: Entry = { job, ownerId: actor.userId, finishedAt: null };
      jobs.set(job.id, entry);
      const done = run(entry, actor, input).finally(() => running.delete(done));
      running.add(done);
      return { ...job };
    },

    /** The job as it stands, to the user who started it only. */
    get(id: string, userId: string): ImportJob | null {
      prune();
      const entry = jobs.get(id);
      return entry && entry.ownerId === userId ? { ...entry.job } : null;
    },

    /** Waits for the running imports (the server closing). */
    async drain() {
      await Promise.all([...running]);
    },
  };
}

export type ImportJobs = ReturnType<typeof createImportJobs>;
