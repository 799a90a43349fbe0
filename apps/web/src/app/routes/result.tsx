import ShareIcon from '@mui/icons-material/Share';
import { Button } from '@mui/material';
import { useState } from 'react';
import { AskTutorButton } from '../../features/ai-tutor/components/AskTutorButton';
import { ShareAchievementDialog } from '../../features/ai-tutor/components/ShareAchievementDialog';
import { ResultScreen } from '../../features/results/components/ResultScreen';

function ShareAchievement({ assessmentSlug }: { assessmentSlug: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<ShareIcon />} onClick={() => setOpen(true)}>
        Share achievement
      </Button>
      <ShareAchievementDialog assessmentSlug={assessmentSlug} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

/** /quiz/result/:assessmentId — 'Test Analysis' (issue 6) with the AI tutor's actions (issue 7). */
export default function ResultPage() {
  return (
    <ResultScreen
      headerActions={(slug) => <ShareAchievement assessmentSlug={slug} />}
      rowExtra={(evaluation) => <AskTutorButton evaluationId={evaluation._id} />}
    />
  );
}
