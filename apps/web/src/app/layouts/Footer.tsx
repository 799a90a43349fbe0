import { Box, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { APP_TITLE } from '@ai-tutor/contract';
import { paths } from '../../lib/paths';

export function Footer() {
  return (
    <Box
      component="footer"
      sx={{ py: 2, px: 2, borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          gap: 1,
          justifyContent: 'space-between',
          alignItems: 'center',
          maxWidth: 1200,
          mx: 'auto',
        }}
      >
        <Typography variant="body2" color="text.secondary">
          © {new Date().getFullYear()} {APP_TITLE}. All rights reserved.
        </Typography>
        <Box component="nav" aria-label="Legal" sx={{ display: 'flex', gap: 2 }}>
          <Link component={RouterLink} to={paths.privacy} variant="body2">
            Privacy
          </Link>
          <Link component={RouterLink} to={paths.terms} variant="body2">
            Terms
          </Link>
          <Link component={RouterLink} to={paths.contact} variant="body2">
            Contact
          </Link>
        </Box>
      </Box>
    </Box>
  );
}
