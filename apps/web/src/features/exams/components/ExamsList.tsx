import { EXAMS_PAGE_SIZE, EXAMS_START_PAGE, type ExamsList as ExamsListData } from '@ai-tutor/contract';
import { Box, Button, Stack } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useGetExamsQuery } from '../api/get-exams';
import { ExamCard } from './ExamCard';
import { LoadError } from './LoadError';
import { Loading } from './Loading';

const grid = {
  display: 'grid',
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
  gap: 2,
} as const;

/** One further page of exams (page 2 on), fetched once it is wanted. */
function MoreExams({ page }: { page: number }) {
  const { data, error, isFetching, refetch } = useGetExamsQuery({ page, limit: EXAMS_PAGE_SIZE });
  if (error && !isFetching)
    return <LoadError error={error} what="more exams" onRetry={() => void refetch()} />;
  if (!data) return <Loading label="Loading more exams…" />;
  return (
    <Box sx={grid}>
      {data.exams.map((exam) => (
        <ExamCard key={exam.slug} exam={exam} />
      ))}
    </Box>
  );
}

/**
 * The exams after the first page: each next page of four is fetched as the end of the list scrolls
 * into view (IntersectionObserver), or with 'Show more exams' (keyboards, and browsers without it).
 * The first page's request is the list's own, page 1 of 4, unchanged.
 */
export function ExamsList({ first }: { first: ExamsListData }) {
  const [pages, setPages] = useState(EXAMS_START_PAGE);
  const pageCount = Math.max(1, Math.ceil(first.total / EXAMS_PAGE_SIZE));
  const more = pages < pageCount;
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = end.current;
    if (!more || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setPages((n) => Math.min(pageCount, n + 1));
      },
      { rootMargin: '200px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [more, pageCount, pages]);

  return (
    <Stack spacing={2}>
      <Box sx={grid}>
        {first.exams.map((exam) => (
          <ExamCard key={exam.slug} exam={exam} />
        ))}
      </Box>
      {Array.from({ length: pages - EXAMS_START_PAGE }, (_, i) => (
        <MoreExams key={i} page={EXAMS_START_PAGE + 1 + i} />
      ))}
      {more && (
        <Box ref={end} sx={{ alignSelf: 'center' }}>
          <Button variant="outlined" onClick={() => setPages((n) => Math.min(pageCount, n + 1))}>
            Show more exams
          </Button>
        </Box>
      )}
    </Stack>
  );
}
