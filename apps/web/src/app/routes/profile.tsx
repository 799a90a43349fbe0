import { myDataMessages as m } from '@ai-tutor/contract';
import { Container, Stack, Typography } from '@mui/material';
import { useNavigate } from 'react-router';
import { DeleteAccount } from '../../features/my-data/components/DeleteAccount';
import { DownloadMyData } from '../../features/my-data/components/DownloadMyData';
import { paths } from '../../lib/paths';
import { tokenStorage } from '../../lib/token-storage';
import { sessionEnded } from '../../stores/auth-slice';
import { useAppDispatch, useAuth } from '../../stores/hooks';
import { toastAdded } from '../../stores/toast-slice';

/**
 * The learner's profile (reached from the avatar menu): who they are, their data as one file, and
 * deleting the account (docs/decisions/0023-learners-data-and-backups.md). A lazy route of its own.
 */
export default function ProfilePage() {
  const { user } = useAuth();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const onDeleted = () => {
    tokenStorage.clear();
    dispatch(sessionEnded());
    dispatch(toastAdded({ message: m.accountDeleted, type: 'success' }));
    void navigate(paths.login, { replace: true });
  };
  return (
    <Container maxWidth="sm" sx={{ py: 3 }}>
      <Stack spacing={3}>
        <div>
          <Typography variant="h5" component="h1">
            {m.pageTitle}
          </Typography>
          <Typography>{user?.name}</Typography>
          <Typography color="text.secondary">{user?.email}</Typography>
        </div>
        <DownloadMyData />
        <DeleteAccount onDeleted={onDeleted} />
      </Stack>
    </Container>
  );
}
