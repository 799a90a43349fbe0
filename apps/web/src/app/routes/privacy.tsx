import { Typography } from '@mui/material';
import { LegalPage } from './legal-page';

export default function PrivacyPage() {
  return (
    <LegalPage title="Privacy">
      <Typography>
        We keep what you give us to run your preparation: your name, email, optional phone number, your
        answers and scores. Passwords are stored only as slow salted hashes. We do not sell your data or show
        it to other learners.
      </Typography>
      <Typography>
        A result you choose to share publishes only your first name, the test and its score. You can ask us to
        delete your account and everything in it at any time through the contact page.
      </Typography>
    </LegalPage>
  );
}
