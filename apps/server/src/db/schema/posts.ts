import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';
import { users } from './accounts.js';
import { assessments } from './quiz.js';

/** AI posts and the LinkedIn connection. */

export const posts = pgTable(
  'posts',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assessmentId: uuid('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    status: text('status').$type<'draft' | 'published'>().notNull().default('draft'),
    aiGenerated: boolean('ai_generated').notNull().default(false),
    linkedinUrn: text('linkedin_urn'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** When the learner chose to share the post by hand (copied it): from then on its page is public. */
    sharedAt: timestamp('shared_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('posts_user').on(t.userId)],
);

export const linkedinConnections = pgTable('linkedin_connections', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  memberId: text('member_id').notNull(),
  accessTokenEncrypted: text('access_token_encrypted').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  createdAt: createdAt(),
});
