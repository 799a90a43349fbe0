import {
  adminApiPaths,
  type Batch,
  type BatchDetail,
  type BatchWriteResult,
  type CreateBatchBody,
  type LearnersPage,
  type LearnersQuery,
  type LearnerStatusBody,
  type UpdateBatchBody,
} from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';

const withId = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));

/*
 * The console's batches and learners. No cache tags: the learner's api slice would carry them, so the
 * screens refetch what a write changed themselves (the lists are read fresh each time anyway).
 */
export const batchesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBatches: build.query<{ rows: Batch[]; total: number }, { page: number; limit: number }>({
      query: (params) => ({ url: adminApiPaths.batches, params }),
      keepUnusedDataFor: 0,
    }),
    getBatch: build.query<BatchDetail, string>({
      query: (id) => ({ url: withId(adminApiPaths.batch, id) }),
      keepUnusedDataFor: 0,
    }),
    createBatch: build.mutation<BatchWriteResult, CreateBatchBody>({
      query: (body) => ({ url: adminApiPaths.batches, method: 'POST', body }),
    }),
    updateBatch: build.mutation<BatchWriteResult, UpdateBatchBody & { id: string }>({
      query: ({ id, ...body }) => ({ url: withId(adminApiPaths.batch, id), method: 'PATCH', body }),
    }),
    getLearners: build.query<LearnersPage, LearnersQuery>({
      query: (params) => ({ url: adminApiPaths.learners, params }),
      keepUnusedDataFor: 0,
    }),
    setLearnerStatus: build.mutation<{ id: string; disabled: boolean }, LearnerStatusBody & { id: string }>({
      query: ({ id, ...body }) => ({ url: withId(adminApiPaths.learnerStatus, id), method: 'PUT', body }),
    }),
  }),
});
export const {
  useGetBatchesQuery,
  useGetBatchQuery,
  useCreateBatchMutation,
  useUpdateBatchMutation,
  useGetLearnersQuery,
  useSetLearnerStatusMutation,
} = batchesApi;
