import type { Assessment } from '@ai-tutor/contract';
import { Breadcrumbs, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/paths';

/** Exams › exam name (→ /exams/{examId}) › module and/or subject name. */
export function QuizBreadcrumbs({ assessment, examId }: { assessment: Assessment; examId: string }) {
  const last = [assessment.examModule?.name, assessment.subject?.name, assessment.topic?.name]
    .filter((name): name is string => Boolean(name))
    .join(' - ');
  return (
    <Breadcrumbs aria-label="breadcrumb" sx={{ mb: 1 }}>
      <Link component={RouterLink} to={paths.exams} underline="hover" color="inherit">
        Exams
      </Link>
      <Link component={RouterLink} to={paths.exam(examId)} underline="hover" color="inherit">
        {assessment.exam.name}
      </Link>
      <Typography color="text.primary" aria-current="page">
        {last || (assessment.mode === 'review' ? 'Review' : 'Practice')}
      </Typography>
    </Breadcrumbs>
  );
}
