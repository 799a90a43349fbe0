import type { ExamDetail } from '@ai-tutor/contract';
import { Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/paths';

/** One exam on /exams: its name, what it covers, and 'Show Details' → /exams/{slug}. */
export function ExamCard({ exam }: { exam: ExamDetail }) {
  const nameId = useId();
  const subjects = [...new Set(exam.modules.flatMap((m) => m.subjects.map((s) => s.name)))];
  return (
    <Card
      component="article"
      aria-labelledby={nameId}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography id={nameId} variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {exam.name}
        </Typography>
        {subjects.length > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {subjects.join(' · ')}
          </Typography>
        )}
        {exam.description && (
          <Typography variant="body2" sx={{ mt: 1.5 }}>
            {exam.description}
          </Typography>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button
          variant="contained"
          component={RouterLink}
          to={paths.exam(exam.slug)}
          aria-describedby={nameId}
        >
          Show Details
        </Button>
      </CardActions>
    </Card>
  );
}
