import { accommodationsPath, type Accommodations } from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';

/** GET /api/v1/users/me/accommodations — the extra time the learner's institute gave them. */
export const getAccommodationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAccommodations: build.query<Accommodations, void>({
      query: () => accommodationsPath,
      keepUnusedDataFor: 60,
    }),
  }),
});
export const { useGetAccommodationsQuery } = getAccommodationsApi;
