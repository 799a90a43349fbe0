import { VerifyUserForm } from '../../features/auth/components/VerifyUserForm';

export default function VerifyUserPage() {
  return <VerifyUserForm />;
}
