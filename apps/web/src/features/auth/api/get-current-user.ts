import { apiPaths, type User } from '@ai-tutor/contract';
import { request, type ApiResult, type RequestContext } from '../../../lib/http';

/** GET /v1/users/current at startup (a plain call: the first page does not load RTK Query). */
export const getCurrentUser = (context: RequestContext): Promise<ApiResult<{ data: User }>> =>
  request<{ data: User }>({ url: apiPaths.currentUser }, context);
