import { loginForm } from '@ai-tutor/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Link } from '@mui/material';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/paths';
import { useLoginMutation } from '../api/login';
import { useAuthRequest } from '../hooks/use-auth-request';
import { useStartSession } from '../hooks/use-start-session';
import { AuthForm, SwitchLink } from './AuthCard';
import { FormTextField, PasswordField } from './FormTextField';
import { GoogleSignIn } from './GoogleSignIn';

/** /login: Email, Password, Login, 'Forgot Password?', Google, 'Register Now' (SPEC.md §2). */
export function LoginForm() {
  const [login] = useLoginMutation();
  const { run, loading } = useAuthRequest();
  const startSession = useStartSession();
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(loginForm),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    const result = await run(() => login(values).unwrap());
    if (result.ok) startSession(result.value.data);
  });

  return (
    <AuthForm title="Welcome back" intro="Sign in to continue your exam preparation." onSubmit={onSubmit}>
      <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" />
      <PasswordField control={control} name="password" label="Password" autoComplete="current-password" />
      <Box sx={{ textAlign: 'right', mt: '8px !important' }}>
        <Link component={RouterLink} to={paths.forgetPassword} variant="body2">
          Forgot Password?
        </Link>
      </Box>
      <Button type="submit" variant="contained" size="large" fullWidth disabled={loading}>
        Login
      </Button>
      <GoogleSignIn />
      <SwitchLink text="Don't have an account?" to={paths.register} label="Register Now" />
    </AuthForm>
  );
}
