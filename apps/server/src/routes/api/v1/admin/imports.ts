import {
  createImportBody,
  envelope,
  IMPORT_MAX_FILE_BYTES,
  IMPORT_MAX_TOTAL_BYTES,
  importIdParams,
  importJob,
  importMessages,
  importsApiPaths,
  type CreateImportBody,
} from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../../../plugins/app/authenticate.js';
import { actorOf, staffOf } from '../../../../plugins/app/console.js';
import { badRequest, notFound } from '../../../../lib/errors.js';
import { createImportJobs } from '../../../../services/imports/import-jobs.js';
import { errors } from '../shared.js';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The files' bytes, each checked: base64, within the limits, names distinct. */
function decodeFiles(body: CreateImportBody) {
  const files: { name: string; bytes: Buffer }[] = [];
  let total = 0;
  body.files.forEach(({ name, content }, i) => {
    const path = `files.${i}`;
    const text = content.replace(/\s+/g, '');
    if (text.length % 4 === 1 || !BASE64.test(text))
      throw badRequest(importMessages.notBase64(name), [
        { path: `${path}.content`, message: importMessages.notBase64(name) },
      ]);
    const bytes = Buffer.from(text, 'base64');
    if (bytes.length > IMPORT_MAX_FILE_BYTES)
      throw badRequest(importMessages.fileTooLarge(name, IMPORT_MAX_FILE_BYTES), [
        { path: `${path}.content`, message: importMessages.fileTooLarge(name, IMPORT_MAX_FILE_BYTES) },
      ]);
    if (files.some((f) => f.name === name))
      throw badRequest(importMessages.sameName(name), [
        { path: `${path}.name`, message: importMessages.sameName(name) },
      ]);
    total += bytes.length;
    files.push({ name, bytes });
  });
  if (total > IMPORT_MAX_TOTAL_BYTES) throw badRequest(importMessages.filesTooLarge(IMPORT_MAX_TOTAL_BYTES));
  return files;
}

/**
 * Questions imported in the browser (editors; docs/decisions/0026-imports-in-the-browser.md): a POST
 * starts a job through the command line's import pipeline and answers 202 with its id; the console
 * polls the GET for progress and, when done, the report. JSON with the files in base64: every route
 * takes zod-checked JSON, and no multipart parser is installed for one screen.
 */
const adminImportsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const jobs = createImportJobs(fastify.db, fastify.log);
  fastify.addHook('onClose', async () => jobs.drain());

  fastify.post(
    importsApiPaths.imports,
    {
      onRequest: fastify.requireRole('editor'),
      // base64 is a third larger than the files it carries, plus the JSON around them.
      bodyLimit: Math.ceil((IMPORT_MAX_TOTAL_BYTES * 4) / 3) + 1024 * 1024,
      schema: {
        tags: ['admin'],
        summary: 'Import question files: a dry run, all or nothing, or the valid questions only (editor)',
        description:
          'Body: `{mode, files: [{name, content}], subject?}`, `content` the file in base64; the extension says ' +
          'the format (docs/import-format.md: .json .yaml .gift .xml .aiken .csv, or .txt for GIFT and ' +
          'Aiken). `subject`: the subject slug GIFT, Moodle XML and Aiken questions go to. Answers 202 ' +
          'with the job; poll `GET …/imports/{id}` for `processed` of `total` and, once `done`, the report: ' +
          'per file its counts, and every error, skip and warning with its line and question. ' +
          '`dry-run` writes nothing; `all-or-nothing` writes nothing when any file has an error; ' +
          '`valid-only` writes the valid questions of every file. A real import leaves an audit row.',
        security: [{ bearer: [] }],
        body: createImportBody,
        response: { 202: envelope(importJob), ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const files = decodeFiles(request.body);
      const job = await jobs.start(actorOf(request), {
        mode: request.body.mode,
        subject: request.body.subject,
        files,
      });
      reply.code(202);
      return { message: importMessages.started, data: job };
    },
  );

  fastify.get(
    importsApiPaths.import,
    {
      // The role is read below, after the running job: on the embedded store the import's
      // transaction holds the database, and a poll must not wait for it (docs/decisions/0026).
      onRequest: fastify.authenticate,
      schema: {
        tags: ['admin'],
        summary: 'An import started from the console: its progress and, when done, its report (editor)',
        description:
          '`state`: `running`, `done` (with `report`) or `failed` (`failure`; nothing was written). ' +
          'Only its starter sees it; kept for a day after it finishes. Any instance answers: the one ' +
          'running the job from memory, the others from its row (a job whose instance stopped is `failed`).',
        security: [{ bearer: [] }],
        params: importIdParams,
        response: { 200: envelope(importJob), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const running = jobs.runningHere(request.params.id, authOf(request).userId);
      if (running) return { message: importMessages.ok, data: running };
      await fastify.requireRole('editor')(request, reply);
      const job = await jobs.stored(request.params.id, staffOf(request).userId);
      if (!job) throw notFound(importMessages.notFound);
      return { message: importMessages.ok, data: job };
    },
  );
};
export default adminImportsRoutes;
