import type { ResultEvaluation } from '@ai-tutor/contract';
import ShareIcon from '@mui/icons-material/Share';
import { Button } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { getResultApi } from '../../features/results/api/get-result';
import { ResultScreen } from '../../features/results/components/ResultScreen';
import type { AppThunkDispatch } from '../router';
import type { Params } from 'react-router';

// With the question table (and KaTeX), not with the summary at the top of the page.
const AskTutorButton = lazy(() =>
  import('../../features/ai-tutor/components/AskTutorButton').then((m) => ({ default: m.AskTutorButton })),
);

// The share dialog (its form, LinkedIn) is fetched on the first click, not with the result.
const ShareAchievementDialog = lazy(() =>
  import('../../features/ai-tutor/components/ShareAchievementDialog').then((m) => ({
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

/** /quiz/result/:assessmentId — 'Test Analysis' (issue 6) with the AI tutor's actions (issue 7). */
export default function ResultPage() {
  return (
    <ResultScreen headerActions={(slug) => <ShareAchievement assessmentSlug={slug} />} rowExtra={askTutor} />
  );
}

/** Opened directly (a reload, a link): the result is requested while the app checks the session. */
export function prefetch(params: Params, dispatch: AppThunkDispatch) {
  if (params.assessmentId)
    dispatch(getResultApi.util.prefetch('getAssessmentResult', params.assessmentId, {}));
}
