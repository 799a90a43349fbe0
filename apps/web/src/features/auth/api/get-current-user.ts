import { apiPaths, type User } from '@ai-tutor/contract';
import { callApi, type ApiResult, type CallContext } from '../../../lib/base-query';

/** GET /v1/users/current at startup, through the one base query (main.tsx starts it before the first render). */
export const getCurrentUser = (context: CallContext): Promise<ApiResult<User>> =>
  callApi<User>(apiPaths.currentUser, context);
