import { Navigate, Outlet } from 'react-router';
import { paths } from '../lib/paths';
import { useAuth } from '../stores/hooks';

/** The access groups of docs/product.md#access-groups, one small guard each, nested in the router. */
export function PublicOnly() {
  const { isAuthenticated } = useAuth();
  return isAuthenticated ? <Navigate to={paths.exams} replace /> : <Outlet />;
}

export function RequireAuth() {
  const { isAuthenticated } = useAuth();
  return isAuthenticated ? <Outlet /> : <Navigate to={paths.login} replace />;
}

/** /verify-user is only for users not yet verified. */
export function RequireUnverified() {
  const { user } = useAuth();
  return user?.verified ? <Navigate to={paths.exams} replace /> : <Outlet />;
}

export function RequireVerified() {
  const { user } = useAuth();
  return user?.verified ? <Outlet /> : <Navigate to={paths.verifyUser} replace />;
}

/** /verify-invite is only for users who have not used an invite code. */
export function RequireInviteUnused() {
  const { user } = useAuth();
  return user?.usedInviteCode ? <Navigate to={paths.exams} replace /> : <Outlet />;
}

export function RequireInviteUsed() {
  const { user } = useAuth();
  return user?.usedInviteCode ? <Outlet /> : <Navigate to={paths.verifyInvite} replace />;
}
