import { accountMessages, consoleMessages, type StaffRole } from '@ai-tutor/contract';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { users } from '../../db/schema.js';
import { forbidden, unauthorized } from '../../lib/errors.js';
import type { Actor } from '../../services/console/audit-repository.js';
import { rolesRepository } from '../../services/console/roles-repository.js';

/** The signed-in operator of a console request: who they are and the roles they hold. */
export interface Staff {
  userId: string;
  email: string;
  roles: StaffRole[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * preHandler of every `/api/v1/admin/…` route: 401 without a valid token, 403 for a signed-in
     * user holding none of `roles` (admin holds every role). Read from the database on each request,
     * so a revoked role or an ended session stops working at once.
     */
    requireRole: (...roles: StaffRole[]) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    staff: Staff | null;
  }
}

/** The operator of a request behind requireRole. */
export function staffOf(request: FastifyRequest): Staff {
  if (!request.staff) throw unauthorized();
  return request.staff;
}

/** The operator as the audit log names them. */
export const actorOf = (request: FastifyRequest): Actor => {
  const staff = staffOf(request);
  return { userId: staff.userId, label: staff.email };
};

export default fp(
  async (fastify) => {
    fastify.decorateRequest('staff', null);
    fastify.decorate('requireRole', (...allowed: StaffRole[]) => async (request: FastifyRequest, reply) => {
      await fastify.authenticate(request, reply);
      const auth = request.auth!;
      const [user] = await fastify.db
        .select({ email: users.email, generation: users.sessionGeneration, verified: users.verified })
        .from(users)
        .where(eq(users.id, auth.userId));
      if (!user || user.generation !== auth.sessionGeneration)
        throw unauthorized(accountMessages.sessionInvalid);
      const roles = await rolesRepository.of(fastify.db, auth.userId);
      const permitted = roles.includes('admin') || roles.some((role) => allowed.includes(role));
      if (!permitted || !user.verified) throw forbidden(consoleMessages.roleRequired);
      request.staff = { userId: auth.userId, email: user.email, roles };
    });
  },
  { name: 'console', dependencies: ['database', 'authenticate'] },
);
