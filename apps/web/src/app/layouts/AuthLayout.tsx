import { APP_TITLE } from '@ai-tutor/contract';
import { AppBar, Avatar, Box, IconButton, Toolbar, Typography } from '@mui/material';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, Link as RouterLink, Outlet, useLocation, useNavigationType } from 'react-router';
import { FullPageSpinner } from '../../components/ui/FullPageSpinner';
import { paths } from '../../lib/paths';
import { useAuth } from '../../stores/hooks';
import { Footer } from './Footer';

const loadAccountMenu = () => import('./AccountMenu');
const AccountMenu = lazy(loadAccountMenu);
const Console = lazy(() => import('../routes/console'));

/*
 * The console (/admin, features/console) is drawn by this frame rather than by the route table: the table
 * is part of /login's entry, where a screen's import costs bytes every learner downloads, and the
 * console must cost them nothing (docs/decisions/0020-roles-audit-console.md). Its route has no element;
 * the guards above it still run (unverified users go to /verify-user).
 */
function ConsoleDoor() {
  const { user } = useAuth();
  if (!user?.roles.length) return <Navigate to={paths.exams} replace />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Console />
    </Suspense>
  );
}

/**
 * A new screen opens at its top, not at the previous screen's scroll position (the browser keeps that
 * for Back and Forward, POP, which is left alone); a link to `#id` scrolls to that element instead.
 * The declarative router has no ScrollRestoration, so this is the one place that does it.
 */
function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const type = useNavigationType();
  useEffect(() => {
    if (type === 'POP') return;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash, type]);
  return null;
}

/** Top bar 'AI TUTOR' → /exams, avatar menu with the app's areas and Logout (AccountMenu), footer. */
export function AuthLayout() {
  const { user } = useAuth();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Mounted from the first time the avatar is used; its code is asked for as the pointer or focus reaches it.
  const [menuWanted, setMenuWanted] = useState(false);
  const inConsole = /^\/admin(\/|$)/.test(useLocation().pathname);

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <ScrollToTop />
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
            onPointerEnter={() => void loadAccountMenu()}
            onFocus={() => void loadAccountMenu()}
            onClick={(e) => {
              setMenuWanted(true);
              setAnchor(e.currentTarget);
            }}
            aria-label="Account menu"
            aria-haspopup="menu"
            aria-expanded={anchor ? 'true' : undefined}
            aria-controls={anchor ? 'account-menu' : undefined}
          >
            <Avatar sx={{ bgcolor: 'secondary.main', width: 36, height: 36 }}>
              {(user?.name.trim()[0] ?? '?').toUpperCase()}
            </Avatar>
          </IconButton>
          {menuWanted && (
            <Suspense fallback={null}>
              <AccountMenu anchor={anchor} onClose={() => setAnchor(null)} />
            </Suspense>
          )}
        </Toolbar>
      </AppBar>
      {/* At least a screen tall: the footer starts below the fold, so it does not jump up and down
          while a screen goes from its spinner to its content (Lighthouse counted that as layout shift). */}
      <Box
        component="main"
        sx={{ flex: 1, width: '100%', maxWidth: 1200, mx: 'auto', p: { xs: 1.5, sm: 3 }, minHeight: '100vh' }}
      >
        <Outlet />
        {inConsole && user?.verified && <ConsoleDoor />}
      </Box>
      <Footer />
    </Box>
  );
}
