import { z } from 'zod';

/** `:slug` of an assessment. Bounded so a junk path never reaches the database. */
export const slugParams = z.object({ slug: z.string().min(1).max(64) });
