import { Card, CardActionArea, CardContent, Grid, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useAuth } from '../../../stores/hooks';
import { consolePath, consoleSections, mayOpen } from '../sections';

/** The console's first screen: the signed-in operator's roles and a card per screen they may open. */
export function ConsoleHome() {
  const { user } = useAuth();
  const roles = user?.roles ?? [];
  const sections = consoleSections.filter((section) => mayOpen(section, roles));

  return (
    <>
      <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
        Welcome, {user?.name}
      </Typography>
      <Typography sx={{ mb: 3 }} color="text.secondary">
        Your roles: {roles.join(', ')}
      </Typography>
      {sections.length === 0 ? (
        <Typography>No console screens for your roles yet.</Typography>
      ) : (
        <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {sections.map((section) => (
            <Grid key={section.path} size={{ xs: 12, sm: 6, md: 4 }} component="li">
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardActionArea component={RouterLink} to={consolePath(section.path)} sx={{ height: '100%' }}>
                  <CardContent>
                    <Typography variant="h6" component="h3">
                      {section.label}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {section.description}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            </Grid>
          ))}
        </Grid>
      )}
    </>
  );
}
