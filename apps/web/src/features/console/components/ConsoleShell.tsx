import { Box, Button, Typography } from '@mui/material';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import { useAuth } from '../../../stores/hooks';
import { consolePath, consoleSections, mayOpen } from '../sections';

/**
 * The console's frame: its title and a navigation landmark with one link per screen the user's roles
 * open. The current screen's link is marked aria-current and drawn filled (a shape, not a colour).
 */
export function ConsoleShell() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const roles = user?.roles ?? [];
  const links = [
    { path: consolePath(), label: 'Console home' },
    ...consoleSections
      .filter((section) => mayOpen(section, roles))
      .map((section) => ({ path: consolePath(section.path), label: section.label })),
  ];
  const current = links.findLast((link) => pathname === link.path || pathname.startsWith(`${link.path}/`));

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 1 }}>
        Console
      </Typography>
      <Box
        component="nav"
        aria-label="Console"
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2, pb: 1 }}
      >
        <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}>
          {links.map((link) => {
            const here = current?.path === link.path;
            return (
              <li key={link.path}>
                <Button
                  component={RouterLink}
                  to={link.path}
                  variant={here ? 'contained' : 'text'}
                  aria-current={here ? 'page' : undefined}
                >
                  {link.label}
                </Button>
              </li>
            );
          })}
        </Box>
      </Box>
      <Outlet />
    </Box>
  );
}
