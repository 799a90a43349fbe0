import type { PerformanceRecord, TopicMastery } from '@ai-tutor/contract';
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
    const mastery = new Map<string, TopicMastery>();
    for (const record of query.data?.records ?? []) {
      if (record.examModule) modules.set(record.examModule.id, record);
      if (record.subject) subjects.set(record.subject.id, record);
      if (record.topic) topics.set(record.topic.id, record);
    }
    for (const entry of query.data?.mastery ?? []) mastery.set(entry.topic.id, entry);
    return { modules, subjects, topics, mastery };
  }, [query.data]);
  return {
    module: (id: string) => index.modules.get(id),
    subject: (id: string) => index.subjects.get(id),
    topic: (id: string) => index.topics.get(id),
    /** Mastery of a topic (0–100 and the answers it rests on); undefined before any answer. */
    mastery: (topicId: string) => index.mastery.get(topicId),
    isLoading: query.isLoading,
    isError: query.isError,
    refetch: query.refetch,
  };
}
export type Performance = ReturnType<typeof usePerformance>;
