import {
  adminPeoplePaths,
  type AccommodationsBody,
  type AccommodationsResult,
  type CreatedInvite,
  type CreateInviteBody,
  type CsvMembersMode,
  type CsvMembersResult,
  type DraftsDecision,
  type DraftsPage,
  type DraftsQuery,
  type InviteRow,
  type InvitesPage,
} from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';

const withId = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));

/** Members by CSV, invite codes, accommodations and drafts. No cache tags, as in ./batches.ts. */
export const peopleApi = api.injectEndpoints({
  endpoints: (build) => ({
    uploadMembersCsv: build.mutation<CsvMembersResult, { id: string; csv: string; mode: CsvMembersMode }>({
      query: ({ id, csv, mode }) => ({
        url: withId(adminPeoplePaths.batchMembers, id),
        method: 'POST',
        params: { mode },
        body: { csv },
      }),
    }),
    getInvites: build.query<InvitesPage, { page: number; limit: number }>({
      query: (params) => ({ url: adminPeoplePaths.invites, params }),
      keepUnusedDataFor: 0,
    }),
    createInvite: build.mutation<CreatedInvite, CreateInviteBody>({
      query: (body) => ({ url: adminPeoplePaths.invites, method: 'POST', body }),
    }),
    revokeInvite: build.mutation<InviteRow, string>({
      query: (id) => ({ url: withId(adminPeoplePaths.inviteRevoke, id), method: 'POST', body: {} }),
    }),
    setAccommodations: build.mutation<AccommodationsResult, AccommodationsBody & { id: string }>({
      query: ({ id, ...body }) => ({ url: withId(adminPeoplePaths.accommodations, id), method: 'PUT', body }),
    }),
    getDrafts: build.query<DraftsPage, DraftsQuery>({
      query: (params) => ({ url: adminPeoplePaths.drafts, params }),
      keepUnusedDataFor: 0,
    }),
    decideDrafts: build.mutation<DraftsDecision, { decision: 'approve' | 'reject'; ids: string[] }>({
      query: ({ decision, ids }) => ({
        url: decision === 'approve' ? adminPeoplePaths.draftsApprove : adminPeoplePaths.draftsReject,
        method: 'POST',
        body: { ids },
      }),
    }),
  }),
});
export const {
  useUploadMembersCsvMutation,
  useGetInvitesQuery,
  useCreateInviteMutation,
  useRevokeInviteMutation,
  useSetAccommodationsMutation,
  useGetDraftsQuery,
  useDecideDraftsMutation,
} = peopleApi;
