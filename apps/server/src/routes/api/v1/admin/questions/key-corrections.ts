import {
  adminApiPaths,
  adminQuestionParams,
  envelope,
  keyCorrectionBody,
  keyCorrectionMessages,
  keyCorrectionResult,
} from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../../../lib/errors.js';
import { actorOf, staffOf } from '../../../../../plugins/app/console.js';
import { keyFromChoice } from '../../../../../services/quiz/key-choice.js';
import { CorrectionError } from '../../../../../services/quiz/key-corrections.js';
import { errors } from '../../shared.js';

/**
 * A key correction from the console (docs/product.md#key-corrections): the CLI's `keys correct|drop`
 * through the same service. `dryRun` answers what would change and writes nothing.
 */
const adminKeyCorrectionsRoute: FastifyPluginAsyncZod = async (fastify) => {
  fastify.post(
    adminApiPaths.keyCorrections,
    {
      onRequest: fastify.requireRole('editor'),
      schema: {
        tags: ['admin'],
        summary: 'Correct a question’s key or drop it, or see what that would do (editor)',
        description:
          'One of `{answer}` (single; a typed-answer question’s accepted text), `{answers}` (multiple; ' +
          'a typed-answer question’s accepted texts), `{value, tolerance?}` or `{range: [min, max]}` ' +
          '(numerical), `{drop: true}`; with a `reason`. `dryRun: true` answers every session whose score ' +
          'would change (learner, score before and after) and, per ranked live test with the question, ' +
          'the takers whose rank would move, and writes nothing, not even an audit row. Without it the ' +
          'same is applied in one transaction: sessions rescored and their learners told on their ' +
          'results, records rebuilt, live tests re-ranked, open reports resolved, one audit row.',
        security: [{ bearer: [] }],
        params: adminQuestionParams,
        body: keyCorrectionBody,
        response: { 200: envelope(keyCorrectionResult), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { reason, dryRun, ...choice } = request.body;
      const actor = actorOf(request);
      try {
        const { question: _text, ...data } = await fastify.quiz.correctKey({
          questionId: request.params.id,
          ...('drop' in choice ? {} : { key: keyFromChoice(choice)! }),
          reason,
          operator: staffOf(request).email,
          actor,
          dryRun: dryRun ?? false,
        });
        return {
          message: data.dryRun
            ? keyCorrectionMessages.dryRun
            : data.after === null
              ? keyCorrectionMessages.dropped(data.changed)
              : keyCorrectionMessages.applied(data.changed),
          data,
        };
      } catch (error) {
        if (error instanceof CorrectionError)
          throw new AppError(
            error.status,
            error.status === 404 ? keyCorrectionMessages.questionNotFound : error.message,
          );
        throw error;
      }
    },
  );
};
export default adminKeyCorrectionsRoute;
