import { Box, Link, List, ListItem, Paper, Typography } from '@mui/material';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/paths';
import { useGetRecentAttemptsQuery } from '../api/get-recent-attempts';

/**
 * The home's recent results: the latest completed tests, each a link to its result with its score.
 * Nothing is shown before the first one (or when they cannot be loaded: the exams below still work).
 */
export function RecentResults() {
  const headingId = useId();
  const { data } = useGetRecentAttemptsQuery(undefined, { refetchOnMountOrArgChange: true });
  if (!data || data.assessments.length === 0) return null;
  return (
    <Paper
      component="section"
      id="recent-results"
      aria-labelledby={headingId}
      sx={{ p: 2, scrollMarginTop: 72 }}
    >
      <Typography id={headingId} component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        Recent results
      </Typography>
      <List disablePadding>
        {data.assessments.map((a) => (
          <ListItem
            key={a._id}
            disableGutters
            sx={{ display: 'flex', justifyContent: 'space-between', gap: 1.5, flexWrap: 'wrap' }}
          >
            <Link
              component={RouterLink}
              to={paths.result(a.slug)}
              sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
            >
              {a.sessionName}
            </Link>
            <Box component="span" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
              {a.score === null ? 'Result pending' : `${a.score} / ${a.totalMarks}`}
            </Box>
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
