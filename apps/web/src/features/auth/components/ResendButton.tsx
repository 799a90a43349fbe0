import { Button } from '@mui/material';
import { useResendCountdown, type ResendOutcome } from '../hooks/use-resend-countdown';

/** 'Resend', then 'Resend in m:ss' (docs/product.md#resend-cooldown). `send` answers whether the server accepted it. */
export function ResendButton({ send }: { send: () => Promise<ResendOutcome> }) {
  const { disabled, label, resend } = useResendCountdown();
  return (
    <Button
      variant="outlined"
      size="large"
      fullWidth
      disabled={disabled}
      onClick={() => void resend(send)}
      aria-live="polite"
    >
      {label}
    </Button>
  );
}
