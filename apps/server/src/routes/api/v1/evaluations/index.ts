import {
  apiPaths,
  envelope,
  quizMessages,
  SAVE_GRACE_SECONDS,
  saveEvaluationBody,
  saveEvaluationData,
} from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fastSerializer } from '../../../../lib/fast-serializer.js';
import { userIdOf } from '../../../../plugins/app/authenticate.js';

// The most frequent request of an exam day: its response is written by a compiled serializer.
const saveResponse = envelope(saveEvaluationData);

const saveRoute: FastifyPluginAsyncZod = async (fastify) => {
  fastify.post(
    apiPaths.evaluations,
    {
      preHandler: fastify.requireLearner,
      serializerCompiler: fastSerializer(saveResponse),
      // A save's body and its answer are a few hundred bytes: neither is worth (de)compressing, and the
      // compression plugin's three hooks are measurable on the most frequent request of an exam day.
      compress: false,
      decompress: false,
      schema: {
        tags: ['quiz'],
        summary: 'Save one answer and/or the review mark (idempotent)',
        description:
          'An empty userAnswer of the question type’s shape clears the answer: "" (or blank) for single, ' +
          'numerical and text, [] for multiple. 404 for another learner’s question; 409 once the session ' +
          `is completed or its deadline plus ${SAVE_GRACE_SECONDS} seconds has passed; 400, writing nothing, ` +
          'for an answer of the wrong shape (a clear too) or one that is not among the options.',
        body: saveEvaluationBody,
        response: { 200: saveResponse },
      },
    },
    async (request) => ({
      message: quizMessages.answerSaved,
      data: await fastify.quiz.save(userIdOf(request), request.body),
    }),
  );
};
export default saveRoute;
