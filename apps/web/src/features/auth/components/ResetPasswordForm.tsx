import { resetPasswordForm } from '@ai-tutor/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { useResetPasswordMutation } from '../api/reset-password';
import { useAuthRequest } from '../hooks/use-auth-request';
import { AuthForm, SwitchLink } from './AuthCard';
import { PasswordField } from './FormTextField';
import { applyServerErrors } from '../../../lib/form-errors';

/** The fields a server validation error may name (lib/form-errors.ts). */
const FIELDS = ['password', 'confirmPassword'] as const;

/** /reset-password?token=…: Password, Confirm Password, Reset Password → /login. */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const [resetPassword] = useResetPasswordMutation();
  const { run, loading } = useAuthRequest();
  const navigate = useNavigate();
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(resetPasswordForm),
    mode: 'onTouched',
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    if (!token) return;
    const result = await run(
      () => resetPassword({ token, password }).unwrap(),
      (error) => applyServerErrors(error, setError, FIELDS),
    );
    if (result.ok) void navigate(paths.login, { replace: true });
  });

  return (
    <AuthForm title="Reset Password" intro="Choose a new password for your account." onSubmit={onSubmit}>
      {!token && (
        <Alert severity="warning">
          This link has no reset token. Request a new code from &lsquo;Forgot Password?&rsquo;.
        </Alert>
      )}
      <PasswordField control={control} name="password" label="Password" autoComplete="new-password" />
      <PasswordField
        control={control}
        name="confirmPassword"
        label="Confirm Password"
        autoComplete="new-password"
      />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={loading || !token}>
        Reset Password
      </Button>
      <SwitchLink text="Remembered it?" to={paths.login} label="Sign In" />
    </AuthForm>
  );
}
