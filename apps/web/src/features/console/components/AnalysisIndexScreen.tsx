import { Alert, Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../lib/base-query';
import { useGetAnalyticsLiveTestsQuery } from '../api/analysis';
import { consolePath } from '../sections';

const when = (iso: string) => new Date(iso).toLocaleString();

/** /admin/analysis: the live tests that have opened, each leading to its item analysis. */
export function AnalysisIndexScreen() {
  const { data, isLoading, error } = useGetAnalyticsLiveTestsQuery({});
  if (isLoading) return <Typography>Loading…</Typography>;
  if (error || !data)
    return <Alert severity="error">{errorMessage(error, 'The live tests could not be loaded.')}</Alert>;
  return (
    <>
      <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
        Item analysis
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        How each question of a live test worked: its facility, discrimination and options, with flags for
        questions to check before results are released.
      </Typography>
      {data.tests.length === 0 ? (
        <Typography>No live test has opened yet.</Typography>
      ) : (
        <List aria-label="Live tests">
          {data.tests.map((test) => (
            <ListItem key={test.id} divider>
              <ListItemText
                primary={
                  <Link component={RouterLink} to={consolePath(`live-tests/${test.id}/analysis`)}>
                    {test.name}
                  </Link>
                }
                secondary={`${test.takers} takers · closes ${when(test.closesAt)}${test.ranked ? ' · ranked' : ''}`}
              />
            </ListItem>
          ))}
        </List>
      )}
    </>
  );
}
