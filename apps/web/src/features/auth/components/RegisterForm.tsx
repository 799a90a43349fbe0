import { registerForm } from '@ai-tutor/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@mui/material';
import { useForm } from 'react-hook-form';
import { paths } from '../../../lib/paths';
import { useLazyCheckInviteCodeQuery } from '../api/check-invite-code';
import { useRegisterMutation } from '../api/register';
import { useAuthRequest } from '../hooks/use-auth-request';
import { useSignInQueue } from '../hooks/use-sign-in-queue';
import { useStartSession } from '../hooks/use-start-session';
import { AuthForm, SwitchLink } from './AuthCard';
import { FormTextField, PasswordField } from './FormTextField';
import { SignInQueueStatus } from './SignInQueueStatus';
import { applyServerErrors } from '../../../lib/form-errors';

/** The fields a server validation error may name (lib/form-errors.ts). */
const FIELDS = ['inviteCode', 'name', 'email', 'phone', 'password', 'confirmPassword'] as const;

/**
 * /register: Invite Code, Name, Email, Mobile Number (numeric), Password, Confirm Password, Register,
 * 'Sign In'. The invite code is checked first (GET /v1/invitecode/verify/{code}), then the account made.
 */
export function RegisterForm() {
  const [checkInvite] = useLazyCheckInviteCodeQuery();
  const [register] = useRegisterMutation();
  const { run, loading } = useAuthRequest();
  const startSession = useStartSession();
  const { queued, through } = useSignInQueue();
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(registerForm),
    mode: 'onTouched',
    defaultValues: { inviteCode: '', name: '', email: '', phone: '', password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    const result = await run(
      async () => {
        await checkInvite(values.inviteCode).unwrap();
        return through(() => register(values).unwrap());
      },
      (error) => applyServerErrors(error, setError, FIELDS),
    );
    if (result.ok) startSession(result.value.data);
  });

  return (
    <AuthForm title="Create your account" intro="You need an invite code to register." onSubmit={onSubmit}>
      <FormTextField control={control} name="inviteCode" label="Invite Code" autoComplete="off" />
      <FormTextField control={control} name="name" label="Name" autoComplete="name" />
      <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" />
      <FormTextField
        control={control}
        name="phone"
        label="Mobile Number"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        digitsOnly
      />
      <PasswordField control={control} name="password" label="Password" autoComplete="new-password" />
      <PasswordField
        control={control}
        name="confirmPassword"
        label="Confirm Password"
        autoComplete="new-password"
      />
      <SignInQueueStatus queued={queued} />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={loading}>
        Register
      </Button>
      <SwitchLink text="Already have an account?" to={paths.login} label="Sign In" />
    </AuthForm>
  );
}
