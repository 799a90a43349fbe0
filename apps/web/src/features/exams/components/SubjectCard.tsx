import type { SubjectSummary } from '@ai-tutor/contract';
import { Box, Button, Card, CardContent, Divider, List, ListItem, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/paths';
import { tutorPaths } from '../../../lib/tutor-paths';
import { figure, formatAverage, formatSize, formatTotalMarks, statsOf } from '../format';
import type { Performance } from '../hooks/use-performance';
import type { QuizTarget } from '../hooks/use-start-quiz';
import { MasteryBar } from './MasteryBar';
import { PerformanceStatus } from './PerformanceStatus';
import { ScoreTrend } from './ScoreTrend';
import { StatTile } from './StatTile';

interface SubjectCardProps {
  examSlug: string;
  moduleSlug: string;
  subject: SubjectSummary;
  performance: Performance;
  onStart: (target: QuizTarget) => void;
}

/**
 * A subject: Performance Status, Average Score, Attempts (→ its attempts), Total Marks, Highest Score,
 * 'Start Subject Quiz', and its topics, each with its own quiz.
 */
export function SubjectCard({ examSlug, moduleSlug, subject, performance, onStart }: SubjectCardProps) {
  const nameId = useId();
  const topicsId = useId();
  const stats = statsOf(performance.subject(subject._id));
  // Weak topics need answers to tell them apart: offered once a topic of the subject has mastery.
  const answered = subject.topics.some((topic) => performance.mastery(topic._id));
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={nameId}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Box>
          <Typography id={nameId} variant="h6" component="h3" sx={{ fontWeight: 700 }}>
            {subject.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Subject quiz: {formatSize(subject.questionCount, subject.durationMinutes)}
          </Typography>
        </Box>
        <PerformanceStatus averageScore={stats.averageScore} attempts={stats.attempts} />
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1 }}>
          <StatTile dense label="Average Score" value={figure(stats, formatAverage(stats.averageScore))} />
          <StatTile
            dense
            label="Attempts"
            value={String(stats.attempts)}
            to={paths.attempts('subject', subject.slug)}
            linkLabel={`view ${subject.name} attempts`}
          />
          <StatTile dense label="Total Marks" value={figure(stats, formatTotalMarks(stats))} />
          <StatTile dense label="Highest Score" value={figure(stats, String(stats.highestScore))} />
        </Box>
        <ScoreTrend percentages={performance.subject(subject._id)?.recentPercentages} />
        <Button
          variant="contained"
          fullWidth
          onClick={() =>
            onStart({
              label: `${subject.name} — subject quiz`,
              size: formatSize(subject.questionCount, subject.durationMinutes),
              to: paths.quiz(examSlug, 'subject', moduleSlug, subject.slug),
              practiceTo: tutorPaths.practice(examSlug, 'subject', moduleSlug, subject.slug),
            })
          }
        >
          Start Subject Quiz
        </Button>
        {answered && (
          <Button
            variant="outlined"
            fullWidth
            component={RouterLink}
            to={tutorPaths.practice(examSlug, 'adaptive', moduleSlug, subject.slug)}
            aria-label={`Practice weak topics: ${subject.name}`}
          >
            Practice weak topics
          </Button>
        )}

        {subject.topics.length > 0 && (
          <Box>
            <Divider sx={{ mb: 1 }} />
            <Typography id={topicsId} variant="subtitle2" component="h4">
              Topics
            </Typography>
            <List dense disablePadding aria-labelledby={topicsId}>
              {subject.topics.map((topic) => {
                const record = performance.topic(topic._id);
                const mastery = performance.mastery(topic._id);
                return (
                  <ListItem key={topic._id} disableGutters divider sx={{ gap: 1, alignItems: 'center' }}>
                    <Stack sx={{ flexGrow: 1, minWidth: 0 }}>
                      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                        {topic.name}
                      </Typography>
                      {record && record.attempt > 0 && (
                        <Typography variant="caption" color="text.secondary">
                          Average {formatAverage(record.averageScore)} · {record.attempt} attempt
                          {record.attempt === 1 ? '' : 's'}
                        </Typography>
                      )}
                      {mastery && (
                        <MasteryBar topic={topic.name} value={mastery.mastery} answers={mastery.answers} />
                      )}
                    </Stack>
                    <Button
                      size="small"
                      variant="outlined"
                      aria-label={`Start Topic Quiz: ${topic.name}`}
                      sx={{ flexShrink: 0 }}
                      onClick={() =>
                        onStart({
                          label: `${subject.name} — ${topic.name} topic quiz`,
                          size:
                            topic.questionCount !== undefined && topic.durationMinutes !== undefined
                              ? formatSize(topic.questionCount, topic.durationMinutes)
                              : 'topic quiz',
                          to: paths.quiz(examSlug, 'topic', moduleSlug, subject.slug, topic.slug),
                          practiceTo: tutorPaths.practice(
                            examSlug,
                            'topic',
                            moduleSlug,
                            subject.slug,
                            topic.slug,
                          ),
                        })
                      }
                    >
                      Start
                    </Button>
                  </ListItem>
                );
              })}
            </List>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
