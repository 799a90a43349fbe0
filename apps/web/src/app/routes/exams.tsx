import { Typography } from '@mui/material';

/** Placeholder until the screen's issue lands. */
export default function ExamsPage() {
  return (
    <Typography variant="h5" component="h1">
      Exams
    </Typography>
  );
}
