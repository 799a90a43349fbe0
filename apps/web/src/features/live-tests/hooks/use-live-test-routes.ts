import { useMemo } from 'react';
import { liveQuizPath } from '../../../lib/live-quiz-path';
import { useGetScheduledTestsQuery } from '../api/get-scheduled-tests';

/**
 * The quiz route of each live test the learner has running, by session slug: the running-attempts list
 * does not say which attempts are live tests, and a live test resumes on its own route (`?live=`), not
 * on its module's mock-test route.
 */
export function useLiveTestRoutes(examSlug: string | undefined): Map<string, string> {
  const { data } = useGetScheduledTestsQuery(examSlug, { refetchOnMountOrArgChange: true });
  return useMemo(
    () =>
      new Map(
        (data?.live ?? []).flatMap((t) =>
          t.you.state === 'running'
            ? [[t.you.slug, liveQuizPath(t.exam.slug, t.module.slug, t.id)] as const]
            : [],
        ),
      ),
    [data],
  );
}
