import { inviteCodeForm } from '@ai-tutor/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useVerifyInviteMutation } from '../api/verify-invite';
import { useAuthRequest } from '../hooks/use-auth-request';
import { useStartSession } from '../hooks/use-start-session';
import { AuthCardFrame, AuthForm } from './AuthCard';
import { FormTextField } from './FormTextField';
import { applyServerErrors } from '../../../lib/form-errors';

/** The fields a server validation error may name (lib/form-errors.ts). */
const FIELDS = ['inviteCode'] as const;

/** /verify-invite: one required 'Invite Code' field and Submit; on success the session is stored. */
export function VerifyInviteForm() {
  const [verifyInvite] = useVerifyInviteMutation();
  const { run, loading } = useAuthRequest();
  const startSession = useStartSession();
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(inviteCodeForm),
    mode: 'onTouched',
    defaultValues: { inviteCode: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    const result = await run(
      () => verifyInvite(values).unwrap(),
      (error) => applyServerErrors(error, setError, FIELDS),
    );
    if (result.ok) startSession(result.value.data);
  });

  return (
    <AuthCardFrame>
      <AuthForm
        title="Enter your invite code"
        intro="AI TUTOR is open by invitation. Enter the code you received to start practising."
        onSubmit={onSubmit}
      >
        <FormTextField control={control} name="inviteCode" label="Invite Code" autoComplete="off" autoFocus />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={loading}>
          Submit
        </Button>
      </AuthForm>
    </AuthCardFrame>
  );
}
