import { Box, Button, Link } from '@mui/material';
import { useRef, useState, type FormEvent } from 'react';
import { useStore } from 'react-redux';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/paths';
import { serverFieldErrors } from '../../../lib/server-message';
import { login } from '../api/login';
import { useAuthRequest } from '../hooks/use-auth-request';
import { useSignInQueue } from '../hooks/use-sign-in-queue';
import { useStartSession } from '../hooks/use-start-session';
import { validateLogin } from '../lib/login-resolver';
import { AuthForm, SwitchLink } from './AuthCard';
import { GoogleSignIn } from './GoogleSignIn';
import { SignInQueueStatus } from './SignInQueueStatus';
import { TextInput } from './TextInput';

type Field = 'email' | 'password';

/**
 * /login: Email, Password, Login, 'Forgot Password?', Google, 'Register Now' (docs/product.md#sign-in-screens).
 *
 * Two fields, so plain state rather than react-hook-form (~14 kB gzip of the first page), with the
 * same behaviour as the other forms' mode 'onTouched': a field's message shows once it was left or
 * after a submit, and follows every change from then on; a failed submit focuses the first error. The
 * server's validation messages land on their field as sentences (lib/server-message.ts) until it changes.
 */
export function LoginForm() {
  const store = useStore();
  const { run, loading } = useAuthRequest();
  const startSession = useStartSession();
  const { queued, through } = useSignInQueue();
  const [values, setValues] = useState({ email: '', password: '' });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<Partial<Record<Field, string>>>({});
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const { errors } = validateLogin(values);
  const shown = (field: Field) => server[field] ?? (submitted || touched[field] ? errors[field] : undefined);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const checked = validateLogin(values);
    const firstError = (['email', 'password'] as const).find((f) => checked.errors[f]);
    if (firstError) {
      (firstError === 'email' ? emailRef : passwordRef).current?.focus();
      return;
    }
    const result = await run(
      () => through(() => login(checked.values, store)),
      (error) => {
        const found: Partial<Record<Field, string>> = {};
        for (const { field, message } of serverFieldErrors(error))
          if (field === 'email' || field === 'password') found[field] ??= message;
        setServer(found);
        if (found.email || found.password) (found.email ? emailRef : passwordRef).current?.focus();
        return true;
      },
    );
    if (result.ok) startSession(result.value.data);
  };

  const field = (name: Field) => ({
    id: `field-${name}`,
    name,
    value: values[name],
    onChange: (value: string) => {
      setValues((v) => ({ ...v, [name]: value }));
      setServer((e) => ({ ...e, [name]: undefined }));
    },
    onBlur: () => setTouched((t) => ({ ...t, [name]: true })),
    error: shown(name),
  });

  return (
    <AuthForm
      title="Welcome back"
      intro="Sign in to continue your exam preparation."
      onSubmit={(event) => void onSubmit(event)}
    >
      <TextInput {...field('email')} inputRef={emailRef} label="Email" type="email" autoComplete="email" />
      <TextInput
        {...field('password')}
        inputRef={passwordRef}
        label="Password"
        type="password"
        autoComplete="current-password"
      />
      <Box sx={{ textAlign: 'right', mt: '8px !important' }}>
        <Link component={RouterLink} to={paths.forgetPassword} variant="body2">
          Forgot Password?
        </Link>
      </Box>
      <SignInQueueStatus queued={queued} />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={loading}>
        Login
      </Button>
      <GoogleSignIn />
      <SwitchLink text="Don't have an account?" to={paths.register} label="Register Now" />
    </AuthForm>
  );
}
