import type { ExamsList } from '@ai-tutor/contract';
import { lazy, Suspense, useMemo } from 'react';
import { useGetExamsQuery } from '../../features/exams/api/get-exams';
import { MistakesScreen } from '../../features/mistakes/components/MistakesScreen';
import type { FilterCatalogue, MistakeView } from '../../features/mistakes/types';

// The AI tutor's button comes with its own chunk, on the notebook's first entry.
const AskTutorButton = lazy(() =>
  import('../../features/explain/components/AskTutorButton').then((m) => ({ default: m.AskTutorButton })),
);

/** The most exams the catalogue call gives at once: every exam a learner could filter by. */
const ALL_EXAMS = { page: 1, limit: 50 } as const;

/** Exams → subjects (one per slug, across modules) → topics: the notebook's filter choices. */
function catalogueOf(list: ExamsList | undefined): FilterCatalogue | undefined {
  if (!list) return undefined;
  return {
    exams: list.exams.map((exam) => {
      const subjects = new Map<string, FilterCatalogue['exams'][number]['subjects'][number]>();
      for (const module of exam.modules)
        for (const subject of module.subjects)
          if (!subjects.has(subject.slug))
            subjects.set(subject.slug, {
              slug: subject.slug,
              name: subject.name,
              topics: subject.topics.map((t) => ({ slug: t.slug, name: t.name })),
            });
      return { slug: exam.slug, name: exam.name, subjects: [...subjects.values()] };
    }),
  };
}

function askTutor(mistake: MistakeView) {
  if (!mistake.evaluationId) return null;
  return (
    <Suspense fallback={null}>
      <AskTutorButton evaluationId={mistake.evaluationId} />
    </Suspense>
  );
}

/** /mistakes — the notebook (mistakes feature) with the catalogue's filters and the AI tutor composed in. */
export default function MistakesPage() {
  const { data } = useGetExamsQuery(ALL_EXAMS);
  const catalogue = useMemo(() => catalogueOf(data), [data]);
  return <MistakesScreen catalogue={catalogue} askTutor={askTutor} />;
}
