import { accountMessages } from '@ai-tutor/contract';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { serviceUnavailable } from '../../lib/errors.js';
import type { Mail } from '../../lib/mail.js';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: { send: (mail: Mail) => Promise<void>; mode: 'smtp' | 'log' };
  }
}

/**
 * With SMTP_URL, real mail through nodemailer; without it, each mail is written to the server log (the
 * dev mail log) so a newcomer can read the code there. A failed send is a 503, never a silent success.
 */
export default fp(
  async (fastify) => {
    const { smtpUrl, from } = fastify.config.mail;
    if (!smtpUrl) {
      // Printed as a plain block (not a JSON log line) so a newcomer can read the code at a glance.
      const quiet = fastify.config.logLevel === 'silent';
      fastify.decorate('mailer', {
        mode: 'log' as const,
        send: async (mail: Mail) => {
          if (quiet) return;
          const rule = '-'.repeat(72);
          process.stdout.write(
            `\n${rule}\nDev mail (SMTP_URL is not set) to ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n${rule}\n\n`,
          );
        },
      });
      return;
    }
    const transport = nodemailer.createTransport(smtpUrl);
    fastify.addHook('onClose', async () => transport.close());
    fastify.decorate('mailer', {
      mode: 'smtp' as const,
      send: async (mail: Mail) => {
        try {
          await transport.sendMail({ from, ...mail });
        } catch (error) {
          fastify.log.error({ err: { message: (error as Error).message } }, 'mail delivery failed');
          throw serviceUnavailable(accountMessages.mailUnavailable);
        }
      },
    });
  },
  { name: 'mailer', dependencies: ['config'] },
);
