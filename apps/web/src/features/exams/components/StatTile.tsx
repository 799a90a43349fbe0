import { Box, CardActionArea, Paper, Typography } from '@mui/material';
import { NO_ATTEMPTS } from '../format';
import { Link as RouterLink } from 'react-router';

/** Hidden on screen, read by screen readers. */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

interface StatTileProps {
  label: string;
  /** Null: nothing to show yet (no attempts): a dash, read out as 'No attempts yet'. */
  value: string | null;
  /** Makes the tile a link (the Attempts tile opens the attempts list). */
  to?: string;
  /** What the link does, for screen readers; the visible label and value stay in its name. */
  linkLabel?: string;
  dense?: boolean;
}

/** One figure with its label: Average Score, Attempts, Total Marks, Highest Score. */
export function StatTile({ label, value, to, linkLabel, dense = false }: StatTileProps) {
  const body = (
    <Box sx={{ px: dense ? 1.25 : 2, py: dense ? 1 : 1.5, height: '100%' }}>
      <Typography variant="body2" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography
        variant={dense ? 'subtitle1' : 'h6'}
        component="div"
        sx={{
          fontWeight: 700,
          color: to ? 'primary.main' : 'text.primary',
          textDecoration: to ? 'underline' : 'none',
        }}
      >
        {value ?? (
          <>
            <span aria-hidden="true">—</span>
            <Box component="span" sx={visuallyHidden}>
              {NO_ATTEMPTS}
            </Box>
          </>
        )}
      </Typography>
    </Box>
  );
  return (
    <Paper variant="outlined" sx={{ height: '100%', overflow: 'hidden' }}>
      {to ? (
        <CardActionArea
          component={RouterLink}
          to={to}
          aria-label={linkLabel ? `${label}: ${value ?? NO_ATTEMPTS}, ${linkLabel}` : undefined}
          sx={{ height: '100%' }}
        >
          {body}
        </CardActionArea>
      ) : (
        body
      )}
    </Paper>
  );
}
