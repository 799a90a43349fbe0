import {
  apiPaths,
  assessmentSlugParams,
  envelope,
  quizMessages,
  submitAssessmentBody,
  submitAssessmentData,
} from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdOf } from '../../../../plugins/app/authenticate.js';

const submitRoute: FastifyPluginAsyncZod = async (fastify) => {
  fastify.post(
    apiPaths.assessmentSubmit,
    {
      preHandler: fastify.requireLearner,
      schema: {
        tags: ['quiz'],
        summary: 'Submit a session: score it and update the performance records (idempotent)',
        params: assessmentSlugParams,
        body: submitAssessmentBody,
        response: { 200: envelope(submitAssessmentData) },
      },
    },
    async (request) => ({
      message: quizMessages.submitted,
      data: {
        assessment: await fastify.quiz.submit(
          userIdOf(request),
          request.params.slug,
          request.body?.visited ?? [],
        ),
      },
    }),
  );
};
export default submitRoute;
