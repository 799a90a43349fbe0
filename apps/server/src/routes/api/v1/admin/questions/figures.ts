import {
  adminEditPaths,
  envelope,
  FIGURE_MAX_BYTES,
  questionEditParams,
  questionFigure,
  questionFigureBody,
  questionFigureMessages as messages,
} from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../../../../plugins/app/console.js';
import { uploadFigure } from '../../../../../services/bank/question-figure.js';
import { errors } from '../../shared.js';

/**
 * A figure uploaded in the question editor (docs/question-bank.md#figures). JSON with the bytes in
 * base64, as the imports route: no multipart parser is installed, and every route takes zod-checked
 * JSON. The body limit is raised on this route only.
 */
const adminQuestionFigureRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.post(
    adminEditPaths.questionFigures,
    {
      onRequest: fastify.requireRole('editor'),
      // base64 is a third larger than the bytes it carries, plus the alt text and the JSON around them.
      bodyLimit: Math.ceil((FIGURE_MAX_BYTES * 4) / 3) + 64 * 1024,
      schema: {
        tags: ['admin'],
        summary: 'Upload a figure for a question’s texts: answers its markup to put in a field (editor)',
        description:
          'Body: `{alt, content}`, `content` the file in base64. png, jpeg, webp, gif or svg, the type read ' +
          'from the bytes (not a name); an svg is parsed and written anew from an allow-list (a file it ' +
          'refuses is refused); at most 2 MB. Stored by the SHA-256 of the bytes kept and served at ' +
          '`GET /api/v1/media/{sha256}`. Answers `markup`, `![alt](media:<sha256>)`: put it in the text, an ' +
          'option or the explanation and save; that save is a new version. A refused file is a 400 naming ' +
          '`content` (no alt text: `alt`) and nothing is written. One audit row (`question.figure`).',
        security: [{ bearer: [] }],
        params: questionEditParams,
        body: questionFigureBody,
        response: { 201: envelope(questionFigure), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const data = await uploadFigure(fastify.db, actorOf(request), request.params.id, request.body);
      reply.code(201);
      return { message: messages.stored, data };
    },
  );
};
export default adminQuestionFigureRoutes;
