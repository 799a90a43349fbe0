import { OTP_LENGTH, OTP_TTL_MINUTES, otpForm } from '@ai-tutor/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useAuth } from '../../../stores/hooks';
import { useResendUserOtpMutation } from '../api/resend-user-otp';
import type { ApiFailure } from '../api/types';
import { useVerifyUserMutation } from '../api/verify-user';
import { useAuthRequest } from '../hooks/use-auth-request';
import { useStartSession } from '../hooks/use-start-session';
import { AuthCardFrame, AuthForm } from './AuthCard';
import { OtpField } from './OtpField';
import { ResendButton } from './ResendButton';
import { applyServerErrors } from '../../../lib/form-errors';

/** The fields a server validation error may name (lib/form-errors.ts). */
const FIELDS = ['emailOtp'] as const;

/**
 * /verify-user: greets the user by name; six single-digit boxes, Verify and Resend. Sends
 * {email, emailOtp: Number(code)}; on success the session is stored and the user moves on.
 */
export function VerifyUserForm() {
  const { user } = useAuth();
  const [verifyUser] = useVerifyUserMutation();
  const [resendUserOtp] = useResendUserOtpMutation();
  const { run, loading } = useAuthRequest();
  const startSession = useStartSession();
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(otpForm),
    mode: 'onTouched',
    defaultValues: { emailOtp: '' },
  });

  const onSubmit = handleSubmit(async ({ emailOtp }) => {
    if (!user) return;
    const result = await run(
      () => verifyUser({ email: user.email, emailOtp: Number(emailOtp) }).unwrap(),
      (error) => applyServerErrors(error, setError, FIELDS),
    );
    if (result.ok) startSession(result.value.data);
  });

  const resend = async () => {
    const result = await run(() => resendUserOtp().unwrap());
    return result.ok
      ? { ok: true as const }
      : { ok: false as const, retryAfter: (result.error as ApiFailure).retryAfter };
  };

  return (
    <AuthCardFrame>
      <AuthForm
        title={`Hello, ${user?.name ?? 'there'}!`}
        intro={`Enter the ${OTP_LENGTH}-digit code we sent to ${user?.email ?? 'your email'} to verify your account. It expires in ${OTP_TTL_MINUTES} minutes.`}
        onSubmit={onSubmit}
      >
        <OtpField control={control} name="emailOtp" label="Verification code" autoFocus />
        <Box sx={{ display: 'flex', gap: 2 }}>
          <Button type="submit" variant="contained" size="large" fullWidth disabled={loading}>
            Verify
          </Button>
          <ResendButton send={resend} />
        </Box>
      </AuthForm>
    </AuthCardFrame>
  );
}
