import fp from 'fastify-plugin';
import {
  generatePost,
  getAchievement,
  listPosts,
  regeneratePost,
  sharePost,
  updatePost,
  type PostsContext,
} from '../../services/posts/posts-service.js';

/** The achievement-post flows (services/posts/posts-service.ts) bound to one app's db, AI and public URL. */
export function createPostsService(ctx: PostsContext) {
  return {
    list: (userId: string) => listPosts(ctx, userId),
    generate: (userId: string, assessmentSlug: string) => generatePost(ctx, userId, assessmentSlug),
    regenerate: (userId: string, postId: string) => regeneratePost(ctx, userId, postId),
    share: (userId: string, postId: string) => sharePost(ctx, userId, postId),
    update: (userId: string, postId: string, content: string) => updatePost(ctx, userId, postId, content),
    achievement: (postId: string) => getAchievement(ctx.db, postId),
  };
}
export type PostsService = ReturnType<typeof createPostsService>;

declare module 'fastify' {
  interface FastifyInstance {
    posts: PostsService;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate(
      'posts',
      createPostsService({ db: fastify.db, ai: fastify.ai, publicUrl: fastify.config.publicUrl }),
    );
  },
  { name: 'posts', dependencies: ['config', 'database', 'ai'] },
);
