import { Navigate } from 'react-router';
import { VerifyInviteForm } from '../../features/auth/components/VerifyInviteForm';
import { useAuth } from '../../stores/hooks';

/**
 * Where a verified user without an invite code lands. An operator who is not a learner (a role, no
 * invite code) works in the console instead: decided here, in this screen's own chunk, so the sign-in
 * entry carries none of it.
 */
/** The console's address; features/console/sections.ts is not imported: it would become a chunk of its own. */
const CONSOLE = '/admin';

export default function VerifyInvitePage() {
  const { user } = useAuth();
  if (user?.roles.length) return <Navigate to={CONSOLE} replace />;
  return <VerifyInviteForm />;
}
