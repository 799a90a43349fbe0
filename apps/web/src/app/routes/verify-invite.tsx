import { VerifyInviteForm } from '../../features/auth/components/VerifyInviteForm';

export default function VerifyInvitePage() {
  return <VerifyInviteForm />;
}
