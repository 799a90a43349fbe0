import {
  adminLiveTestPaths as paths,
  type AdminLiveTestDetail,
  type AdminLiveTestPage,
  type CreateLiveTestBody,
  type ReopenBody,
  type ScheduledLiveTest,
  type UpdateLiveTestBody,
} from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';

const withId = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));

/** The console's live tests (no cache tags: the screens refetch what a write changed). */
export const liveTestsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLiveTests: build.query<AdminLiveTestPage, { page: number; limit: number }>({
      query: (params) => ({ url: paths.list, params }),
      keepUnusedDataFor: 0,
    }),
    getLiveTest: build.query<AdminLiveTestDetail, string>({
      query: (id) => ({ url: withId(paths.one, id) }),
      keepUnusedDataFor: 0,
    }),
    scheduleLiveTest: build.mutation<ScheduledLiveTest, CreateLiveTestBody>({
      query: (body) => ({ url: paths.list, method: 'POST', body }),
    }),
    updateLiveTest: build.mutation<AdminLiveTestDetail, UpdateLiveTestBody & { id: string }>({
      query: ({ id, ...body }) => ({ url: withId(paths.one, id), method: 'PATCH', body }),
    }),
    cancelLiveTest: build.mutation<AdminLiveTestDetail, string>({
      query: (id) => ({ url: withId(paths.cancel, id), method: 'POST' }),
    }),
    reopenLiveTest: build.mutation<AdminLiveTestDetail, ReopenBody & { id: string }>({
      query: ({ id, ...body }) => ({ url: withId(paths.reopen, id), method: 'POST', body }),
    }),
    releaseLiveTest: build.mutation<AdminLiveTestDetail, string>({
      query: (id) => ({ url: withId(paths.release, id), method: 'POST' }),
    }),
  }),
});
export const {
  useGetLiveTestsQuery,
  useGetLiveTestQuery,
  useScheduleLiveTestMutation,
  useUpdateLiveTestMutation,
  useCancelLiveTestMutation,
  useReopenLiveTestMutation,
  useReleaseLiveTestMutation,
} = liveTestsApi;
