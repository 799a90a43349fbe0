import type { FastifyRequest } from 'fastify';
import { staffOf } from '../../../../../plugins/app/console.js';

/** A teacher reaches the tests of their batches; admins and editors (undefined) every test. */
export const reachOf = (request: FastifyRequest) => {
  const staff = staffOf(request);
  return staff.roles.includes('admin') || staff.roles.includes('editor') ? undefined : staff.userId;
};
