import { useParams } from 'react-router';
import { VerifyOtpForm } from '../../features/auth/components/VerifyOtpForm';

/** /verify-otp/{email}. */
export default function VerifyOtpPage() {
  const { email = '' } = useParams();
  return <VerifyOtpForm email={email} />;
}
