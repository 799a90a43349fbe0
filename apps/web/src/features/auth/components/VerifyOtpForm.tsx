import { OTP_LENGTH, OTP_TTL_MINUTES, otpForm } from '@ai-tutor/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { useResendOtpMutation } from '../api/resend-otp';
import type { ApiFailure } from '../api/types';
import { useVerifyOtpMutation } from '../api/verify-otp';
import { useAuthRequest } from '../hooks/use-auth-request';
import { AuthForm, OrDivider, SwitchLink } from './AuthCard';
import { OtpField } from './OtpField';
import { ResendButton } from './ResendButton';
import { applyServerErrors } from '../../../lib/form-errors';

/** The fields a server validation error may name (lib/form-errors.ts). */
const FIELDS = ['emailOtp'] as const;

/**
 * /verify-otp/{email} (forgot password): six boxes, Verify, Resend, 'OR', 'Sign In'. Success goes to
 * /reset-password?token=….
 */
export function VerifyOtpForm({ email }: { email: string }) {
  const [verifyOtp] = useVerifyOtpMutation();
  const [resendOtp] = useResendOtpMutation();
  const { run, loading } = useAuthRequest();
  const navigate = useNavigate();
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(otpForm),
    mode: 'onTouched',
    defaultValues: { emailOtp: '' },
  });

  const onSubmit = handleSubmit(async ({ emailOtp }) => {
    const result = await run(
      () => verifyOtp({ email, emailOtp: Number(emailOtp) }).unwrap(),
      (error) => applyServerErrors(error, setError, FIELDS),
    );
    if (result.ok) void navigate(paths.resetPassword(result.value.data.token));
  });

  const resend = async () => {
    const result = await run(() => resendOtp({ email }).unwrap());
    return result.ok
      ? { ok: true as const }
      : { ok: false as const, retryAfter: (result.error as ApiFailure).retryAfter };
  };

  return (
    <AuthForm
      title="Enter OTP"
      intro={`We sent a ${OTP_LENGTH}-digit code to ${email}. It expires in ${OTP_TTL_MINUTES} minutes.`}
      onSubmit={onSubmit}
    >
      <OtpField control={control} name="emailOtp" label="Password reset code" autoFocus />
      <Box sx={{ display: 'flex', gap: 2 }}>
        <Button type="submit" variant="contained" size="large" fullWidth disabled={loading}>
          Verify
        </Button>
        <ResendButton send={resend} />
      </Box>
      <OrDivider />
      <SwitchLink to={paths.login} label="Sign In" />
    </AuthForm>
  );
}
