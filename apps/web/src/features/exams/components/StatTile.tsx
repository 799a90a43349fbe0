import { Box, CardActionArea, Paper, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

interface StatTileProps {
  label: string;
  value: string;
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
        {value}
      </Typography>
    </Box>
  );
  return (
    <Paper variant="outlined" sx={{ height: '100%', overflow: 'hidden' }}>
      {to ? (
        <CardActionArea
          component={RouterLink}
          to={to}
          aria-label={linkLabel ? `${label}: ${value}, ${linkLabel}` : undefined}
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
