import { errorEnvelope } from '@ai-tutor/contract';
import type { AiProvider } from '../../services/ai/provider.js';
import type { LinkedinService } from '../../services/linkedin/linkedin-service.js';
import type { PostsContext } from '../../services/posts/posts-service.js';

export interface AiRouteOptions {
  ai: AiProvider;
  posts: PostsContext;
  linkedin: LinkedinService;
}

/** Documented failure answers: `{message, data: null, errors?}`. */
export const errors = (...statuses: (400 | 401 | 403 | 404 | 409 | 429 | 502 | 503)[]) =>
  Object.fromEntries(statuses.map((status) => [status, errorEnvelope])) as Record<
    number,
    typeof errorEnvelope
  >;
