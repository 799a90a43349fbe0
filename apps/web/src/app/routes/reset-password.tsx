import { useSearchParams } from 'react-router';
import { ResetPasswordForm } from '../../features/auth/components/ResetPasswordForm';

/** /reset-password?token=…. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  return <ResetPasswordForm token={params.get('token')} />;
}
