import { Typography } from '@mui/material';
import { LegalPage } from './legal-page';

export default function TermsPage() {
  return (
    <LegalPage title="Terms">
      <Typography>
        AI TUTOR is a practice tool. Mock tests follow the +4 / −1 marking of the real exams, but practice
        scores are no promise of an exam result. Use your own account only and do not share invite codes
        publicly.
      </Typography>
      <Typography>
        Explanations written by the AI tutor can be wrong; each one says when it was not written by a teacher.
      </Typography>
    </LegalPage>
  );
}
