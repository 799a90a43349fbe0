import { APP_TITLE, MARKETING_HEADLINE, MARKETING_MISSION } from '@ai-tutor/contract';
import { Box, Paper, Typography } from '@mui/material';
import { Outlet } from 'react-router';
import { Footer } from './Footer';

/**
 * Two columns: marketing text and image on the left (hidden on extra-small screens), the form right.
 * A CSS grid on Box rather than Container/Grid: the first page carries less JavaScript.
 */
export function PublicLayout() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box
        component="main"
        sx={{
          flex: 1,
          width: '100%',
          maxWidth: 1200,
          mx: 'auto',
          px: { xs: 2, sm: 3 },
          py: { xs: 2, sm: 4 },
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          gap: 4,
          alignItems: 'center',
        }}
      >
        <Box sx={{ display: { xs: 'none', sm: 'block' } }} data-testid="marketing">
          <Typography variant="overline" color="primary" sx={{ fontWeight: 700, letterSpacing: 2 }}>
            {APP_TITLE}
          </Typography>
          <Typography
            variant="h3"
            component="p"
            sx={{ fontWeight: 800, mb: 2, fontSize: { sm: '2rem', md: '2.6rem' } }}
          >
            {MARKETING_HEADLINE}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {MARKETING_MISSION}
          </Typography>
          <Box
            component="img"
            src="/marketing.svg"
            alt="A learner at a laptop with charts of progress"
            width={400}
            height={300}
            sx={{ width: '100%', maxWidth: 400, height: 'auto' }}
          />
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography
            variant="h5"
            component="p"
            sx={{ display: { xs: 'block', sm: 'none' }, fontWeight: 800, mb: 2 }}
            color="primary"
          >
            {APP_TITLE}
          </Typography>
          <Paper sx={{ p: { xs: 2, sm: 4 }, maxWidth: 480, mx: 'auto' }} elevation={2}>
            <Outlet />
          </Paper>
        </Box>
      </Box>
      <Footer />
    </Box>
  );
}
