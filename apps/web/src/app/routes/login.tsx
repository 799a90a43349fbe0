import { Typography } from '@mui/material';

/** Placeholder until the screen's issue lands. */
export default function LoginPage() {
  return (
    <Typography variant="h5" component="h1">
      Login
    </Typography>
  );
}
