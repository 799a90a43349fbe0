import { Box, Link, Stack, Typography } from '@mui/material';
import { useId, type FormEventHandler, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** Heading, optional intro and the form itself: the shape every accounts screen shares. */
export function AuthForm({
  title,
  intro,
  onSubmit,
  children,
}: {
  title: ReactNode;
  intro?: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby={titleId}>
      <Typography id={titleId} variant="h5" component="h1" sx={{ fontWeight: 700, mb: intro ? 1 : 3 }}>
        {title}
      </Typography>
      {intro && (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {intro}
        </Typography>
      )}
      {/* Fields keep a line for their message below them, so less space between the children. */}
      <Stack spacing={1.5}>{children}</Stack>
    </Box>
  );
}

/**
 * The 'OR' separator: a line either side of the word, drawn as MUI's Divider draws it, without the
 * Divider module (~1 kB gzip of /login's budget, where this is its only use).
 */
export function OrDivider() {
  return (
    <Box
      role="separator"
      sx={{
        display: 'flex',
        alignItems: 'center',
        color: 'text.secondary',
        typography: 'body2',
        '&::before, &::after': { content: '""', flex: 1, borderTop: 1, borderColor: 'divider' },
      }}
    >
      <Box component="span" sx={{ px: 1.2 }}>
        OR
      </Box>
    </Box>
  );
}

/** "Already have an account? Sign In" and the like. */
export function SwitchLink({ text, to, label }: { text?: string; to: string; label: string }) {
  return (
    <Typography variant="body2" sx={{ textAlign: 'center' }}>
      {text && `${text} `}
      <Link component={RouterLink} to={to} sx={{ fontWeight: 600 }}>
        {label}
      </Link>
    </Typography>
  );
}

/** Authenticated screens (/verify-user, /verify-invite) get the same card the public layout gives. */
export function AuthCardFrame({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: { xs: 2, sm: 6 } }}>
      <Box
        sx={{
          width: '100%',
          maxWidth: 480,
          p: { xs: 2, sm: 4 },
          bgcolor: 'background.paper',
          borderRadius: 2,
          boxShadow: 2,
        }}
      >
        {children}
      </Box>
    </Box>
  );
}
