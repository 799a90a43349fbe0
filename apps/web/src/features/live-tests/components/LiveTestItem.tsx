import { RESULTS_BEING_CHECKED, type ScheduledTest } from '@ai-tutor/contract';
import { Box, Button, Link, Paper, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { liveQuizPath } from '../../../lib/live-quiz-path';
import { paths } from '../../../lib/paths';
import { clockTime, countdownText, dayAndTime, liveTexts } from '../lib/time';

/** What a live test's Start or Resume opens: the route's start dialog takes it as it is. */
export interface LiveTestStart {
  label: string;
  size: string;
  to: string;
  /** Only a new attempt has instructions (and their declaration); resuming has none. */
  instructions?: {
    durationMinutes: number;
    questionCount: number;
    markingScheme: string;
    closesAt: string;
  };
}

export const sizeOf = (t: ScheduledTest) =>
  `${t.totalQuestions} question${t.totalQuestions === 1 ? '' : 's'} · ${t.durationMinutes} min`;

function startOf(t: ScheduledTest, withInstructions: boolean): LiveTestStart {
  return {
    label: `${t.name} — live test`,
    size: sizeOf(t),
    to: liveQuizPath(t.exam.slug, t.module.slug, t.id),
    ...(withInstructions
      ? {
          instructions: {
            durationMinutes: t.durationMinutes,
            questionCount: t.totalQuestions,
            markingScheme: t.markingScheme.label,
            closesAt: t.closesAt,
          },
        }
      : {}),
  };
}

/** The right-hand side of a test: a countdown, Start/Resume, or the learner's standing. */
function Standing({
  test,
  now,
  onStart,
}: {
  test: ScheduledTest;
  now: number;
  onStart: (s: LiveTestStart) => void;
}) {
  const { you } = test;
  if (test.status === 'upcoming') {
    return (
      <Typography variant="body2">
        Opens in <strong>{countdownText(Date.parse(test.opensAt) - now)}</strong>
      </Typography>
    );
  }
  if (test.status === 'live') {
    const closes = (
      <Typography variant="body2" color="text.secondary">
        Closes in {countdownText(Date.parse(test.closesAt) - now)}
      </Typography>
    );
    // Results released by hand do not open at the close: the held wording, as once it has closed.
    if (you.state === 'submitted' || you.state === 'ranked')
      return (
        <Typography variant="body2">
          {test.resultsHeld ? RESULTS_BEING_CHECKED : liveTexts.resultsOpenAt(test.closesAt)}
        </Typography>
      );
    return (
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        {closes}
        <Button
          variant="contained"
          aria-label={`${you.state === 'running' ? 'Resume' : 'Start'} ${test.name}`}
          onClick={() => onStart(startOf(test, you.state !== 'running'))}
        >
          {you.state === 'running' ? 'Resume' : 'Start'}
        </Button>
      </Stack>
    );
  }
  if (you.state === 'ranked') {
    return (
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <Typography variant="body2">
          Rank <strong>{you.rank}</strong> of {you.takers} · Percentile <strong>{you.percentileText}</strong>
        </Typography>
        <Link
          component={RouterLink}
          to={paths.result(you.slug)}
          aria-label={`View the result of ${test.name}`}
        >
          View result
        </Link>
      </Stack>
    );
  }
  if (you.state === 'submitted' || you.state === 'running')
    return (
      <Typography variant="body2">
        {test.resultsHeld ? RESULTS_BEING_CHECKED : liveTexts.rankingInProgress}
      </Typography>
    );
  return (
    <Typography variant="body2" color="text.secondary">
      Not taken
    </Typography>
  );
}

/** One live test: its name, exam and size, when it opens or closes, and what the learner can do. */
export function LiveTestItem({
  test,
  now,
  onStart,
}: {
  test: ScheduledTest;
  now: number;
  onStart: (start: LiveTestStart) => void;
}) {
  const nameId = useId();
  const when =
    test.status === 'upcoming'
      ? `Opens ${dayAndTime(test.opensAt)}, closes at ${clockTime(test.closesAt)}`
      : test.status === 'live'
        ? `Open until ${clockTime(test.closesAt)}`
        : `Closed ${dayAndTime(test.closesAt)}`;
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={nameId}
      sx={{
        p: 2,
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1.5,
        alignItems: 'center',
        justifyContent: 'space-between',
      }}
    >
      <Box>
        <Typography id={nameId} component="h4" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {test.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {test.exam.name} · {test.module.name} · {sizeOf(test)} · {when}
        </Typography>
      </Box>
      <Standing test={test} now={now} onStart={onStart} />
    </Paper>
  );
}
