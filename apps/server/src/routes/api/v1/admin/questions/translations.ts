import {
  adminTranslationPaths as paths,
  apiMessages,
  envelope,
  examTranslationDraftBody,
  examTranslationParams,
  questionEditMessages,
  questionEditParams,
  questionForEdit,
  questionSaved,
  questionTranslationDraftBody,
  translationDraftOutcome,
  translationJob,
  translationJobParams,
  translationLangParams,
  translationMessages as messages,
} from '@ai-tutor/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../../../../lib/errors.js';
import { actorOf, staffOf } from '../../../../../plugins/app/console.js';
import { questionForEdit as loadForEdit } from '../../../../../services/bank/question-edit.js';
import {
  asAppError,
  createTranslationJobs,
  draftQuestionTranslations,
} from '../../../../../services/bank/translation-drafts.js';
import { approveTranslation, rejectTranslation } from '../../../../../services/bank/translation-versions.js';
import { errors } from '../../shared.js';

/**
 * Translations in the console (docs/languages.md#the-console): an admin approves a draft; the AI drafts
 * a question's missing translations, or an exam's as a job the console polls. Drafts are shown to nobody
 * until approved.
 */
const adminTranslationRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const jobs = createTranslationJobs(fastify.db, fastify.ai, fastify.log);
  fastify.addHook('onClose', async () => jobs.drain());

  fastify.post(
    paths.questionApprove,
    {
      onRequest: fastify.requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Approve a draft translation: learners see it from a new version (admin)',
        description:
          'The draft in `lang` (an AI’s or an editor’s) becomes approved; the question gets a new version, ' +
          'so sessions given the last one keep the translations they were shown. 409 when there is no draft.',
        security: [{ bearer: [] }],
        params: translationLangParams,
        response: { 200: envelope(questionSaved), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { id, lang } = request.params;
      const data = await approveTranslation(fastify.db, actorOf(request), id, lang);
      return { message: messages.approved(lang, data.question.version), data };
    },
  );

  fastify.post(
    paths.questionReject,
    {
      onRequest: fastify.requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Reject a draft translation: it is deleted (admin)',
        description:
          'The draft in `lang` (an AI’s or an editor’s) is deleted; nobody was shown it, so no version ' +
          'changes, and the next drafting writes it anew. Audited. 409 when there is no draft.',
        security: [{ bearer: [] }],
        params: translationLangParams,
        response: { 200: envelope(questionSaved), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { id, lang } = request.params;
      const data = await rejectTranslation(fastify.db, actorOf(request), id, lang);
      return { message: messages.rejected(lang), data };
    },
  );

  fastify.post(
    paths.questionDraft,
    {
      onRequest: fastify.requireRole('editor'),
      schema: {
        tags: ['admin'],
        summary: 'The AI drafts the question’s missing translations, as drafts for review (editor)',
        description:
          'Each language of the question’s exam it has no translation in (or `lang`), by the configured AI ' +
          'provider, checked as an import’s (as many options, the same figures) and saved as a draft: ' +
          'nobody sees it until an admin approves it. 409 when no AI provider is configured.',
        security: [{ bearer: [] }],
        params: questionEditParams,
        body: questionTranslationDraftBody,
        response: {
          200: envelope(z.object({ question: questionForEdit, outcomes: z.array(translationDraftOutcome) })),
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const outcomes = await draftQuestionTranslations(
        fastify.db,
        fastify.ai,
        actorOf(request),
        id,
        request.body.lang,
      ).catch((error: unknown) => {
        throw asAppError(error);
      });
      const question = outcomes && (await loadForEdit(fastify.db, id));
      if (!outcomes || !question) throw notFound(questionEditMessages.notFound);
      return { message: apiMessages.ok, data: { question, outcomes } };
    },
  );

  fastify.post(
    paths.examDraft,
    {
      onRequest: fastify.requireRole('editor'),
      schema: {
        tags: ['admin'],
        summary: 'The AI drafts an exam’s missing translations in a language: a job to poll (editor)',
        description:
          'The command line’s `ai translate --exam SLUG --to LANG` as a job: answers 202 at once; poll ' +
          '`GET /v1/admin/translation-jobs/{id}`. Each draft is saved as it comes (a draft, for review). ' +
          '409 when no AI provider is configured or two runs are going on this server already.',
        security: [{ bearer: [] }],
        params: examTranslationParams,
        body: examTranslationDraftBody,
        response: { 202: envelope(translationJob), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const data = await jobs.start(actorOf(request), request.params.slug, request.body.lang);
      return reply.code(202).send({ message: apiMessages.ok, data });
    },
  );

  fastify.get(
    paths.job,
    {
      onRequest: fastify.requireRole('editor'),
      schema: {
        tags: ['admin'],
        summary: 'A translation job: progress, then what was drafted and refused (its starter)',
        security: [{ bearer: [] }],
        params: translationJobParams,
        response: { 200: envelope(translationJob), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const data = await jobs.get(request.params.id, staffOf(request).userId);
      if (!data) throw notFound(messages.jobNotFound);
      return { message: apiMessages.ok, data };
    },
  );
};
export default adminTranslationRoutes;
