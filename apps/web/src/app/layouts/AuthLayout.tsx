import { APP_TITLE, STORAGE_KEYS } from '@ai-tutor/contract';
import {
  AppBar,
  Avatar,
  Box,
  Divider,
  IconButton,
  ListItemText,
  Menu,
  MenuItem,
  Toolbar,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { Link as RouterLink, Outlet, useNavigate } from 'react-router';
import { useLogoutMutation } from '../../features/auth/api/logout';
import { paths } from '../../lib/paths';
import { sessionEnded } from '../../stores/auth-slice';
import { useAuth } from '../../stores/hooks';
import { Footer } from './Footer';

/** Top bar 'AI TUTOR' → /exams, avatar menu with name, email and Logout, footer. */
export function AuthLayout() {
  const { user } = useAuth();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [logout] = useLogoutMutation();
  const dispatch = useDispatch();
  const navigate = useNavigate();

  const onLogout = async () => {
    setAnchor(null);
    try {
      await logout({ refresh_token: localStorage.getItem(STORAGE_KEYS.refreshToken) ?? undefined }).unwrap();
      dispatch(sessionEnded());
      navigate(paths.login);
    } catch (error) {
      // SPEC.md §8: a failed logout is only logged; the user stays signed in.
      console.error('logout failed', error);
    }
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="sticky" elevation={1}>
        <Toolbar>
          <Typography
            component={RouterLink}
            to={paths.exams}
            variant="h6"
            sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 800, flexGrow: 1 }}
          >
            {APP_TITLE}
          </Typography>
          <IconButton
            onClick={(e) => setAnchor(e.currentTarget)}
            aria-label="Account menu"
            aria-haspopup="menu"
            aria-expanded={anchor ? 'true' : undefined}
            aria-controls={anchor ? 'account-menu' : undefined}
          >
            <Avatar sx={{ bgcolor: 'secondary.main', width: 36, height: 36 }}>
              {(user?.name.trim()[0] ?? '?').toUpperCase()}
            </Avatar>
          </IconButton>
          <Menu id="account-menu" anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
            <Box sx={{ px: 2, py: 1 }}>
              <ListItemText primary={user?.name} secondary={user?.email} />
            </Box>
            <Divider />
            <MenuItem onClick={() => void onLogout()}>Logout</MenuItem>
          </Menu>
        </Toolbar>
      </AppBar>
      {/* At least a screen tall: the footer starts below the fold, so it does not jump up and down
          while a screen goes from its spinner to its content (Lighthouse counted that as layout shift). */}
      <Box
        component="main"
        sx={{ flex: 1, width: '100%', maxWidth: 1200, mx: 'auto', p: { xs: 1.5, sm: 3 }, minHeight: '100vh' }}
      >
        <Outlet />
      </Box>
      <Footer />
    </Box>
  );
}
