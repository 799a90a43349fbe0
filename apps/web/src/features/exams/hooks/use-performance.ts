import type { PerformanceRecord } from '@ai-tutor/contract';
import { useMemo } from 'react';
import { useGetUserRecordsQuery } from '../api/get-user-records';

/**
 * The learner's records indexed by module, subject and topic id. Fetched afresh on each visit, so
 * scores are current after a quiz.
 */
export function usePerformance() {
  const query = useGetUserRecordsQuery(undefined, { refetchOnMountOrArgChange: true });
  const index = useMemo(() => {
    const modules = new Map<string, PerformanceRecord>();
    const subjects = new Map<string, PerformanceRecord>();
    const topics = new Map<string, PerformanceRecord>();
    for (const record of query.data ?? []) {
      if (record.examModule) modules.set(record.examModule.id, record);
      if (record.subject) subjects.set(record.subject.id, record);
      if (record.topic) topics.set(record.topic.id, record);
    }
    return { modules, subjects, topics };
  }, [query.data]);
  return {
    module: (id: string) => index.modules.get(id),
    subject: (id: string) => index.subjects.get(id),
    topic: (id: string) => index.topics.get(id),
    isLoading: query.isLoading,
    isError: query.isError,
    refetch: query.refetch,
  };
}
export type Performance = ReturnType<typeof usePerformance>;
