import {
  accountMessages as msg,
  apiPaths,
  emailBody,
  envelope,
  loginBody,
  logoutBody,
  messageOnly,
  OTP_RESEND_COOLDOWN_SECONDS,
  refreshBody,
  RESET_TOKEN_TTL_MINUTES,
  resetPasswordBody,
  resetTokenData,
  session,
  signupBody,
  verifyOtpBody,
} from '@ai-tutor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../../../plugins/app/authenticate.js';
import { errors, perClientLimit, classSizedLimit } from '../shared.js';

const authRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { accounts } = fastify;
  const tags = ['auth'];

  fastify.post(
    apiPaths.signup,
    {
      config: classSizedLimit,
      schema: {
        tags,
        summary: 'Register with an invite code; mails the verification code',
        body: signupBody,
        response: { 201: envelope(session), ...errors(400, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      const data = await accounts.signup(request.body);
      return reply.status(201).send({ message: msg.signedUp, data });
    },
  );

  fastify.post(
    apiPaths.login,
    {
      config: classSizedLimit,
      schema: {
        tags,
        summary: 'Sign in with email and password',
        description: '429 after too many failures (per account and per address); 503 when hashing is full.',
        body: loginBody,
        response: { 200: envelope(session), ...errors(400, 401, 429, 503) },
      },
    },
    async (request) => ({
      message: msg.loggedIn,
      data: await accounts.login(request.body.email, request.body.password, request.ip),
    }),
  );

  fastify.post(
    apiPaths.verifyUser,
    {
      preHandler: fastify.authenticate,
      config: classSizedLimit,
      schema: {
        tags,
        summary: 'Verify the account with the mailed code',
        security: [{ bearer: [] }],
        body: verifyOtpBody,
        response: { 200: envelope(session), ...errors(400, 401, 404, 409, 410, 429) },
      },
    },
    async (request) => ({
      message: msg.accountVerified,
      data: await accounts.verifyAccount(authOf(request), request.body.email, request.body.emailOtp),
    }),
  );

  fastify.post(
    apiPaths.resendUserOtp,
    {
      preHandler: fastify.authenticate,
      schema: {
        tags,
        summary: `Mail a new account verification code (once per ${OTP_RESEND_COOLDOWN_SECONDS} s)`,
        security: [{ bearer: [] }],
        response: { 200: messageOnly, ...errors(401, 404, 409, 429, 503) },
      },
    },
    async (request) => {
      await accounts.resendAccountCode(authOf(request));
      return { message: msg.otpSent, data: null };
    },
  );

  for (const path of [apiPaths.forgetPassword, apiPaths.resendOtp]) {
    fastify.post(
      path,
      {
        config: perClientLimit,
        schema: {
          tags,
          summary:
            path === apiPaths.forgetPassword
              ? 'Mail a password reset code (same answer for unknown addresses)'
              : `Mail a new password reset code (once per ${OTP_RESEND_COOLDOWN_SECONDS} s; same answer for unknown addresses)`,
          body: emailBody,
          response: { 200: messageOnly, ...errors(400, 429, 503) },
        },
      },
      async (request) => {
        await accounts.sendResetCode(request.body.email);
        return { message: msg.resetOtpSent, data: null };
      },
    );
  }

  fastify.post(
    apiPaths.verifyOtp,
    {
      config: perClientLimit,
      schema: {
        tags,
        summary: `Exchange the password reset code for a reset token (single use, ${RESET_TOKEN_TTL_MINUTES} minutes)`,
        body: verifyOtpBody,
        response: { 200: envelope(resetTokenData), ...errors(400, 429) },
      },
    },
    async (request) => ({
      message: msg.resetOtpVerified,
      data: { token: await accounts.verifyResetCode(request.body.email, request.body.emailOtp) },
    }),
  );

  fastify.post(
    apiPaths.resetPassword,
    {
      config: perClientLimit,
      schema: {
        tags,
        summary: 'Set a new password with a reset token; signs out every session',
        body: resetPasswordBody,
        response: { 200: messageOnly, ...errors(400, 429, 503) },
      },
    },
    async (request) => {
      await accounts.resetPassword(request.body.token, request.body.password);
      return { message: msg.passwordReset, data: null };
    },
  );

  fastify.post(
    apiPaths.refresh,
    {
      config: classSizedLimit,
      schema: {
        tags,
        summary: 'Rotate the refresh token; reuse of a rotated token revokes its family',
        body: refreshBody,
        response: { 200: envelope(session), ...errors(400, 401, 429) },
      },
    },
    async (request) => ({
      message: msg.sessionRefreshed,
      data: await accounts.refresh(request.body.refresh_token),
    }),
  );

  fastify.post(
    apiPaths.logout,
    {
      schema: {
        tags,
        summary: 'Sign out: revokes the refresh token family',
        body: logoutBody.optional(),
        response: { 200: messageOnly, ...errors(400) },
      },
    },
    async (request) => {
      await accounts.logout(request.body?.refresh_token);
      return { message: msg.loggedOut, data: null };
    },
  );
};
export default authRoutes;
