import {
  adminEditPaths,
  apiMessages,
  envelope,
  questionEditBody,
  questionEditMessages as messages,
  questionEditParams,
  questionForEdit,
  questionSaved,
  questionVersionList,
  versionDiff,
  versionDiffQuery,
} from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../../../../lib/errors.js';
import { actorOf } from '../../../../../plugins/app/console.js';
import { questionForEdit as loadForEdit, saveEdit } from '../../../../../services/bank/question-edit.js';
import { versionDiff as diffOf, versionList } from '../../../../../services/bank/question-history.js';
import { errors } from '../../shared.js';

/** The console's question editor and a question's versions (docs/question-bank.md#editing). */
const adminQuestionEditRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    adminEditPaths.questionEdit,
    {
      onRequest: fastify.requireRole('editor'),
      schema: {
        tags: ['admin'],
        summary:
          'A question as the editor edits it: every field, its version, the importer’s warnings (editor)',
        security: [{ bearer: [] }],
        params: questionEditParams,
        response: { 200: envelope(questionForEdit), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const data = await loadForEdit(fastify.db, request.params.id);
      if (!data) throw notFound(messages.notFound);
      return { message: apiMessages.ok, data };
    },
  );

  fastify.put(
    adminEditPaths.questionEdit,
    {
      onRequest: fastify.requireRole('editor'),
      schema: {
        tags: ['admin'],
        summary: 'Save an edited question: a new version when what learners see or the key changed (editor)',
        description:
          'Checked by the importer’s rules and every formula by KaTeX: a problem is a 400 whose `errors` name ' +
          'the field (`text`, `options.1`, `key`, `hints.0`…) and nothing is written. `baseVersion` is the ' +
          'version opened; a newer one saved since: 409. Sessions keep the version they were given; a key ' +
          'changed here scores new sessions only (a key correction re-scores past ones). One audit row ' +
          'per kind of change (edit, status, move).',
        security: [{ bearer: [] }],
        params: questionEditParams,
        body: questionEditBody,
        response: { 200: envelope(questionSaved), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const data = await saveEdit(fastify.db, actorOf(request), request.params.id, request.body);
      return {
        message: data.newVersion ? messages.saved(data.question.version) : messages.savedNoVersion,
        data,
      };
    },
  );

  fastify.get(
    adminEditPaths.questionVersions,
    {
      onRequest: fastify.requireRole('editor'),
      schema: {
        tags: ['admin'],
        summary: 'A question’s versions, newest first: who wrote each and when (editor)',
        security: [{ bearer: [] }],
        params: questionEditParams,
        response: { 200: envelope(questionVersionList), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const data = await versionList(fastify.db, request.params.id);
      if (!data) throw notFound(messages.notFound);
      return { message: apiMessages.ok, data };
    },
  );

  fastify.get(
    adminEditPaths.questionDiff,
    {
      onRequest: fastify.requireRole('editor'),
      schema: {
        tags: ['admin'],
        summary: 'Two versions of a question and the fields that differ (editor)',
        security: [{ bearer: [] }],
        params: questionEditParams,
        querystring: versionDiffQuery,
        response: { 200: envelope(versionDiff), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const data = await diffOf(fastify.db, request.params.id, request.query.from, request.query.to);
      if (!data) throw notFound(messages.versionNotFound);
      return { message: apiMessages.ok, data };
    },
  );
};
export default adminQuestionEditRoutes;
