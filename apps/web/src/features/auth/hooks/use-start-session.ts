import type { Session, User } from '@ai-tutor/contract';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { sessionStarted } from '../../../stores/auth-slice';
import { useAppDispatch } from '../../../stores/hooks';

/** Where the guards of docs/product.md#access-groups let this user in first. */
export function landingFor(user: User): string {
  if (!user.verified) return paths.verifyUser;
  if (!user.usedInviteCode) return paths.verifyInvite;
  return paths.exams;
}

/** Login, register, Google, verify: store the session ('at', 'rt') and move on (docs/product.md#startup-and-sign-in-state). */
export function useStartSession() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(
    (session: Session) => {
      dispatch(sessionStarted(session));
      void navigate(landingFor(session.user), { replace: true });
    },
    [dispatch, navigate],
  );
}
