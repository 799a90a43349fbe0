import { DEFAULT_SUBJECT_LABEL, type Evaluation } from '@ai-tutor/contract';

export interface SubjectGroup {
  key: string;
  label: string;
  /** Positions in the whole quiz (question number − 1). */
  indexes: number[];
}

/** Questions grouped by subject, in the order subjects first appear; no subject → 'General'. */
export function groupBySubject(evaluations: Array<Pick<Evaluation, 'baseQuestion'>>): SubjectGroup[] {
  const groups = new Map<string, SubjectGroup>();
  evaluations.forEach((e, index) => {
    const subject = e.baseQuestion.subject;
    const key = subject?.id ?? '__general__';
    let group = groups.get(key);
    if (!group) {
      group = { key, label: subject?.name ?? DEFAULT_SUBJECT_LABEL, indexes: [] };
      groups.set(key, group);
    }
    group.indexes.push(index);
  });
  return [...groups.values()];
}
