import type { ResultData, ResultEvaluation } from '@ai-tutor/contract';
import ShareIcon from '@mui/icons-material/Share';
import { Button, Stack } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { clearSavedQuiz, savedQuizPath } from '../../features/quiz/lib/local-state';
import { getResultApi } from '../../features/results/api/get-result';
import { ResultScreen } from '../../features/results/components/ResultScreen';
import type { AppThunkDispatch, EarlyData } from '../router';
import type { ApiDispatch } from '../../lib/api-client';
import { Link as RouterLink, type Params } from 'react-router';
import { paths } from '../../lib/paths';

// With the question table (and KaTeX), not with the summary at the top of the page.
const AskTutorButton = lazy(() =>
  import('../../features/explain/components/AskTutorButton').then((m) => ({ default: m.AskTutorButton })),
);

// A live test's ranking (rank card, distribution, the top 10 %): only a live test's result fetches it.
const LiveRanking = lazy(() => import('../../features/live-tests/components/LiveRanking'));

/** Under a live test's summary, once its results are open: the ranking. */
function liveRanking(data: ResultData) {
  const live = data.assessment.liveTest;
  if (!live?.resultsReady) return null;
  return (
    <Suspense fallback={null}>
      <LiveRanking liveTest={live} />
    </Suspense>
  );
}

// The share dialog (its form, LinkedIn) is fetched on the first click, not with the result.
const ShareAchievementDialog = lazy(() =>
  import('../../features/achievements/components/ShareAchievementDialog').then((m) => ({
    default: m.ShareAchievementDialog,
  })),
);

function ShareAchievement({ assessmentSlug }: { assessmentSlug: string }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<ShareIcon />}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        Share achievement
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <ShareAchievementDialog
            assessmentSlug={assessmentSlug}
            open={open}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}

/** Under each opened explanation: the AI tutor. One function for the page's life (the rows are memoised). */
function askTutor(evaluation: ResultEvaluation) {
  return (
    <Suspense fallback={null}>
      <AskTutorButton evaluationId={evaluation._id} />
    </Suspense>
  );
}

// A live test's paper to report while its result waits, and the notebook's "Report a problem": their
// own chunks, fetched only for such a result.
const PaperToReport = lazy(() => import('../../features/results/components/PaperToReport'));
const ReportQuestionButton = lazy(() =>
  import('../../features/mistakes/components/ReportQuestionDialog').then((m) => ({
    default: m.ReportQuestionButton,
  })),
);

/** Each question of the paper reported by its evaluation (docs/product.md#question-reports). */
function reportButton(evaluationId: string, number: number) {
  return (
    <Suspense fallback={null}>
      <ReportQuestionButton target={{ evaluationId }} name={`Report a problem with question ${number}`} />
    </Suspense>
  );
}

function paperToReport(slug: string) {
  return (
    <Suspense fallback={null}>
      <PaperToReport slug={slug} action={reportButton} />
    </Suspense>
  );
}

/**
 * /quiz/result/:assessmentId — 'Test Analysis' (docs/product.md#result-screen) with the AI tutor's actions (docs/product.md#ai-tutor-and-achievements). The
 * quiz's saved copy is the quiz feature's own: the route asks it to clear it, or where the test runs.
 */
export default function ResultPage() {
  return (
    <ResultScreen
      headerActions={(slug) => (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }} useFlexGap>
          {/* What went wrong here is in the notebook, with the key, the explanation and the AI tutor. */}
          <Button variant="outlined" component={RouterLink} to={paths.mistakes}>
            Mistakes notebook
          </Button>
          <ShareAchievement assessmentSlug={slug} />
        </Stack>
      )}
      rowExtra={askTutor}
      onOpened={clearSavedQuiz}
      runningQuizPath={savedQuizPath}
      afterSummary={liveRanking}
      whileResultsWait={paperToReport}
    />
  );
}

/**
 * Opened directly (a reload, a link): the result was requested at start-up (`early`) while the app
 * checked the session; its answer goes into the store. Otherwise, or when it failed (a test still
 * running, say), the screen's own query asks, and says what went wrong.
 */
export async function prefetch(params: Params, dispatch: AppThunkDispatch, early?: EarlyData) {
  const slug = params.assessmentId;
  if (!slug) return;
  const answer = await early;
  if (answer?.data) {
    await (dispatch as ApiDispatch)(
      getResultApi.util.upsertQueryData('getAssessmentResult', slug, answer.data as ResultData),
    );
  } else dispatch(getResultApi.util.prefetch('getAssessmentResult', slug, {}));
}
