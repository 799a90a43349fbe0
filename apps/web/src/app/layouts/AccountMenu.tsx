import { myDataMessages } from '@ai-tutor/contract';
import { Box, Divider, ListItemText, Menu, MenuItem } from '@mui/material';
import { useDispatch } from 'react-redux';
import { Link as RouterLink, useNavigate } from 'react-router';
import { TOAST_Z_INDEX } from '../../components/toast/Toaster';
import { useLogoutMutation } from '../../features/auth/api/logout';
import { paths } from '../../lib/paths';
import { tokenStorage } from '../../lib/token-storage';
import { sessionEnded } from '../../stores/auth-slice';
import { useAuth } from '../../stores/hooks';

/** The console's address (features/console/sections.ts would be a chunk of its own if imported here). */
const CONSOLE = '/admin';

/** Every area of the app, one tap from any screen. Live tests and recent results sit on the home. */
const AREAS: Array<[string, string]> = [
  ['Home', paths.exams],
  ['Recent results', `${paths.exams}#recent-results`],
  ['Live tests', `${paths.exams}#live-tests`],
  ['Review', paths.review],
  ['Mistakes', paths.mistakes],
];

/**
 * The avatar's menu: name and email, the way around the app (AREAS), the console for users with a role,
 * the profile (their data, deleting the account) and Logout. Its own chunk (MUI's Menu brings Popover, Modal, focus trap and transitions), fetched when
 * the learner reaches for the avatar, not with every screen.
 */
export default function AccountMenu({
  anchor,
  onClose,
}: {
  anchor: HTMLElement | null;
  onClose: () => void;
}) {
  const { user } = useAuth();
  const [logout] = useLogoutMutation();
  const dispatch = useDispatch();
  const navigate = useNavigate();

  const onLogout = async () => {
    onClose();
    try {
      await logout({ refresh_token: tokenStorage.refresh() ?? undefined }).unwrap();
      dispatch(sessionEnded());
      navigate(paths.login);
    } catch (error) {
      // docs/product.md#errors-and-empty-states: a failed logout is only logged; the user stays signed in.
      console.error('logout failed', error);
    }
  };

  return (
    // Drawn over any toast: the learner reaching for Logout must not find a toast on it.
    <Menu
      id="account-menu"
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      sx={{ zIndex: TOAST_Z_INDEX + 1 }}
    >
      <Box sx={{ px: 2, py: 1 }}>
        <ListItemText primary={user?.name} secondary={user?.email} />
      </Box>
      <Divider />
      {AREAS.map(([label, to]) => (
        <MenuItem key={label} component={RouterLink} to={to} onClick={onClose}>
          {label}
        </MenuItem>
      ))}
      {user?.roles.length ? (
        <MenuItem
          onClick={() => {
            onClose();
            void navigate(CONSOLE);
          }}
        >
          Console
        </MenuItem>
      ) : null}
      <Divider />
      <MenuItem component={RouterLink} to={myDataMessages.pagePath} onClick={onClose}>
        {myDataMessages.pageTitle}
      </MenuItem>
      <MenuItem onClick={() => void onLogout()}>Logout</MenuItem>
    </Menu>
  );
}
