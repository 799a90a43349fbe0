import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import adminChannel from './admin/index.js';
import healthRoutes from './health.js';
import adminAuditRoute from './v1/admin/audit.js';
import adminBatchesRoutes from './v1/admin/batches.js';
import adminLearnersRoutes from './v1/admin/learners.js';
import adminLearnerDeleteRoute from './v1/admin/learner-delete.js';
import achievementsRoutes from './v1/achievements.js';
import assessmentDetailsRoute from './v1/assessment/details.js';
import assessmentResultRoute from './v1/assessment/get-session.js';
import assessmentCreateRoute from './v1/assessment/index.js';
import assessmentRunningRoute from './v1/assessment/running.js';
import assessmentRecentRoute from './v1/assessment/recent.js';
import assessmentSessionRoute from './v1/assessment/session.js';
import assessmentSubmitRoute from './v1/assessment/submit.js';
import authRoutes from './v1/auth/index.js';
import authLinkedinRoutes from './v1/auth/linkedin.js';
import configRoutes from './v1/config.js';
import evaluationCheckRoute from './v1/evaluations/check.js';
import evaluationExplainRoute from './v1/evaluations/explain.js';
import evaluationHintRoute from './v1/evaluations/hint.js';
import evaluationsRoutes from './v1/evaluations/index.js';
import examsRoutes from './v1/exams.js';
import invitecodeRoutes from './v1/invitecode.js';
import linkedinRoutes from './v1/linkedin.js';
import mediaRoutes from './v1/media.js';
import mistakesRoutes from './v1/mistakes.js';
import postRoutes from './v1/post.js';
import scheduledTestsRoute from './v1/scheduled-tests/index.js';
import scheduledTestRankingRoute from './v1/scheduled-tests/ranking.js';
import questionReportsRoute from './v1/questions/reports.js';
import reviewSummaryRoute from './v1/review/summary.js';
import userRecordsRoutes from './v1/user-records.js';
import usersRoutes from './v1/users.js';
import myDataRoutes from './v1/users/me.js';
import googleRoutes from './v2/auth/google.js';

/**
 * Every API route, under /api. The folders follow the URL: `/api/v1/evaluations/:id/explain` is
 * v1/evaluations/explain.ts, `/api/v1/assessment` is v1/assessment/index.ts, `/api/v1/exams/:slug` is
 * v1/exams.ts (the deepest file named by the path's segments). Routes take no options: they reach their
 * services as fastify.<service> (plugins/app/, docs/decisions/0009).
 */
const apiRoutes: FastifyPluginAsyncZod = async (api) => {
  await api.register(healthRoutes);
  await api.register(configRoutes);
  await api.register(authRoutes);
  await api.register(googleRoutes);
  await api.register(usersRoutes);
  await api.register(myDataRoutes);
  await api.register(invitecodeRoutes);
  await api.register(examsRoutes);
  await api.register(mediaRoutes);
  await api.register(userRecordsRoutes);
  await api.register(assessmentCreateRoute);
  await api.register(assessmentRunningRoute);
  await api.register(assessmentRecentRoute);
  await api.register(assessmentSessionRoute);
  await api.register(evaluationsRoutes);
  await api.register(assessmentSubmitRoute);
  await api.register(assessmentResultRoute);
  await api.register(assessmentDetailsRoute);
  await api.register(evaluationExplainRoute);
  await api.register(scheduledTestsRoute);
  await api.register(scheduledTestRankingRoute);
  await api.register(evaluationCheckRoute);
  await api.register(evaluationHintRoute);
  await api.register(reviewSummaryRoute);
  await api.register(mistakesRoutes);
  await api.register(questionReportsRoute);
  await api.register(postRoutes);
  await api.register(linkedinRoutes);
  await api.register(authLinkedinRoutes);
  await api.register(achievementsRoutes);
  await api.register(adminAuditRoute);
  await api.register(adminBatchesRoutes);
  await api.register(adminLearnersRoutes);
  await api.register(adminLearnerDeleteRoute);
  await api.register(adminChannel);
};
export default apiRoutes;
