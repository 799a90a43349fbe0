import { apiPaths, createAssessmentBody, envelope, quizMessages, sessionData } from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fastSerializer } from '../../../../lib/fast-serializer.js';
import { compressInline } from '../../../../lib/inline-compression.js';
import { userIdOf } from '../../../../plugins/app/authenticate.js';

// Exam day starts a class at once: the 75-question response is written by a compiled serializer and
// compressed in one call (decision 0021); zod's serializer and the plugin's zlib stream each cost
// several times as much on every start.
const startResponse = envelope(sessionData);
const CREATED = JSON.stringify(quizMessages.created);

const createRoute: FastifyPluginAsyncZod = async (fastify) => {
  fastify.post(
    apiPaths.assessments,
    {
      preHandler: fastify.requireLearner,
      serializerCompiler: fastSerializer(startResponse),
      compress: false,
      onSend: compressInline,
      schema: {
        tags: ['quiz'],
        summary: 'Start a module mock test, subject quiz or topic quiz (or resume the running one)',
        description:
          'Draws the questions and writes the session as one row. A scope with a running attempt answers ' +
          'that attempt (200, "Assessment resumed") on any device; `startAfresh: true` submits it first ' +
          '(docs/product.md#running-attempts) only while the attempt it `replaces` (a slug) is still the running one: racing starts ' +
          'afresh make one new attempt, answered to each. 404 for an unknown exam, module, subject or topic (or one outside its parent); ' +
          '409 when no question is available.',
        body: createAssessmentBody,
        response: { 200: startResponse, 201: startResponse },
      },
    },
    async (request, reply) => {
      const started = await fastify.quiz.start(
        userIdOf(request),
        request.body,
        Date.now() - reply.elapsedTime,
      );
      // A drawn-ahead paper's response is written already (decision 0029): sent as it is, compressed.
      if ('json' in started)
        return (
          reply
            .status(201)
            .type('application/json; charset=utf-8')
            // A JSON string with a JSON content type passes Fastify's serializer untouched.
            .send(`{"message":${CREATED},"data":${started.json}}` as never)
        );
      const { resumed, ...data } = started;
      if (resumed) return reply.status(200).send({ message: quizMessages.resumed, data });
      return reply.status(201).send({ message: quizMessages.created, data });
    },
  );
};
export default createRoute;
