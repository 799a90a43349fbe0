import { adminApiPaths, type AuditPage, type AuditQuery } from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';

/** GET /api/v1/admin/audit: a page of the audit log, newest first, filtered by actor and object. */
export const getAuditApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAudit: build.query<AuditPage, AuditQuery>({
      query: (params) => ({ url: adminApiPaths.audit, params }),
      keepUnusedDataFor: 0,
    }),
  }),
});
export const { useGetAuditQuery } = getAuditApi;
