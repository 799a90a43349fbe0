import type { ModuleSummary } from '@ai-tutor/contract';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import { paths } from '../../../lib/paths';
import { tutorPaths } from '../../../lib/tutor-paths';
import {
  figure,
  formatAverage,
  formatSize,
  formatTotalMarks,
  mockTestInstructions,
  statsOf,
} from '../format';
import type { Performance } from '../hooks/use-performance';
import type { QuizTarget } from '../hooks/use-start-quiz';
import { ScoreTrend } from './ScoreTrend';
import { NegativeAverageNote } from './PerformanceStatus';
import { StatTile } from './StatTile';
import { SubjectCard } from './SubjectCard';

interface ModuleCardProps {
  examSlug: string;
  module: ModuleSummary;
  performance: Performance;
  onStart: (target: QuizTarget) => void;
}

/** A module: 'Start Mock Test', its four stat tiles and a card per subject. */
export function ModuleCard({ examSlug, module, performance, onStart }: ModuleCardProps) {
  const nameId = useId();
  const stats = statsOf(performance.module(module._id));
  const size = formatSize(module.questionCount, module.durationMinutes);
  return (
    <Card component="section" aria-labelledby={nameId}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2.5, p: { xs: 2, sm: 3 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'center' } }}
        >
          <Box>
            <Typography id={nameId} variant="h5" component="h2" sx={{ fontWeight: 700 }}>
              {module.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Mock test: {size}
            </Typography>
          </Box>
          <Button
            variant="contained"
            size="large"
            onClick={() =>
              onStart({
                label: `${module.name} — mock test`,
                size,
                to: paths.quiz(examSlug, 'module', module.slug),
                instructions: mockTestInstructions(module),
                practiceTo: tutorPaths.practice(examSlug, 'module', module.slug),
              })
            }
          >
            Start Mock Test
          </Button>
        </Stack>

        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
            gap: { xs: 1, sm: 2 },
          }}
        >
          <StatTile label="Average Score" value={figure(stats, formatAverage(stats.averageScore))} />
          <StatTile
            label="Attempts"
            value={String(stats.attempts)}
            to={paths.attempts('exam_module', module.slug)}
            linkLabel={`view ${module.name} attempts`}
          />
          <StatTile label="Total Marks" value={figure(stats, formatTotalMarks(stats))} />
          <StatTile label="Highest Score" value={figure(stats, String(stats.highestScore))} />
        </Box>

        {stats.attempts > 0 && <NegativeAverageNote averageScore={stats.averageScore} />}
        <ScoreTrend percentages={performance.module(module._id)?.recentPercentages} />

        {module.subjects.length > 0 && (
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: {
                xs: 'minmax(0, 1fr)',
                sm: 'repeat(2, minmax(0, 1fr))',
                lg: 'repeat(3, minmax(0, 1fr))',
              },
              gap: 2,
            }}
          >
            {module.subjects.map((subject) => (
              <SubjectCard
                key={subject._id}
                examSlug={examSlug}
                moduleSlug={module.slug}
                subject={subject}
                performance={performance}
                onStart={onStart}
              />
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
