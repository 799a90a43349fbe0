import { quizMessages, uiTexts } from '@ai-tutor/contract';
import { Alert, Box, Button } from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/base-query';
import { LIVE_TEST_PARAM } from '../../../lib/live-quiz-path';
import { paths, type QuizStartState } from '../../../lib/paths';
import { useAuth } from '../../../stores/hooks';
import { useQuizBoot, type QuizRouteMode, type QuizRouteParams } from '../hooks/use-quiz-boot';
import { BusyOverlay } from './BusyOverlay';
import { QuizRunner } from './QuizRunner';

export interface QuizScreenProps {
  /** Set by the route: /quiz is timed, /practice and /review are untimed with feedback and hints. */
  mode?: QuizRouteMode;
  /** The browser clock; tests pass their own. */
  now?: () => number;
  /** First retry delay of the save queue (doubles on each failure). */
  retryBaseMs?: number;
  /** How the exam-day queue waits between starts; tests pass their own. */
  sleep?: (ms: number) => Promise<void>;
  /**
   * Beside a live test's question (its evaluation id): "Report a problem", supplied by the route. A
   * live paper shows no question id, so the notebook cannot report it until the results are released.
   */
  liveQuestionAction?: (evaluationId: string) => ReactNode;
}

/**
 * /quiz/exam/:examId/:type/:moduleId/:subjectId?/:topicId? — finds this route's running session again
 * (after a reload) or creates one, then runs it. Creation failure: toast and back to /exams.
 */
export function QuizScreen({
  mode = 'timed',
  now = Date.now,
  retryBaseMs,
  sleep,
  liveQuestionAction,
}: QuizScreenProps) {
  const routeParams = useParams();
  const [search] = useSearchParams();
  const live = search.get(LIVE_TEST_PARAM);
  const params: QuizRouteParams = live
    ? { ...routeParams, mode, scheduledTestId: live }
    : { ...routeParams, mode };
  const { user } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const [attempt, setAttempt] = useState(0);
  const [queued, setQueued] = useState(false);
  const startState = location.state as QuizStartState | null;
  const startAfresh = startState?.startAfresh === true;
  const here = location.pathname + location.search;
  const boot = useQuizBoot(params, user?.id ?? 'anonymous', here, attempt, now, {
    startAfresh,
    ...(startAfresh && startState?.replaces ? { replaces: startState.replaces } : {}),
    onQueued: setQueued,
    ...(sleep ? { sleep } : {}),
  });

  // Started afresh once: a reload of this page resumes that new attempt instead of ending it too.
  const ready = boot.phase === 'done' && boot.kind === 'ready';
  useEffect(() => {
    if (ready && startAfresh) navigate(here, { replace: true, state: null });
  }, [ready, startAfresh, navigate, here]);

  useEffect(() => {
    if (boot.phase !== 'done') return;
    if (boot.kind === 'create-failed') {
      console.error('assessment creation failed', boot.error);
      // Practice, review and live tests say why (nothing due, no questions for an adaptive session;
      // not open yet, closed, already taken: docs/product.md#live-test-rules); a timed test keeps the text of docs/product.md#errors-and-empty-states.
      toast(
        mode === 'timed' && !live
          ? uiTexts.failedToCreateAssessment
          : errorMessage(boot.error, uiTexts.failedToCreateAssessment),
        'error',
      );
      navigate(mode === 'review' ? paths.review : paths.exams, { replace: true });
    } else if (boot.kind === 'ended') {
      navigate(paths.result(boot.slug), { replace: true });
    }
  }, [boot, navigate, toast, mode, live]);

  if (boot.phase === 'done' && boot.kind === 'ready') {
    return (
      <QuizRunner
        key={boot.state.assessment._id}
        initial={boot.state}
        examId={params.examId ?? boot.state.assessment.exam.slug}
        now={now}
        {...(retryBaseMs !== undefined ? { retryBaseMs } : {})}
        {...(liveQuestionAction ? { liveQuestionAction } : {})}
      />
    );
  }
  if (boot.phase === 'done' && boot.kind === 'unavailable') {
    return (
      <Box sx={{ maxWidth: 640, mx: 'auto', mt: 4 }}>
        <Alert
          severity="warning"
          action={
            <Button color="inherit" onClick={() => setAttempt((a) => a + 1)}>
              Try again
            </Button>
          }
        >
          We could not reach the server to resume your test. Check your connection and try again.
        </Alert>
      </Box>
    );
  }
  return <BusyOverlay open text={queued ? quizMessages.startQueued : uiTexts.loading} />;
}
