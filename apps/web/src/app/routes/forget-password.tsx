import { ForgotPasswordForm } from '../../features/auth/components/ForgotPasswordForm';

export default function ForgetPasswordPage() {
  return <ForgotPasswordForm />;
}
