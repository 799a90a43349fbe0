import { Link, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../lib/paths';

export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack spacing={2}>
      {/* Bold like every other page title. */}
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {children}
      <Link component={RouterLink} to={paths.exams}>
        Back to AI TUTOR
      </Link>
    </Stack>
  );
}
