import { Link, Typography } from '@mui/material';
import { LegalPage } from './legal-page';

export default function ContactPage() {
  return (
    <LegalPage title="Contact">
      <Typography>
        Questions, a wrong answer key, or a request to delete your data: write to{' '}
        <Link href="mailto:support@ai-tutor.example">support@ai-tutor.example</Link>. We answer within two
        working days.
      </Typography>
    </LegalPage>
  );
}
