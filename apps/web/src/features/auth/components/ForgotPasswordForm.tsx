import { forgotPasswordForm } from '@ai-tutor/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { useForgetPasswordMutation } from '../api/forget-password';
import { useAuthRequest } from '../hooks/use-auth-request';
import { AuthForm, SwitchLink } from './AuthCard';
import { FormTextField } from './FormTextField';
import { applyServerErrors } from '../../../lib/form-errors';

/** The fields a server validation error may name (lib/form-errors.ts). */
const FIELDS = ['email'] as const;

/** /forget-password: Email, 'Request OTP' → /verify-otp/{email}; 'Sign In'. */
export function ForgotPasswordForm() {
  const [forgetPassword] = useForgetPasswordMutation();
  const { run, loading } = useAuthRequest();
  const navigate = useNavigate();
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(forgotPasswordForm),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    const result = await run(
      () => forgetPassword(values).unwrap(),
      (error) => applyServerErrors(error, setError, FIELDS),
    );
    if (result.ok) void navigate(paths.verifyOtp(values.email));
  });

  return (
    <AuthForm
      title="Forgot Password?"
      intro="Enter the email you registered with and we will send you a code to reset your password."
      onSubmit={onSubmit}
    >
      <FormTextField
        control={control}
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        autoFocus
      />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={loading}>
        Request OTP
      </Button>
      <SwitchLink text="Remembered it?" to={paths.login} label="Sign In" />
    </AuthForm>
  );
}
